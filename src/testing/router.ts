/**
 * The REST router of the mock WordPress: route definitions, matching in registration order (first
 * match wins, as in `WP_REST_Server`), argument validation before permission checks, OPTIONS
 * answers and the `Allow` header filtered by the current user's permissions.
 *
 * @module
 */
import type { MockDatabase, UserRow } from './database.js';
import { validateArgs, type ArgSpec, type ArgSpecs, type Params } from './params.js';
import { noRoute, ok, WpRestFailure, type RouteResponse } from './responses.js';
import type { MockEmbedAnswer, MockWordPressVersion } from './types.js';

/** A method a REST endpoint can serve. */
export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Methods of a readable endpoint. */
export const READABLE: RestMethod[] = ['GET'];
/** Methods of a creatable endpoint. */
export const CREATABLE: RestMethod[] = ['POST'];
/** Methods of an editable endpoint (`WP_REST_Server::EDITABLE`). */
export const EDITABLE: RestMethod[] = ['POST', 'PUT', 'PATCH'];
/** Methods of a deletable endpoint. */
export const DELETABLE: RestMethod[] = ['DELETE'];

/** The site-wide state route handlers read: tables plus configuration. */
export interface Site {
  /** The tables. */
  readonly db: MockDatabase;
  /** Maximum requests per batch. */
  readonly batchMaxItems: number;
  /** The WordPress release the mock answers as. */
  readonly version: MockWordPressVersion;
  /** Configured oEmbed answers by URL. */
  readonly embeds: Map<string, MockEmbedAnswer>;
  /** Every route, in matching order. */
  routes(): readonly Route[];
  /** Dispatches an inner request (used by `/batch/v1`). */
  dispatch(request: RestRequest): RouteResponse;
}

/** A file sent as multipart form data. */
export interface UploadedFile {
  /** The file name. */
  filename: string;
  /** The MIME type. */
  type: string;
  /** Size in bytes. */
  size: number;
}

/** One REST request as route handlers see it. */
export interface RestRequest {
  /** The logical method. */
  method: RestMethod | 'OPTIONS';
  /** The route path (`/wp/v2/posts/5`), URL-decoded. */
  route: string;
  /** Named groups of the matched route pattern. */
  params: Record<string, string>;
  /** Query parameters. */
  query: Params;
  /** Body parameters (JSON or form). */
  body: Params;
  /** The raw body bytes (media uploads). */
  rawBody: Uint8Array | null;
  /** The file of a multipart upload, if any. */
  upload: UploadedFile | null;
  /** Request headers. */
  headers: Headers;
  /** The user the request acts as, `null` for anonymous. */
  user: UserRow | null;
  /** The request URL as the client sent it (for pagination links). */
  url: URL;
  /** The site root, e.g. `http://localhost:8888`. */
  siteRoot: string;
  /** The REST root, `${siteRoot}/wp-json`. */
  restRoot: string;
  /** True for a request inside `/batch/v1`. */
  isBatch: boolean;
  /** The site. */
  site: Site;
}

/** One endpoint of a route: a method set with its args, permission check and handler. */
export interface Endpoint {
  /** The methods this endpoint answers. */
  methods: RestMethod[];
  /** Arguments validated before the permission check. */
  args?: ArgSpecs;
  /** The permission check: `true`, or the failure to answer. Absent means public. */
  permission?: (request: RestRequest) => true | WpRestFailure;
  /** The handler. May throw {@link WpRestFailure}. */
  handler: (request: RestRequest) => RouteResponse;
}

/** A REST route. */
export interface Route {
  /** The WordPress-style route pattern, listed in the index (`/wp/v2/posts/(?P<id>[\d]+)`). */
  source: string;
  /** The compiled pattern, anchored and case-insensitive. */
  pattern: RegExp;
  /** The namespace (`wp/v2`); `''` for `/batch/v1`. */
  namespace: string;
  /** Endpoints in registration order. */
  endpoints: Endpoint[];
  /** The route may be used inside `/batch/v1`. @default false */
  allowBatch?: boolean;
  /** Schema title shown in OPTIONS; no `schema` key when absent. */
  schemaTitle?: string;
  /** Leave `schema` out of the OPTIONS body (as `/batch/v1` does). @default false */
  noSchema?: boolean;
  /** Properties the OPTIONS schema describes (a post type's registered `meta`). @default none */
  schemaProperties?: (site: Site) => Record<string, unknown>;
}

/**
 * Builds a route from a WordPress-style pattern: `(?P<id>…)` groups become JS named groups.
 */
