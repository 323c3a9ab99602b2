/**
 * How a list query is split into the parts the cache works with: the context it reads, the stable
 * key that names its id list, the page window, and the normalised `_fields` and `include`.
 *
 * @module
 */
import type { Query, QueryValue } from '../core/transport/types.js';
import { normaliseId, type Id } from './ids.js';

/** The default page size of a list query, as on the server. */
export const DEFAULT_PER_PAGE = 10;

/** The context a query reads when it names none; `persisted` is this context. */
export const DEFAULT_CONTEXT = 'default';

/** A query split into the parts the cache uses. */
export interface QueryParts {
  /** The context the records are stored in (`'default'`, `'edit'`, `'view'`, `'embed'`). */
  readonly context: string;
  /** Names the id list: every query key except `page`, `per_page` and `context`, sorted and encoded. */
  readonly stableKey: string;
  /** 1-based page. @default 1 */
  readonly page: number;
  /** Page size; `-1` means every item. @default 10 */
  readonly perPage: number;
  /** The requested fields, key field included, sorted; `null` without `_fields`. */
  readonly fields: readonly string[] | null;
  /** The ids of `include`, numeric-looking ones as numbers; `null` without `include`. */
  readonly include: readonly Id[] | null;
  /**
   * The query to send: the caller's query with `_fields` normalised (key field added) and
   * `include` normalised. Entity default params are not part of it.
   */
  readonly request: Query;
}

function toPositiveInt(value: QueryValue, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/**
 * Normalises a `_fields` value to a sorted, de-duplicated list that always holds `keyField`.
 * Accepts a comma-separated string or an array; anything else gives `null`.
 */
export function normaliseFields(value: QueryValue, keyField: string): string[] | null {
  let list: string[];
  if (typeof value === 'string') list = value.split(',');
  else if (Array.isArray(value)) list = (value as readonly QueryValue[]).map((v) => String(v));
  else return null;
  const fields = new Set(list.map((f) => f.trim()).filter((f) => f !== ''));
  fields.add(keyField);
  return [...fields].sort();
}

/** Normalises an `include` value (`5`, `'5'`, `'1,2'`, `[1, 'a//b']`) to a list of ids. */
export function normaliseInclude(value: QueryValue): Id[] | null {
  let list: QueryValue[];
  if (typeof value === 'number') list = [value];
  else if (typeof value === 'string') list = value.split(',');
  else if (Array.isArray(value)) list = [...(value as readonly QueryValue[])];
  else return null;
  const ids: Id[] = [];
  for (const v of list) {
    if (typeof v === 'number') ids.push(v);
    else if (typeof v === 'string' && v.trim() !== '') ids.push(normaliseId(v.trim()));
  }
  return ids;
}

function encodeInto(out: string[], prefix: string, value: QueryValue): void {
  if (value === undefined) return;
  if (Array.isArray(value)) {
    (value as readonly QueryValue[]).forEach((v, i) => encodeInto(out, `${prefix}[${i}]`, v));
    return;
  }
  if (value !== null && typeof value === 'object') {
    const obj = value as { readonly [key: string]: QueryValue };
    for (const k of Object.keys(obj).sort()) encodeInto(out, `${prefix}[${k}]`, obj[k]);
    return;
  }
  out.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(value === null ? '' : String(value))}`);
}

/** Encodes a query like a URL query string with its keys sorted at every level: the same query always gives the same text. */
export function encodeStableKey(query: Query): string {
  const out: string[] = [];
  for (const key of Object.keys(query).sort()) encodeInto(out, key, query[key]);
  return out.join('&');
}

/**
 * Splits `query` into its {@link QueryParts}. `keyField` is the entity's key, always added to
 * `_fields`, so that the caller's query and the stored list share one stable key (DESIGN Q3).
 */
export function getQueryParts(query: Query = {}, keyField = 'id'): QueryParts {
  let page = 1;
  let perPage = DEFAULT_PER_PAGE;
  let context = DEFAULT_CONTEXT;
  let fields: string[] | null = null;
  let include: Id[] | null = null;
  const keyed: Record<string, QueryValue> = {};
  const request: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    switch (key) {
      case 'page':
        page = Math.max(1, toPositiveInt(value, 1));
        request[key] = value;
        break;
      case 'per_page':
        perPage = toPositiveInt(value, DEFAULT_PER_PAGE);
        request[key] = value;
        break;
      case 'context':
        context = String(value);
        request[key] = value;
        break;
      case '_fields':
        fields = normaliseFields(value, keyField);
        if (fields) {
          keyed[key] = fields.join(',');
          request[key] = fields.join(',');
        }
        break;
      case 'include':
        include = normaliseInclude(value);
        if (include) {
          keyed[key] = include;
          request[key] = include;
        }
        break;
      default:
        keyed[key] = value;
        request[key] = value;
    }
  }
  return { context, stableKey: encodeStableKey(keyed), page, perPage, fields, include, request };
}

/**
 * Merges a received page of ids into the ids already known for a stable key. Page 1 of
 * `perPage: -1` replaces the list; any other page overwrites the window
 * `[(page-1)*perPage, page*perPage)` (a short page leaves holes) and keeps the ids outside it.
 */
export function mergeItemIds(
  previous: readonly (Id | undefined)[] | undefined,
  next: readonly Id[],
  page: number,
  perPage: number,
): (Id | undefined)[] {
  if (perPage === -1) return [...next];
  const start = (page - 1) * perPage;
  const size = Math.max(previous?.length ?? 0, start + next.length);
  const merged = new Array<Id | undefined>(size);
  for (let i = 0; i < size; i++) {
    merged[i] = i >= start && i < start + perPage ? next[i - start] : previous?.[i];
  }
  return merged;
}
