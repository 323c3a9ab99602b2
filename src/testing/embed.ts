/**
 * `_embed` as `WP_REST_Server::embed_links` does it: each embeddable link of an item's `_links`
 * (all rels, or the listed ones) is requested in `embed` context and put under `_embedded[rel]`;
 * non-embeddable links of a rel become `[]`, and a rel without any embedded data is left out.
 *
 * @module
 */
import { listParam } from './params.js';

/** One `_links` entry. */
interface LinkEntry {
  href?: unknown;
  embeddable?: unknown;
}

/** Which rels `_embed` asks for: `true` for all (`_embed`, `_embed=1`, `_embed=true`), or a list. */
export function embedRequest(value: unknown): string[] | true | null {
  if (value === undefined) return null;
  const list = listParam(value);
  if (list.length === 0 || (list.length === 1 && (list[0] === '1' || list[0] === 'true'))) return true;
  return list;
}

function embedOne(item: unknown, wanted: string[] | true, fetchLinked: (href: string) => unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const record = item as Record<string, unknown>;
  const links = record['_links'];
  if (typeof links !== 'object' || links === null) return item;
  const embedded: Record<string, unknown[]> = {};
  for (const [rel, entries] of Object.entries(links as Record<string, unknown>)) {
    if (wanted !== true && !wanted.includes(rel)) continue;
    if (!Array.isArray(entries)) continue;
    const embeds = (entries as LinkEntry[]).map((entry) =>
      entry.embeddable && typeof entry.href === 'string' ? fetchLinked(entry.href) : [],
    );
    const hasData = embeds.some((e) => !(Array.isArray(e) && e.length === 0));
    if (hasData) embedded[rel] = embeds;
  }
  return Object.keys(embedded).length > 0 ? { ...record, _embedded: embedded } : item;
}

/** Adds `_embedded` to an item or to every item of a list. */
export function embedLinks(
  body: unknown,
  wanted: string[] | true,
  fetchLinked: (href: string) => unknown,
): unknown {
  return Array.isArray(body)
    ? body.map((item) => embedOne(item, wanted, fetchLinked))
    : embedOne(body, wanted, fetchLinked);
}
