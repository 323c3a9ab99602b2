/**
 * `/batch/v1` as `WP_REST_Server::serve_batch_request_v1` answers it in 6.1: OPTIONS shows
 * `maxItems` at `endpoints[0].args.requests.maxItems`; POST answers 207 in both validation modes;
 * `require-all-validate` with an invalid request runs nothing and answers
 * `{failed:"validation", responses:[null, {body,status,headers:[]}, …]}`.
 *
 * @module
 */
import { enumProblem, parseQuery, type ArgSpec, type Params } from '../params.js';
import { CREATABLE, matchRoute, route, validateRequest, type RestRequest, type Route } from '../router.js';
import { noRoute, ok, WpRestFailure, type RouteResponse } from '../responses.js';

const BATCH_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface BatchItem {
  method?: string;
  path: string;
  body?: Params;
  headers?: Record<string, string | string[]>;
}

/** One entry of a batch response: `headers` is `[]` when empty, as PHP encodes an empty array. */
function envelope(response: RouteResponse): {
  body: unknown;
  status: number;
  headers: Record<string, string> | [];
} {
  const headers: Record<string, string> | [] =
    Object.keys(response.headers).length > 0 ? { ...response.headers } : [];
  return { body: response.body, status: response.status, headers };
}

function requestsArg(maxItems: number): ArgSpec {
  return {
    type: 'array',
    required: true,
    maxItems,
    items: {
      type: 'object',
      properties: {
        method: { type: 'string', enum: [...BATCH_METHODS], default: 'POST' },
        path: { type: 'string', required: true },
        body: { type: 'object' },
        headers: { type: 'object' },
      },
    },
    validate: (value) => {
      if (!Array.isArray(value)) return null;
      for (const [i, item] of value.entries()) {
        if (typeof item !== 'object' || item === null) {
          return {
            code: 'rest_invalid_type',
            message: `requests[${i}] is not of type object.`,
            data: { param: `requests[${i}]` },
          };
        }
        const entry = item as Record<string, unknown>;
        if (
          entry['method'] !== undefined &&
          !(BATCH_METHODS as readonly string[]).includes(String(entry['method']))
        ) {
          return enumProblem(`requests[${i}][method]`, BATCH_METHODS);
        }
        if (typeof entry['path'] !== 'string') {
          return {
            code: 'rest_property_required',
            message: `path is a required property of requests[${i}].`,
          };
        }
      }
      return null;
    },
  };
}

function innerRequest(outer: RestRequest, item: BatchItem): RestRequest {
  const url = new URL(`${outer.restRoot}${item.path}`);
  const headers = new Headers(outer.headers);
  for (const [k, v] of Object.entries(item.headers ?? {}))
    headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  const method = (item.method ?? 'POST').toUpperCase() as RestRequest['method'];
  return {
    ...outer,
    method,
    route: decodeURIComponent(url.pathname.slice(new URL(outer.restRoot).pathname.length)) || '/',
    params: {},
    query: parseQuery(url.searchParams),
    body: item.body ?? {},
    rawBody: null,
    upload: null,
    headers,
    url,
    isBatch: true,
  };
}

/** Why a request cannot run in a batch (no route, or a route without `allow_batch`), or null. */
function matchProblem(request: RestRequest): WpRestFailure | null {
  const match = matchRoute(request.site.routes(), request.method, request.route);
  if (!match) return noRoute();
  if (!match.route.allowBatch) {
    return new WpRestFailure(
      'rest_batch_not_allowed',
      'The requested route does not support batch requests.',
      400,
    );
  }
  return null;
}

/** The batch route; `maxItems` is the configured limit. */
export function batchRoutes(maxItems: number): Route[] {
  return [
    route(
      '/batch/v1',
      '',
      [
        {
          methods: CREATABLE,
          args: {
            validation: { type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal' },
            requests: requestsArg(maxItems),
          },
          handler: (request) => {
            const items = request.body['requests'] as BatchItem[];
            const inner = items.map((item) => innerRequest(request, item));
            if (request.body['validation'] === 'require-all-validate') {
              let failed = false;
              const checks = inner.map((req) => {
                const problem = matchProblem(req);
                if (problem) {
                  failed = true;
                  return envelope(problem.toResponse());
                }
                const match = matchRoute(req.site.routes(), req.method, req.route);
                try {
                  if (match?.endpoint) validateRequest(match.endpoint, { ...req, params: match.params });
                } catch (error) {
                  if (!(error instanceof WpRestFailure)) throw error;
                  failed = true;
                  return envelope(error.toResponse());
                }
                return null;
              });
              if (failed) return ok({ failed: 'validation', responses: checks }, 207);
            }
            const responses = inner.map((req) => {
              const problem = matchProblem(req);
              if (problem) return envelope(problem.toResponse());
              return envelope(request.site.dispatch(req));
            });
            return ok({ responses }, 207);
          },
        },
      ],
      { noSchema: true },
    ),
  ];
}
