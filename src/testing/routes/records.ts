/**
 * Endpoint builders shared by the controllers of stored records (comments, media, menus, terms,
 * users, widgets, posts): read one record in the request's context, update it and answer it in
 * `edit` context, delete it with a `force` argument, and answer one page of a collection with the
 * pagination headers.
 *
 * @module
 */
import { boolParam, contextArg, intParam, type ArgSpecs } from '../params.js';
import { DELETABLE, EDITABLE, param, READABLE, type Endpoint, type RestRequest } from '../router.js';
import { ok, paginate, paginationHeaders, WpRestFailure, type RouteResponse } from '../responses.js';
import type { PermissionCheck } from './guards.js';
import { contextOf, type Context } from './shared.js';

/** How a controller finds and shows its records. */
export interface RecordKind<T> {
  /** Loads the record a request names; throws the 404 WordPress answers when it is missing. */
  load(request: RestRequest): T;
  /** The REST representation of a record in a context. */
  render(request: RestRequest, row: T, context: Context): unknown;
}

/** The `force` argument of a delete endpoint (`false` unless given), with an optional description. */
export function forceArg(description?: string): ArgSpecs {
  return {
    force: { type: 'boolean', default: false, ...(description === undefined ? {} : { description }) },
  };
}

/** GET of one record, rendered in the request's `context`. */
export function readRecord<T>(kind: RecordKind<T>, permission: PermissionCheck): Endpoint {
  return {
    methods: READABLE,
    args: { context: contextArg() },
    permission,
    handler: (request) => ok(kind.render(request, kind.load(request), contextOf(request))),
  };
}

/** POST/PUT/PATCH of one record: applies the body to it and answers it in `edit` context. */
export function updateRecord<T>(
  kind: RecordKind<T>,
  permission: PermissionCheck,
  apply: (request: RestRequest, row: T) => void,
): Endpoint {
  return {
    methods: EDITABLE,
    permission,
    handler: (request) => {
      const row = kind.load(request);
      apply(request, row);
      return ok(kind.render(request, row, 'edit'));
    },
  };
}

/** DELETE of one record; `remove` trashes or deletes it and answers. */
export function deleteRecord<T>(
  kind: RecordKind<T>,
  permission: PermissionCheck,
  remove: (request: RestRequest, row: T) => RouteResponse,
  args: ArgSpecs = forceArg(),
): Endpoint {
  return { methods: DELETABLE, args, permission, handler: (request) => remove(request, kind.load(request)) };
}

/** The answer to a delete that removed the record for good: `{deleted: true, previous}`. */
export function deletedAnswer(previous: unknown): RouteResponse {
  return ok({ deleted: true, previous });
}

/**
 * Deletes a record of a type without trash: 501 `rest_trash_not_supported` with the given message
 * unless `force=true`; otherwise renders it in `edit` context, runs `remove` and answers
 * `{deleted: true, previous}`.
 */
export function forceDelete<T>(
  request: RestRequest,
  kind: RecordKind<T>,
  row: T,
  notSupported: string,
  remove: () => void,
): RouteResponse {
  if (!boolParam(param(request, 'force')))
    throw new WpRestFailure('rest_trash_not_supported', notSupported, 501);
  const previous = kind.render(request, row, 'edit');
  remove();
  return deletedAnswer(previous);
}

/** DELETE of a record of a type without trash, answered as {@link forceDelete} does. */
export function forceDeleteRecord<T>(
  kind: RecordKind<T>,
  permission: PermissionCheck,
  notSupported: string,
  remove: (request: RestRequest, row: T) => void,
): Endpoint {
  return deleteRecord(kind, permission, (request, row) =>
    forceDelete(request, kind, row, notSupported, () => remove(request, row)),
  );
}

/** Options of {@link pagedList}. */
export interface PagedListOptions {
  /** `per_page` when the request gives none. @default 10 */
  perPage?: number;
  /** The error code of a page past the last one; `null`: an empty page (no error). @default 'rest_post_invalid_page_number' */
  invalidPageCode?: string | null;
}

/**
 * One page (`page`, `per_page`) of a filtered and sorted collection, each item rendered in the
 * request's `context`, with `X-WP-Total`, `X-WP-TotalPages` and `Link` headers.
 */
export function pagedList<T>(
  request: RestRequest,
  all: readonly T[],
  render: (row: T, context: Context) => unknown,
  options: PagedListOptions = {},
): RouteResponse {
  const page = intParam(param(request, 'page'), 1);
  const perPage = intParam(param(request, 'per_page'), options.perPage ?? 10);
  const result = paginate(all, page, perPage, options.invalidPageCode);
  const context = contextOf(request);
  return ok(
    result.items.map((row) => render(row, context)),
    200,
    paginationHeaders(request.url, page, result.total, result.totalPages),
  );
}
