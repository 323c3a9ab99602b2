/**
 * What the current user may do: create, read, update or delete a REST resource, answered by the
 * `Allow` header of one `OPTIONS /wp/v2/{resource}[/{id}]` request and cached per action.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import { permissionResourceOf } from '../models/EntityConfig.js';
import { normaliseId, type Id } from '../models/ids.js';
import { InvalidActionError, WpEntitiesError, toError } from '../core/errors.js';
import type { Transport } from '../core/transport/types.js';
import { InflightRequests } from './InflightRequests.js';

/** An action a permission check can ask about. */
export type PermissionAction = 'create' | 'read' | 'update' | 'delete';

/** Every valid {@link PermissionAction}, in the order the reference lists them. */
export const PERMISSION_ACTIONS: readonly PermissionAction[] = ['create', 'read', 'update', 'delete'];

/** The HTTP method in the `Allow` header that grants each action. */
const METHOD_OF_ACTION: Readonly<Record<PermissionAction, string>> = {
  create: 'POST',
  read: 'GET',
  update: 'PUT',
  delete: 'DELETE',
};

/** The parts of an entity config a permission check needs. `EntityConfig` satisfies it. */
export interface PermissionEntityConfig {
  /** The REST base of a dynamic post type or taxonomy (`posts`, `pages`). */
  readonly restBase?: string | undefined;
  /** The entity's base path (`/wp/v2/comments`); used when there is no `restBase`. */
  readonly baseURL: string;
}

/** Where {@link PermissionStore} finds entity configs. `EntityRegistry` satisfies it. */
export interface PermissionConfigSource {
  /** The config if it is loaded (observable), else undefined; never requests. */
  get(kind: string, name: string): PermissionEntityConfig | undefined;
  /** The config, loading the kind first when needed; undefined when there is no such entity. */
  ensure(kind: string, name: string): Promise<PermissionEntityConfig | undefined>;
}

/** Optional collaborators of a {@link PermissionStore}. */
export interface PermissionStoreOptions {
  /** Entity configs, needed by `canUserEditRecord` and `canEditRecord`. @default undefined */
  configs?: PermissionConfigSource;
}

/** True when `value` is one of create, read, update, delete. */
export function isPermissionAction(value: unknown): value is PermissionAction {
  return typeof value === 'string' && (PERMISSION_ACTIONS as readonly string[]).includes(value);
}

/** The record id of a check, normalised like every id (`'12'` → `12`); `0`, `''`, null and undefined mean "no id", as in the reference. */
function checkedId(id: Id | null | undefined): Id | undefined {
  if (id === undefined || id === null || id === '') return undefined;
  const normalised = normaliseId(id);
  return normalised === 0 ? undefined : normalised;
}

/** The `resource[/id]` part shared by the cache key and the OPTIONS path. */
function target(resource: string, id: Id | undefined): string {
  return id === undefined ? resource : `${resource}/${String(id)}`;
}

/**
 * Permission checks for the current user.
 *
 * ```ts
 * await store.permissions.canUser('update', 'posts', 5); // OPTIONS /wp/v2/posts/5
 * store.permissions.get('delete', 'posts', 5);           // answered by the same request
 * ```
 */
export class PermissionStore {
  private readonly transport: Transport;
  private readonly configs: PermissionConfigSource | undefined;
  /** `action/resource[/id]` → allowed. */
  private readonly answers = observable.map<string, boolean>();
  /** `resource[/id]` → the error of its last OPTIONS request, while that request is the last one and failed. */
  private readonly failures = observable.map<string, Error>({}, { deep: false });
  /** `kind/name` of entities the config source said do not exist. */
  private readonly missingConfigs = observable.set<string>();
  private readonly requests = new InflightRequests();
  /** Lazy checks queued by observable reads, so a read never starts a request inside a derivation. */
  private readonly scheduled = new Set<string>();

  /** Checks are sent through `transport`; `options.configs` is needed for record checks. The constructor does no I/O. */
  constructor(transport: Transport, options: PermissionStoreOptions = {}) {
    this.transport = transport;
    this.configs = options.configs;
  }

  /**
   * Whether the current user may do `action` on `resource` (or one record of it). One `OPTIONS`
   * answers all four actions and is shared by concurrent checks; a failed request records nothing
   * and resolves `undefined`, so a later check asks again.
   * Rejects with {@link InvalidActionError} for any action but create, read, update and delete.
   */
  canUser(action: PermissionAction, resource: string, id?: Id): Promise<boolean | undefined> {
    if (!isPermissionAction(action)) return Promise.reject(new InvalidActionError(String(action)));
    const normalisedId = checkedId(id);
    const key = `${action}/${target(resource, normalisedId)}`;
    const cached = this.answers.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    return this.requests
      .run(target(resource, normalisedId), () => this.requestPermissions(resource, normalisedId))
      .then(() => this.answers.get(key));
  }

