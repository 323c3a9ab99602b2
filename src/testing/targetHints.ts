/**
 * `targetHints` as WordPress 6.7 adds them (`WP_REST_Server::get_target_hints_for_link`): each
 * item's `self` link gets `targetHints.allow`, the methods the current user may use on that link's
 * route, computed like the `Allow` header. A user who may use none gets no `targetHints` at all.
 *
 * @module
 */

/** The methods allowed on a link's target, or undefined when there are none or the link is not a REST route. */
export type AllowOfLink = (href: string) => readonly string[] | undefined;

function hintOne(item: unknown, allowOf: AllowOfLink): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const record = item as Record<string, unknown>;
  const links = record['_links'];
  if (typeof links !== 'object' || links === null || Array.isArray(links)) return item;
  const self = (links as Record<string, unknown>)['self'];
  if (!Array.isArray(self) || self.length === 0) return item;
  const hinted = self.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return entry;
    const link = entry as Record<string, unknown>;
    // A hint the route itself set is kept, as WordPress does.
    if (link['targetHints'] !== undefined || typeof link['href'] !== 'string') return entry;
    const allow = allowOf(link['href']);
    return allow === undefined || allow.length === 0
      ? entry
      : { ...link, targetHints: { allow: [...allow] } };
  });
  return { ...record, _links: { ...(links as Record<string, unknown>), self: hinted } };
}

/** Adds `targetHints` to the `self` links of an item or of every item of a list (new objects; the input is not changed). */
export function addTargetHints(body: unknown, allowOf: AllowOfLink): unknown {
  return Array.isArray(body) ? body.map((item) => hintOne(item, allowOf)) : hintOne(body, allowOf);
}
