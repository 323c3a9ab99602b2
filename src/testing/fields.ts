/**
 * `_fields` filtering as `rest_filter_response_fields` does it: a comma list or an array, dotted
 * paths for nested fields (`title.rendered`), applied to each item of a list.
 *
 * @module
 */
import { listParam } from './params.js';

/** The requested field paths, or `null` when `_fields` is absent or empty. */
export function requestedFields(value: unknown): string[][] | null {
  const list = listParam(value);
  if (list.length === 0) return null;
  return list.map((f) => f.split('.'));
}

function pick(source: unknown, paths: string[][]): unknown {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return source;
  const record = source as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [head, ...rest] of paths) {
    if (head === undefined || !(head in record)) continue;
    if (rest.length === 0) {
      out[head] = record[head];
      continue;
    }
    const nested = pick(
      record[head],
      paths.filter((p) => p[0] === head && p.length > 1).map((p) => p.slice(1)),
    );
    const existing = out[head];
    out[head] =
      typeof existing === 'object' && existing !== null && typeof nested === 'object' && nested !== null
        ? { ...existing, ...nested }
        : nested;
  }
  return out;
}

/** Filters a response body to the requested fields; lists are filtered item by item. */
export function filterFields(body: unknown, paths: string[][], keepLinks: boolean): unknown {
  const apply = (item: unknown): unknown => {
    const picked = pick(item, paths);
    if (
      keepLinks &&
      typeof item === 'object' &&
      item !== null &&
      '_links' in item &&
      typeof picked === 'object' &&
      picked !== null
    ) {
      return { ...(picked as Record<string, unknown>), _links: (item as Record<string, unknown>)['_links'] };
    }
    return picked;
  };
  return Array.isArray(body) ? body.map(apply) : apply(body);
}
