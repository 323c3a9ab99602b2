/**
 * Response building blocks of the mock WordPress: the `{code, message, data}` error shape, route
 * results, pagination headers and the headers WordPress puts on every REST response.
 *
 * @module
 */
import { WpEntitiesError } from '../../core/errors.js';

/** What a route handler answers before the common headers are added. */
export interface RouteResponse {
  /** HTTP status. */
  status: number;
  /** The JSON body (serialised by the server). */
  body: unknown;
  /** Extra headers of this response (`Location`, `X-WP-Total`, `Link`, …). */
  headers: Record<string, string>;
  /** Keep `_links` even when `_fields` does not list it (the index does this). */
  keepLinks?: boolean;
}

/** The data part of a WordPress error body. */
export type WpErrorData = { status: number } & Record<string, unknown>;

/**
 * A WordPress REST error (`WP_Error`), thrown inside route handlers and turned into a
 * `{code, message, data:{status}}` response.
 */
export class WpRestFailure extends WpEntitiesError {
  override name = 'WpRestFailure';
  /** The WordPress error code, e.g. `rest_post_invalid_id`. */
  readonly code: string;
  /** The HTTP status. */
  readonly status: number;
  /** Extra members of `data` besides `status`. */
  readonly extra: Record<string, unknown>;

  constructor(code: string, message: string, status: number, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.extra = extra;
  }

  /** The JSON body WordPress sends for this error. */
  toBody(): { code: string; message: string; data: WpErrorData } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.extra } };
  }

  /** This error as a route response. */
  toResponse(): RouteResponse {
    return { status: this.status, body: this.toBody(), headers: {} };
  }
}

/** A successful route response. */
export function ok(body: unknown, status = 200, headers: Record<string, string> = {}): RouteResponse {
  return { status, body, headers };
}

/** 404 `rest_no_route`, which WordPress answers for unknown paths and for unsupported methods. */
export function noRoute(): WpRestFailure {
  return new WpRestFailure('rest_no_route', 'No route was found matching the URL and request method.', 404);
}

/** 401 when nobody is logged in, 403 otherwise: how WordPress answers a failed permission check. */
export function forbidden(
  code: string,
  message: string,
  loggedIn: boolean,
  extra: Record<string, unknown> = {},
): WpRestFailure {
  return new WpRestFailure(code, message, loggedIn ? 403 : 401, extra);
}

/** One invalid parameter, as listed in `data.details`. */
export interface ParamProblem {
  /** E.g. `rest_out_of_bounds`, `rest_not_in_enum`, `rest_invalid_type`. */
  code: string;
  /** Human-readable message, also used in `data.params`. */
  message: string;
  /** `data` of the detail; `null` for plain schema errors. */
  data?: unknown;
}

/** 400 `rest_invalid_param` listing every invalid parameter, shaped exactly like WordPress 6.1. */
export function invalidParams(problems: Record<string, ParamProblem>): WpRestFailure {
  const names = Object.keys(problems);
  const params: Record<string, string> = {};
  const details: Record<string, { code: string; message: string; data: unknown }> = {};
  for (const name of names) {
    const problem = problems[name] as ParamProblem;
    params[name] = problem.message;
    details[name] = { code: problem.code, message: problem.message, data: problem.data ?? null };
  }
  return new WpRestFailure('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, {
    params,
    details,
  });
}

/** 400 `rest_missing_callback_param`; `data.params` is an array here. */
export function missingParams(names: readonly string[]): WpRestFailure {
  return new WpRestFailure('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
    params: [...names],
  });
}

/** The `Expires` value WordPress sends to logged-in users. */
export const NO_CACHE_EXPIRES = 'Wed, 11 Jan 1984 05:00:00 GMT';

/** Headers WordPress sends on every REST response (before route headers). */
export function commonHeaders(restRoot: string, loggedIn: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
    Link: `<${restRoot}/>; rel="https://api.w.org/"`,
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Access-Control-Allow-Headers':
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
  };
  if (loggedIn) {
    headers['Expires'] = NO_CACHE_EXPIRES;
    headers['Cache-Control'] = 'no-cache, must-revalidate, max-age=0';
  }
  return headers;
}

/** A `Link` header entry. */
export function linkEntry(url: string, rel: string, extra = ''): string {
  return `<${url}>; rel="${rel}"${extra}`;
}

/** One page of a list plus the numbers the pagination headers need. */
export interface Page<T> {
  /** The items of the requested page. */
  items: T[];
  /** Items before paging. */
  total: number;
  /** Number of pages (at least… 0 when there are no items). */
  totalPages: number;
}

/**
 * Cuts one page out of `all`; throws 400 `rest_post_invalid_page_number` (or `invalidPageCode`)
 * when `page` is past the last page and there are items. With `invalidPageCode: null` a page past
 * the end is an empty page, as WordPress 6.1's terms, users and search controllers answer (they
 * have no such check; observed on the real site by the contract run).
 */
export function paginate<T>(
  all: readonly T[],
  page: number,
  perPage: number,
  invalidPageCode: string | null = 'rest_post_invalid_page_number',
): Page<T> {
  const total = all.length;
  const totalPages = Math.ceil(total / perPage);
  if (invalidPageCode !== null && page > totalPages && total > 0) {
    throw new WpRestFailure(
      invalidPageCode,
      'The page number requested is larger than the number of pages available.',
      400,
    );
  }
  return { items: all.slice((page - 1) * perPage, page * perPage), total, totalPages };
}

/**
 * `X-WP-Total`, `X-WP-TotalPages` and the `Link` rel prev/next headers of a paginated collection.
 * `requestUrl` is the URL of the request as the client sent it; only `page` changes in the links.
 */
export function paginationHeaders(
  requestUrl: URL,
  page: number,
  total: number,
  totalPages: number,
): Record<string, string> {
  const headers: Record<string, string> = {
    'X-WP-Total': String(total),
    'X-WP-TotalPages': String(totalPages),
  };
  const links: string[] = [];
  const withPage = (n: number): string => {
    const url = new URL(requestUrl.href);
    url.searchParams.set('page', String(n));
    return url.href;
  };
  if (page > 1) {
    const prev = page - 1 > totalPages ? totalPages : page - 1;
    links.push(linkEntry(withPage(prev), 'prev'));
  }
  if (page < totalPages) links.push(linkEntry(withPage(page + 1), 'next'));
  if (links.length > 0) headers['Link'] = links.join(', ');
  return headers;
}