export function route(
  source: string,
  namespace: string,
  endpoints: Endpoint[],
  extra: {
    allowBatch?: boolean;
    schemaTitle?: string;
    noSchema?: boolean;
    schemaProperties?: (site: Site) => Record<string, unknown>;
  } = {},
): Route {
  const js = source.replace(/\(\?P</g, '(?<');
  return { source, pattern: new RegExp(`^${js}$`, 'i'), namespace, endpoints, ...extra };
}

/** Reads a parameter the way `WP_REST_Request::get_param` does: body, then query, then URL params. */
export function param(request: RestRequest, name: string): unknown {
  if (name in request.body) return request.body[name];
  if (name in request.query) return request.query[name];
  return request.params[name];
}

/** The route and endpoint a request resolves to, or `null` for `rest_no_route`. */
export interface RouteMatch {
  /** The route. */
  route: Route;
  /** The endpoint (undefined for OPTIONS). */
  endpoint: Endpoint | undefined;
  /** Named groups. */
  params: Record<string, string>;
}

/** Finds the first route (and endpoint) matching the path and method. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch | null {
  const effective = method === 'HEAD' ? 'GET' : method;
  for (const candidate of routes) {
    const m = candidate.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(m.groups ?? {})) if (v !== undefined) params[k] = v;
    if (effective === 'OPTIONS') return { route: candidate, endpoint: undefined, params };
    const endpoint = candidate.endpoints.find((e) => e.methods.includes(effective as RestMethod));
    // WordPress keeps looking at later routes when this one lacks the method.
    if (endpoint) return { route: candidate, endpoint, params };
  }
  return null;
}

/** Runs the argument validation of an endpoint; throws the 400 WordPress would answer. */
export function validateRequest(endpoint: Endpoint, request: RestRequest): void {
  if (endpoint.args) validateArgs(endpoint.args, (name) => param(request, name), request);
}

/** The methods the current user may use on a matched route, in registration order. */
export function allowedMethods(match: RouteMatch, request: RestRequest): RestMethod[] {
  const allowed: RestMethod[] = [];
  for (const endpoint of match.route.endpoints) {
    let granted: boolean;
    try {
      granted = endpoint.permission ? endpoint.permission(request) === true : true;
    } catch {
      granted = false;
    }
    if (granted) for (const m of endpoint.methods) if (!allowed.includes(m)) allowed.push(m);
  }
  return allowed;
}

function describeArg(spec: ArgSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (spec.description !== undefined) out['description'] = spec.description;
  if (spec.type !== undefined) out['type'] = spec.type;
  if (spec.enum !== undefined) out['enum'] = [...spec.enum];
  if (spec.default !== undefined) out['default'] = spec.default;
  if (spec.minimum !== undefined) out['minimum'] = spec.minimum;
  if (spec.maximum !== undefined) out['maximum'] = spec.maximum;
  if (spec.maxItems !== undefined) out['maxItems'] = spec.maxItems;
  if (spec.items !== undefined) {
    const { properties, ...rest } = spec.items;
    const items = describeArg(rest);
    if (properties) {
      items['properties'] = Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [k, describeArg(v)]),
      );
    }
    out['items'] = items;
  }
  if (spec.properties !== undefined) {
    out['properties'] = Object.fromEntries(
      Object.entries(spec.properties).map(([k, v]) => [k, describeArg(v)]),
    );
  }
  out['required'] = spec.required ?? false;
  return out;
}

/** The OPTIONS body of a route: namespace, methods, endpoints with args, and a schema. */
export function optionsBody(matched: Route, site?: Site): Record<string, unknown> {
  const methods = matched.endpoints.flatMap((e) => e.methods);
  const body: Record<string, unknown> = {
    namespace: matched.namespace,
    methods,
    endpoints: matched.endpoints.map((e) => ({
      methods: e.methods,
      args: Object.fromEntries(Object.entries(e.args ?? {}).map(([k, v]) => [k, describeArg(v)])),
    })),
  };
  if (!matched.noSchema) {
    body['schema'] = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      title: matched.schemaTitle ?? matched.namespace,
      type: 'object',
      properties: site === undefined ? {} : (matched.schemaProperties?.(site) ?? {}),
    };
  }
  return body;
}

/**
 * Dispatches one request: match, validate, check permission, run the handler, then add the `Allow`
 * header (left out when the user may use no method). Errors become WordPress error responses.
 */
export function dispatch(routes: readonly Route[], request: RestRequest): RouteResponse {
  const match = matchRoute(routes, request.method, request.route);
  if (!match) return noRoute().toResponse();
  const req: RestRequest = { ...request, params: match.params };
  let response: RouteResponse;
  if (!match.endpoint) {
    response = ok(optionsBody(match.route, request.site));
  } else {
    const endpoint = match.endpoint;
    try {
      validateRequest(endpoint, req);
      const permitted = endpoint.permission ? endpoint.permission(req) : true;
      if (permitted !== true) throw permitted;
      response = endpoint.handler(req);
    } catch (error) {
      if (!(error instanceof WpRestFailure)) throw error;
      response = error.toResponse();
    }
  }
  const allowed = allowedMethods(match, req);
  if (allowed.length > 0) response.headers['Allow'] = allowed.join(', ');
  return response;
}
