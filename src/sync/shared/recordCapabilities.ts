/**
 * What a user may do to one record beyond editing it, read from WordPress's own answer: a record
 * fetched with `context=edit` carries `_links` relations `wp:action-*` only for the capabilities
 * the requesting user has (`WP_REST_Posts_Controller::get_available_actions`). The sync server
 * reads them from the same request that lets the user join, so it holds no permission model of
 * its own.
 *
 * @module
 */

/** The capabilities the shared-edit guard checks, for one user and one record. */
export interface RecordCapabilities {
  /** `wp:action-publish`: may publish (status publish/future/private, password, date). */
  readonly canPublish: boolean;
  /** `wp:action-unfiltered-html`: may post any HTML (WordPress runs no kses on their saves). */
  readonly canPostUnfilteredHtml: boolean;
  /** `wp:action-sticky`: may make the post sticky. */
  readonly canStick: boolean;
  /** `wp:action-assign-author`: may give the record another author. */
  readonly canAssignAuthor: boolean;
  /** The taxonomies' REST bases the user may assign terms of (`wp:action-assign-{base}`). */
  readonly assignableTaxonomies: ReadonlySet<string>;
  /**
   * The REST bases of every taxonomy the record has (its `wp:term` links, given whatever the
   * user may do), whose fields hold term ids; unknown (`undefined`) means `categories` and `tags`.
   */
  readonly termFields?: ReadonlySet<string> | undefined;
}

/** A user who may do everything: for rooms whose record carries no capability links (settings). */
export const ALL_CAPABILITIES: RecordCapabilities = Object.freeze({
  canPublish: true,
  canPostUnfilteredHtml: true,
  canStick: true,
  canAssignAuthor: true,
  assignableTaxonomies: new Set<string>(['*']),
});

/** A user who may only edit: what the guard assumes when WordPress's answer had no `_links`. */
export const EDIT_ONLY: RecordCapabilities = Object.freeze({
  canPublish: false,
  canPostUnfilteredHtml: false,
  canStick: false,
  canAssignAuthor: false,
  assignableTaxonomies: new Set<string>(),
});

/** The relation prefix WordPress uses in `_links` (`https://api.w.org/` is curied as `wp:`). */
const ACTION_PREFIXES = ['wp:action-', 'https://api.w.org/action-'];

function actionNames(links: unknown): Set<string> {
  const names = new Set<string>();
  if (typeof links !== 'object' || links === null) return names;
  for (const relation of Object.keys(links)) {
    const prefix = ACTION_PREFIXES.find((candidate) => relation.startsWith(candidate));
    if (prefix !== undefined) names.add(relation.slice(prefix.length));
  }
  return names;
}

const TERM_RELATIONS = ['wp:term', 'https://api.w.org/term'];

/** The REST bases of the taxonomies in a record's `wp:term` links (`…/wp/v2/{base}?post=ID`). */
function termFieldsOf(links: object): Set<string> | undefined {
  let found: Set<string> | undefined;
  for (const relation of TERM_RELATIONS) {
    const entries = (links as Record<string, unknown>)[relation];
    if (!Array.isArray(entries)) continue;
    found ??= new Set();
    for (const entry of entries) {
      const href = (entry as { href?: unknown } | null)?.href;
      if (typeof href !== 'string') continue;
      try {
        const url = new URL(href);
        // Pretty permalinks put the route in the path, plain ones in `rest_route`.
        const route = url.searchParams.get('rest_route') ?? url.pathname;
        const base = route.replace(/\/+$/, '').split('/').pop();
        if (base) found.add(decodeURIComponent(base));
      } catch {
        // Not a URL: no taxonomy named by it.
      }
    }
  }
  return found;
}

/**
 * The capabilities a record's `_links` (from a `context=edit` GET made as the user) grant.
 * Anything else (no links, not an object) grants none: the guard then lets the user only edit.
 */
export function capabilitiesFromLinks(links: unknown): RecordCapabilities {
  const actions = actionNames(links);
  const assignable = new Set<string>();
  for (const action of actions)
    if (action.startsWith('assign-') && action !== 'assign-author') {
      assignable.add(action.slice('assign-'.length));
    }
  return {
    canPublish: actions.has('publish'),
    canPostUnfilteredHtml: actions.has('unfiltered-html'),
    canStick: actions.has('sticky'),
    canAssignAuthor: actions.has('assign-author'),
    assignableTaxonomies: assignable,
    termFields: typeof links === 'object' && links !== null ? termFieldsOf(links) : undefined,
  };
}
