/**
 * Reads what a WordPress site says about its records: `/wp/v2/types` and `/wp/v2/taxonomies` list
 * the routes, and the `OPTIONS` answer of each route carries its JSON Schema (registered meta
 * included, under `meta`); `OPTIONS /wp/v2/settings` describes the settings. An unreachable site or
 * refused credentials stop the run ({@link TypegenError}); a route that cannot be read is skipped
 * and listed, and the others are still read.
 *
 * @module
 */
import { TypegenError } from './errors.js';

/** A JSON object as parsed. */
export type JsonObject = { [key: string]: unknown };

/** How to reach the site. */
export interface SiteAccess {
  /** The REST root: `https://example.com/wp-json` or `https://example.com/?rest_route=`. */
  restRoot: string;
  /** The `Authorization` header sent with every request (`Basic …` of an application password). */
  authorization?: string | undefined;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
}

/** The kinds of entity the generated file types. */
export type TypedKind = 'postType' | 'taxonomy' | 'root';

/** One entity's schema, as its route's `OPTIONS` answered it. */
export interface EntitySchema {
  /** `postType`, `taxonomy`, or `root` for the settings. */
  kind: TypedKind;
  /** The entity name: the post type or taxonomy slug, `site` for the settings. */
  name: string;
  /** The human label the site gives it (`Books`). */
  label: string;
  /** The collection route (`/wp/v2/books`). */
  route: string;
  /** The `schema` member of the route's `OPTIONS` answer. */
  schema: JsonObject;
}

/** An entity that is left out of the generated file, and why. */
export interface SkippedEntity {
  /** Its kind. */
  kind: TypedKind;
  /** Its name. */
  name: string;
  /** The route that could not be read. */
  route: string;
  /** What went wrong, for a person (`OPTIONS answered 500 …`, `the answer has no schema`). */
  reason: string;
}

/** What a site describes: the entities read, in a stable order, and the ones skipped. */
export interface SiteSchemas {
  /** Entities read: post types, then taxonomies, each sorted by name, then the settings. */
  entities: EntitySchema[];
  /** Entities skipped, in the same order. */
  skipped: SkippedEntity[];
}

/** One request's answer: status and parsed body (`undefined` when it was not JSON). */
interface Answer {
  status: number;
  body: unknown;
}

/** Reads the schema of every post type, taxonomy and the settings of the site `access` points at. */
export async function readSiteSchemas(access: SiteAccess): Promise<SiteSchemas> {
  const request = requester(access);
  if (access.authorization !== undefined) await checkCredentials(request);
  const types = await readIndex(request, '/wp/v2/types');
  const taxonomies = await readIndex(request, '/wp/v2/taxonomies');
  const entities: EntitySchema[] = [];
  const skipped: SkippedEntity[] = [];
  const listed = [
    ...sortedEntries(types).map(([name, entry]) => ({ kind: 'postType' as const, name, entry })),
    ...sortedEntries(taxonomies).map(([name, entry]) => ({ kind: 'taxonomy' as const, name, entry })),
  ];
  for (const { kind, name, entry } of listed) {
    const route = collectionRoute(entry);
    if (route === undefined) {
      // WordPress lists types without a REST route too (`show_in_rest` with no `rest_base`).
      skipped.push({ kind, name, route: '', reason: 'it lists no rest_base, so it has no REST route' });
      continue;
    }
    const label = typeof entry['name'] === 'string' ? entry['name'] : name;
    const read = await readRouteSchema(request, route);
    if (typeof read === 'string') skipped.push({ kind, name, route, reason: read });
    else entities.push({ kind, name, label, route, schema: read });
  }
  const settings = await readRouteSchema(request, '/wp/v2/settings');
  if (typeof settings === 'string') {
    skipped.push({ kind: 'root', name: 'site', route: '/wp/v2/settings', reason: settings });
  } else {
    entities.push({
      kind: 'root',
      name: 'site',
      label: 'Settings',
      route: '/wp/v2/settings',
      schema: settings,
    });
  }
  return { entities, skipped };
}

/** The full URL of `path` under the REST root, in either of WordPress's two forms. */
export function restUrl(restRoot: string, path: string): string {
  // In the `?rest_route=` form the path's own query joins the URL's with `&`.
  if (/[?&]rest_route=$/.test(restRoot)) return `${restRoot}${path.replace('?', '&')}`;
  return `${restRoot.replace(/\/+$/, '')}${path}`;
}