  /** The cached answer for `action` on `resource[/id]` (observable); undefined until known. */
  get(action: PermissionAction, resource: string, id?: Id): boolean | undefined {
    return this.answers.get(`${action}/${target(resource, checkedId(id))}`);
  }

  /**
   * The `RestError` of the last failed check of `resource[/id]`, so a caller can tell "unknown
   * because it failed" from "not asked yet" (a failed check itself resolves `undefined`, as the spec
   * says); cleared by the next success. Observable.
   * @throws InvalidActionError for any action but create, read, update and delete.
   */
  lastError(action: PermissionAction, resource: string, id?: Id): Error | undefined {
    if (!isPermissionAction(action)) throw new InvalidActionError(String(action));
    return this.failures.get(target(resource, checkedId(id)));
  }

  /** True while the OPTIONS request for `resource[/id]` is in flight (observable). */
  isRequesting(resource: string, id?: Id): boolean {
    return this.requests.isPending(target(resource, checkedId(id)));
  }

  /**
   * Stores an answer, as if the server had given it (bootstrapping from server-rendered data,
   * tests). Rejects invalid actions like {@link PermissionStore.canUser}, but synchronously.
   */
  receive(action: PermissionAction, resource: string, id: Id | undefined, isAllowed: boolean): void {
    if (!isPermissionAction(action)) throw new InvalidActionError(String(action));
    const key = `${action}/${target(resource, checkedId(id))}`;
    runInAction(() => this.answers.set(key, isAllowed));
  }

  /**
   * Whether the current user may update record `id` of `(kind, name)` (`update` on its REST base).
   * False for an unknown entity; undefined when the check failed or the entity is outside `/wp/v2/`.
   */
  async canUserEditRecord(kind: string, name: string, id?: Id): Promise<boolean | undefined> {
    const configs = this.requireConfigs();
    const config = await configs.ensure(kind, name);
    if (config === undefined) {
      runInAction(() => this.missingConfigs.add(`${kind}/${name}`));
      return false;
    }
    const resource = permissionResourceOf(config);
    if (resource === undefined) return undefined;
    return this.canUser('update', resource, id);
  }

  /**
   * The observable answer to {@link PermissionStore.canUserEditRecord}: undefined until known, and
   * reading it while unknown starts the check (once; a failed check is asked again on a later
   * read). This is what `record.canEdit` returns.
   */
  canEditRecord(kind: string, name: string, id?: Id): boolean | undefined {
    const configs = this.requireConfigs();
    const config = configs.get(kind, name);
    if (config === undefined) {
      if (this.missingConfigs.has(`${kind}/${name}`)) return false;
      this.schedule(`edit:${kind}/${name}/${String(checkedId(id))}`, () =>
        this.canUserEditRecord(kind, name, id),
      );
      return undefined;
    }
    const resource = permissionResourceOf(config);
    if (resource === undefined) return undefined;
    const answer = this.get('update', resource, id);
    if (answer === undefined) this.scheduleCheck('update', resource, checkedId(id));
    return answer;
  }

  /**
   * Whether the current user may upload media (`create` on `media`), observable. Reading it while
   * unknown starts the check; `await permissions.canUser('create', 'media')` asks explicitly.
   */
  get canUpload(): boolean | undefined {
    const answer = this.get('create', 'media');
    if (answer === undefined) this.scheduleCheck('create', 'media', undefined);
    return answer;
  }

  private requireConfigs(): PermissionConfigSource {
    if (this.configs === undefined) {
      throw new WpEntitiesError(
        'This PermissionStore has no entity config source: pass { configs } to its constructor to check record permissions.',
      );
    }
    return this.configs;
  }

  private scheduleCheck(action: PermissionAction, resource: string, id: Id | undefined): void {
    if (this.requests.hasPending(target(resource, id))) return;
    this.schedule(`${action}/${target(resource, id)}`, () => this.canUser(action, resource, id));
  }

  /** Starts `check` in a microtask, once per key until it has started. */
  private schedule(key: string, check: () => Promise<unknown>): void {
    if (this.scheduled.has(key)) return;
    this.scheduled.add(key);
    queueMicrotask(() => {
      this.scheduled.delete(key);
      // A failed lazy check is already "ignored" by design; the next read asks again.
      check().catch(() => undefined);
    });
  }

  private async requestPermissions(resource: string, id: Id | undefined): Promise<void> {
    const key = target(resource, id);
    let methods: Set<string>;
    try {
      methods = await this.transport.allowedMethods(`/wp/v2/${key}`);
    } catch (error) {
      // The spec ignores a failed OPTIONS request; its error is kept apart to say why it is unknown.
      runInAction(() => this.failures.set(key, toError(error)));
      return;
    }
    const tokens = new Set([...methods].map((method) => method.trim().toUpperCase()));
    runInAction(() => {
      this.failures.delete(key);
      for (const action of PERMISSION_ACTIONS) {
        this.answers.set(`${action}/${target(resource, id)}`, tokens.has(METHOD_OF_ACTION[action]));
      }
    });
  }
}
