/**
 * Permission checks shared by route modules: how WordPress answers a failed check (401 anonymous,
 * 403 logged in), capability and login requirements, and checks of single-record endpoints whose
 * record lookup answers 404 first.
 *
 * @module
 */
import { hasCap } from '../permissions.js';
import type { RestRequest } from '../router.js';
import { forbidden, WpRestFailure } from '../responses.js';

/** A permission check's answer: `true`, or the failure to answer. */
export type Permission = true | WpRestFailure;

/** A permission check of an endpoint. */
export type PermissionCheck = (request: RestRequest) => Permission;

/** How WordPress answers a failed permission check: 401 for anonymous requests, 403 otherwise. */
export function deny(request: RestRequest, code: string, message: string): WpRestFailure {
  return forbidden(code, message, request.user !== null);
}

/** `true` when `allowed`, else {@link deny} with the code and message. */
export function allowIf(request: RestRequest, allowed: boolean, code: string, message: string): Permission {
  return allowed ? true : deny(request, code, message);
}

/**
 * Runs a permission check that looks a record up first: the 404 the lookup throws becomes the
 * answer instead of escaping (the router also asks permission checks for the `Allow` header).
 */
export function guard(check: () => Permission): Permission {
  try {
    return check();
  } catch (error) {
    if (error instanceof WpRestFailure) return error;
    throw error;
  }
}

/**
 * The permission check of an endpoint of one record: loads the record (its 404 is the answer when
 * missing), then requires `allowed`, else 401/403 with the code and message.
 */
export function permissionGuard<T>(
  load: (request: RestRequest) => T,
  allowed: (request: RestRequest, row: T) => boolean,
  code: string,
  message: string,
): PermissionCheck {
  return (request) => guard(() => allowIf(request, allowed(request, load(request)), code, message));
}

/**
 * The permission check of an endpoint of one record that only needs the record to exist (its 404
 * is the answer when missing) before `check` decides.
 */
export function whenFound(load: (request: RestRequest) => unknown, check: PermissionCheck): PermissionCheck {
  return (request) =>
    guard(() => {
      load(request);
      return check(request);
    });
}

/** Requires a logged-in user with a capability, else 401/403 with the given code and message. */
export function requireCap(request: RestRequest, cap: string, code: string, message: string): Permission {
  return allowIf(request, hasCap(request.user, cap), code, message);
}

/** Requires any logged-in user. */
export function requireLogin(request: RestRequest, code: string, message: string): Permission {
  return request.user ? true : forbidden(code, message, false);
}