/** A function that sends one request and parses its answer; a network failure is a {@link TypegenError}. */
function requester(access: SiteAccess): (method: string, path: string) => Promise<Answer> {
  const send = access.fetch ?? globalThis.fetch;
  return async (method, path) => {
    const url = restUrl(access.restRoot, path);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (access.authorization !== undefined) headers['Authorization'] = access.authorization;
    let response: Response;
    try {
      response = await send(url, { method, headers });
    } catch (error) {
      throw new TypegenError('unreachable', `Cannot reach ${url}: ${networkReason(error)}.`, {
        cause: error,
      });
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  };
}

/** The reason of a failed fetch, with the system code Node puts in its cause (`ECONNREFUSED`). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** `code: message` of a WordPress error body, or the status alone. */
function describeFailure(answer: Answer): string {
  const body = answer.body as { code?: unknown; message?: unknown } | undefined;
  const code = typeof body?.code === 'string' ? ` ${body.code}` : '';
  const message = typeof body?.message === 'string' ? `: ${body.message}` : '';
  return `${answer.status}${code}${message}`;
}

/**
 * Asks who the credentials belong to (`GET /wp/v2/users/me`): WordPress 6.1 treats a wrong
 * application password as no password at all, so without this a typo would go unnoticed and the
 * types would be read as a visitor sees them.
 */
async function checkCredentials(request: (method: string, path: string) => Promise<Answer>): Promise<void> {
  const answer = await request('GET', '/wp/v2/users/me?_fields=id');
  if (answer.status === 401 || answer.status === 403) {
    throw new TypegenError(
      'unauthorized',
      `GET /wp/v2/users/me answered ${describeFailure(answer)}: the site did not accept the user and application password (WP_ENTITIES_USER, WP_ENTITIES_APP_PASSWORD).`,
    );
  }
}

/** Reads `/wp/v2/types` or `/wp/v2/taxonomies`: an object keyed by slug. Anything else stops the run. */
async function readIndex(
  request: (method: string, path: string) => Promise<Answer>,
  path: string,
): Promise<Record<string, JsonObject>> {
  const answer = await request('GET', path);
  if (answer.status === 401 || answer.status === 403) {
    throw new TypegenError(
      'unauthorized',
      `GET ${path} answered ${describeFailure(answer)}. Check the user and application password (WP_ENTITIES_USER, WP_ENTITIES_APP_PASSWORD).`,
    );
  }
  if (answer.status !== 200 || !isObject(answer.body)) {
    const what = answer.body === undefined ? 'an answer that is not JSON' : describeFailure(answer);
    throw new TypegenError(
      'unreachable',
      `GET ${path} answered ${what}: is the URL the site's REST root (https://example.com/wp-json)?`,
    );
  }
  const entries: Record<string, JsonObject> = {};
  for (const [slug, entry] of Object.entries(answer.body)) if (isObject(entry)) entries[slug] = entry;
  return entries;
}

/** The schema of `route` from its `OPTIONS` answer, or why it could not be read. */
async function readRouteSchema(
  request: (method: string, path: string) => Promise<Answer>,
  route: string,
): Promise<JsonObject | string> {
  const answer = await request('OPTIONS', route);
  if (answer.status !== 200) return `OPTIONS ${route} answered ${describeFailure(answer)}`;
  if (!isObject(answer.body)) return `OPTIONS ${route} answered something that is not a JSON object`;
  const schema = answer.body['schema'];
  if (schema === undefined) return `OPTIONS ${route} has no schema (its controller describes none)`;
  if (!isObject(schema) || !isObject(schema['properties'])) {
    // PHP encodes an empty array as `[]`: a schema with no properties at all is as unreadable as a broken one.
    return `OPTIONS ${route} has a schema without an object of properties`;
  }
  return schema;
}

/** `/{rest_namespace}/{rest_base}` of a type or taxonomy entry; `wp/v2` when the site (before 5.9) names no namespace. */
function collectionRoute(entry: JsonObject): string | undefined {
  const base = entry['rest_base'];
  if (typeof base !== 'string' || base === '') return undefined;
  const namespace = typeof entry['rest_namespace'] === 'string' ? entry['rest_namespace'] : 'wp/v2';
  return `/${namespace}/${base}`;
}

/** The entries of an object sorted by key (code-point order, so the same on every machine). */
function sortedEntries<V>(record: Record<string, V>): [string, V][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** True for a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
