/**
 * The REST route of an app's own singleton entity (what a plugin registers: a settings-like record
 * at one path), for tests that add an entity config: `GET` answers the record as it is now, `POST`
 * (or `PUT`/`PATCH`) sets the fields the body names and answers the record. Both need the
 * entity's `sync.roomCapability` when it syncs, else `edit_posts`.
 *
 * @module
 */
import { hasCap } from '../permissions.js';
import { EDITABLE, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok } from '../responses.js';
import { deny } from './guards.js';

/** What the mock needs of an entity config to serve it. */
export interface AppEntityRoute {
  /** The REST path (`/my-plugin/v1/note`): its first two segments are the namespace. */
  readonly baseURL: string;
  /** The capability both methods need. */
  readonly capability: string;
}

/** The route of one singleton over `record` (changed in place by writes). */
export function appEntityRoute(entity: AppEntityRoute, record: Record<string, unknown>): Route {
  const path = `/${entity.baseURL.replace(/^\/+|\/+$/g, '')}`;
  const namespace = path.split('/').slice(1, 3).join('/');
  const permission = (request: RestRequest) =>
    hasCap(request.user, entity.capability)
      ? (true as const)
      : deny(request, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
  return route(path, namespace, [
    { methods: READABLE, permission, handler: () => ok({ ...record }) },
    {
      methods: EDITABLE,
      permission,
      handler: (request) => {
        for (const [field, value] of Object.entries(request.body)) if (field in record) record[field] = value;
        return ok({ ...record });
      },
    },
  ]);
}
