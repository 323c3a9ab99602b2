/**
 * What the current user may do: create, read, update or delete a REST resource or one record of
 * it. Answers come from the `Allow` header of one `OPTIONS` request per resource, or for free from
 * the records themselves (`_links.self[0].targetHints.allow` on WordPress 6.7+, the `Allow` header
 * of a single record's `GET`), and from writes the server refused.
 *
 * @module
 */
import { createAtom, observable, runInAction, untracked, type IAtom } from 'mobx';
import { normaliseId, type Id } from '../models/ids.js';
import { isTracking } from '../models/lazyObservable.js';
import {
  ArgumentError,
  EntityConfigError,
  InvalidActionError,
  WpEntitiesError,
  toError,
} from '../core/errors.js';
import type { Transport } from '../core/transport/types.js';
import { InflightRequests } from './InflightRequests.js';
import { recordHints, type PermissionHintSink, type RecordHint } from './permissionHints.js';

/**
 * An action a permission check can ask about.
 *
 * @inline
 */
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

/**
 * An entity, or one record of it, as a permission resource: `{ kind: 'postType', name: 'post', id: 5 }`
 * asks about `/wp/v2/posts/5`, the same answer as the resource name `'posts'` with id `5`.
 */
export interface EntityResource {
  /** The entity kind (`postType`, `root`, `taxonomy`). */
  readonly kind: string;
  /** The entity name (`post`, `site`, `category`). */
  readonly name: string;
  /** A record of the entity; without it the check is about the collection (may create, …). */
  readonly id?: Id | undefined;
}

/** What a check is about: a REST resource name under `/wp/v2/` (`'posts'`, `'media'`), or an entity. */
export type PermissionResource = string | EntityResource;

/** The update and delete answers of one record, as `getEntityRecordPermissions` gives them. */
export interface RecordPermissionAnswers {
  /** May the user update it; undefined until known. */
  readonly update: boolean | undefined;
  /** May the user delete it; undefined until known. */
  readonly delete: boolean | undefined;
}

/** The parts of an entity config a permission check needs. `EntityConfig` satisfies it. */
export interface PermissionEntityConfig {
  /** The REST base of a dynamic post type or taxonomy (`posts`, `pages`). */
  readonly restBase?: string | undefined;
  /** The entity's base path (`/wp/v2/comments`): checks of the entity and its records are made there. */
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
  /** Entity configs, needed by entity resources, `canUserEditRecord` and `canEditRecord`. @default undefined */
  configs?: PermissionConfigSource;
}

/** A list's records whose hints were taken in and not read yet ({@link PermissionStore.receiveRecordHints}). */
interface UnreadHints {
  readonly config: PermissionEntityConfig;
  readonly records: readonly unknown[];
  readonly key: string;
  readonly mark: number;
}

/** A record's hint read inside a derivation, before it could go into the observable answers. */
interface ReadHint {
  readonly methods: ReadonlySet<string>;
  readonly mark: number;
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

/** `base[/id]`: the REST path a check is about, which is also its cache key. */
function withId(base: string, id: Id | undefined): string {
  return id === undefined ? base : `${base}/${String(id)}`;
}

/** The REST path of a resource name: `posts` → `/wp/v2/posts`. */
function namedPath(resource: string, id: Id | undefined): string {
  return withId(`/wp/v2/${resource}`, id);
}

/** The REST path of an entity's collection or record: its base path, then the id. */
export function entityPermissionPath(config: PermissionEntityConfig, id: Id | null | undefined): string {
  const base = config.baseURL === '/' ? '' : config.baseURL.replace(/\/+$/, '');
  return withId(base === '' ? '/' : base, checkedId(id));
}

function isEntityResource(value: unknown): value is EntityResource {
  return typeof value === 'object' && value !== null;
}

/** Rejects an entity resource without a kind or name, as the reference does. */
function assertEntityResource(resource: EntityResource): void {
  if (
    typeof resource.kind !== 'string' ||
    resource.kind === '' ||
    typeof resource.name !== 'string' ||
    resource.name === ''
  ) {
    throw new ArgumentError(
      `A permission resource object needs a kind and a name ({ kind: 'postType', name: 'post', id }); got ${JSON.stringify(resource)}.`,
    );
  }
}

/**
 * Permission checks for the current user.
 *
 * ```ts
 * await store.permissions.canUser('update', 'posts', 5);                                  // OPTIONS /wp/v2/posts/5
 * store.permissions.get('delete', { kind: 'postType', name: 'post', id: 5 });             // answered by the same request
 * await store.collection('postType', 'post').query({ per_page: 100 }).fetch();            // WordPress 6.7+: answers all 100
 * ```
 *
 * Which answer wins: every answer carries the mark of when its information was taken (an
 * `OPTIONS` or a read: when it was sent; a refused write: when the refusal arrived). A newer
 * answer replaces an older one, never the reverse, so a list's hints never override an `OPTIONS`
 * sent after the list, nor a write the server refused after the list was sent.
 */
export class PermissionStore implements PermissionHintSink {
  private readonly transport: Transport;
  private readonly configs: PermissionConfigSource | undefined;
  /** `action path` → allowed. */
  private readonly answers = observable.map<string, boolean>();
  /** Path → the mark of the information its answers came from (see the class notes). */
  private readonly marks = new Map<string, number>();
  /** Path (or `entity:kind/name`) → the error of its last check, while that check is the last one and failed. */
  private readonly failures = observable.map<string, Error>({}, { deep: false });
  /** `kind/name` of entities the config source said do not exist. */
  private readonly missingConfigs = observable.set<string>();
  private readonly requests = new InflightRequests();
  /** Lazy checks queued by observable reads, so a read never starts a request inside a derivation. */
  private readonly scheduled = new Set<string>();
  private lastMark = 0;
  /**
   * Lists whose records' hints are not read yet: a list's hints are read when a permission is
   * first asked for after it, when a reaction shows answers as it arrives, when the next list
   * arrives (so one list at most waits), or when eviction lets records go.
   */
  private unread: UnreadHints[] = [];
  /**
   * Hints read inside a derivation (a reaction's read, where no observable may change), by path:
   * answers as if taken in, and moved into the observable answers on a microtask.
   */
  private readHints: Map<string, ReadHint> | undefined;
  private isMoveQueued = false;
  /** True while a reaction or computed reads answers (then a list's hints are read as it arrives). */
  private isWatched = false;
  private readonly readers: IAtom = createAtom(
    'PermissionStore.readers',
    () => {
      this.isWatched = true;
    },
    () => {
      this.isWatched = false;
    },
  );

  /** Checks are sent through `transport`; `options.configs` is needed for entity resources. The constructor does no I/O. @internal */
  constructor(transport: Transport, options: PermissionStoreOptions = {}) {
    this.transport = transport;
    this.configs = options.configs;
  }

  /**
   * Whether the current user may do `action` on `resource` (or one record of it). `resource` is a
   * REST resource name (`'posts'`, with `id` for a record) or an entity (`{ kind, name, id }`; `id`
   * there wins over the argument). A cached answer resolves at once; otherwise one `OPTIONS`
   * answers all four actions and is shared by concurrent checks. A failed request (the `OPTIONS`,
   * or loading the entity's config, as offline) or an entity that does not exist records nothing
   * and resolves `undefined` (see {@link lastError}), so a later check asks again.
   * Rejects with {@link InvalidActionError} for any action but create, read, update and delete,
   * and with `ArgumentError` for an entity resource without kind or name.
   */
  canUser(action: PermissionAction, resource: PermissionResource, id?: Id): Promise<boolean | undefined> {
    if (!isPermissionAction(action)) return Promise.reject(new InvalidActionError(String(action)));
    if (!isEntityResource(resource)) return this.check(action, namedPath(resource, checkedId(id)));
    try {
      assertEntityResource(resource);
    } catch (error) {
      return Promise.reject(toError(error));
    }
    // A loaded config answers at once, so the request starts now (as for a resource name).
    const known = this.configs?.get(resource.kind, resource.name);
    if (known !== undefined) return this.check(action, entityPermissionPath(known, resource.id ?? id));
    return this.entityPath(resource, id).then((path) =>
      path === undefined ? undefined : this.check(action, path),
    );
  }

  /**
   * The cached answer for `action` on `resource[/id]` (observable); undefined until known, and
   * for an entity whose config is not loaded. Sends nothing.
   */
  get(action: PermissionAction, resource: PermissionResource, id?: Id): boolean | undefined {
    const path = this.cachedPathFor(resource, id);
    return path === undefined ? undefined : this.answer(action, path);
  }

  /**
   * The error of the last failed check of `resource[/id]`, so a caller can tell "unknown because it
   * failed" from "not asked yet" (a failed check itself resolves `undefined`, as the spec says);
   * for an entity that does not exist, its `EntityConfigError`; for an entity whose config could not
   * be loaded, that failure. Cleared by the next success. Observable.
   * @throws InvalidActionError for any action but create, read, update and delete.
   */
  lastError(action: PermissionAction, resource: PermissionResource, id?: Id): Error | undefined {
    if (!isPermissionAction(action)) throw new InvalidActionError(String(action));
    if (isEntityResource(resource)) {
      const missing = this.failures.get(`entity:${resource.kind}/${resource.name}`);
      if (missing !== undefined) return missing;
    }
    const path = this.cachedPathFor(resource, id);
    return path === undefined ? undefined : this.failureOf(path);
  }

  /** True while the OPTIONS request for `resource[/id]` is in flight (observable). */
  isRequesting(resource: PermissionResource, id?: Id): boolean {
    const path = this.cachedPathFor(resource, id);
    return path !== undefined && this.requests.isPending(path);
  }

  /**
   * @internal `store.dehydrate()`: every answer known, as `[action, path, isAllowed]` (the hints of
   * lists not read yet included).
   */
  knownAnswers(): [action: PermissionAction, path: string, isAllowed: boolean][] {
    this.settleHints();
    const paths = new Set<string>();
    for (const key of this.answers.keys()) paths.add(key.slice(key.indexOf(' ') + 1));
    for (const path of this.readHints?.keys() ?? []) paths.add(path);
    const out: [PermissionAction, string, boolean][] = [];
    for (const path of paths) {
      for (const action of Object.keys(METHOD_OF_ACTION) as PermissionAction[]) {
        const isAllowed = untracked(() => this.answer(action, path));
        if (isAllowed !== undefined) out.push([action, path, isAllowed]);
      }
    }
    return out;
  }

  /** @internal `store.hydrate()`: answers a snapshot brought, as if the server had given them now. */
  receiveAnswers(answers: readonly [action: PermissionAction, path: string, isAllowed: boolean][]): void {
    runInAction(() => {
      for (const [action, path, isAllowed] of answers) {
        this.answers.set(`${action} ${path}`, isAllowed);
        this.marks.set(path, this.mark());
      }
    });
  }

  /**
   * Stores an answer, as if the server had given it now (bootstrapping from server-rendered data,
   * tests). Rejects invalid actions like {@link PermissionStore.canUser}, but synchronously.
   */
  receive(action: PermissionAction, resource: string, id: Id | undefined, isAllowed: boolean): void {
    if (!isPermissionAction(action)) throw new InvalidActionError(String(action));
    const path = namedPath(resource, checkedId(id));
    this.settleHints();
    runInAction(() => {
      this.answers.set(`${action} ${path}`, isAllowed);
      this.marks.set(path, this.mark());
    });
  }

  /**
   * Whether the current user may update record `id` of `(kind, name)`. False for an entity that
   * does not exist; undefined when the check (or loading the entity's config) failed.
   */
  async canUserEditRecord(kind: string, name: string, id?: Id): Promise<boolean | undefined> {
    const config = await this.loadConfig(kind, name);
    if (config === null) return undefined;
    if (config === undefined) {
      runInAction(() => this.missingConfigs.add(`${kind}/${name}`));
      return false;
    }
    return this.check('update', entityPermissionPath(config, id));
  }

  /**
   * The observable answer to {@link PermissionStore.canUserEditRecord}: undefined until known, and
   * reading it while unknown starts the check (once; a failed check is asked again on a later
   * read). This is what `record.canEdit` returns.
   */
  canEditRecord(kind: string, name: string, id?: Id): boolean | undefined {
    return this.observeRecord('update', kind, name, id);
  }

  /**
   * The update and delete answers of record `id` (observable; what `getEntityRecordPermissions`
   * gives in the reference). Reading an unknown answer starts one check, which answers both; after
   * a list read on WordPress 6.7+ both are known without any request.
   */
  ofRecord(kind: string, name: string, id: Id): RecordPermissionAnswers {
    return {
      update: this.observeRecord('update', kind, name, id),
      delete: this.observeRecord('delete', kind, name, id),
    };
  }

  /**
   * Whether the current user may upload media (`create` on `media`), observable. Reading it while
   * unknown starts the check; `await permissions.canUser('create', 'media')` asks explicitly.
   */
  get canUpload(): boolean | undefined {
    const answer = this.get('create', 'media');
    if (answer === undefined) this.scheduleCheck(namedPath('media', undefined));
    return answer;
  }

  /** @internal A new mark in the order answers are taken in (see the class notes). */
  mark(): number {
    return ++this.lastMark;
  }

  /**
   * @internal Takes in the methods records of `config` allow (their `targetHints`, or the `Allow`
   * header of a record's `GET`), learned from a read sent at `sentMark`. A path with a newer answer
   * keeps it.
   */
  receiveHints(config: PermissionEntityConfig, hints: readonly RecordHint[], sentMark: number): void {
    if (hints.length === 0) return;
    this.settleHints();
    runInAction(() => {
      for (const hint of hints)
        this.takeMethods(entityPermissionPath(config, hint.id), hint.methods, sentMark);
    });
  }

  /**
   * @internal Takes in the hints a list's `records` carry (keyed by `key`), learned from a read
   * sent at `sentMark`, to be read later ({@link settleHints}): reading every record's
   * `targetHints` as a list arrives touches memory the parse wrote and the CPU's caches no longer
   * hold, and most lists are never asked about. Read at once when a reaction reads answers now, so it hears of them as before.
   */
  receiveRecordHints(
    config: PermissionEntityConfig,
    records: readonly unknown[],
    key: string,
    sentMark: number,
  ): void {
    if (records.length === 0) return;
    // One list at most waits: the one before is read now, so unread lists hold no memory for long.
    if (this.unread.length > 0) this.settleHints();
    this.unread.push({ config, records, key, mark: sentMark });
    if (this.isWatched) this.settleHints();
  }

  /**
   * @internal Reads the hints of the lists taken in and not read yet. Outside a derivation they go
   * into the observable answers now; inside one (no observable may change there) they answer
   * reads from aside and go in on a microtask. Every read and write of answers calls it first, so
   * the order answers win in is the order they were taken in.
   */
  settleHints(): void {
    if (this.unread.length > 0) this.readUnread();
    const read = this.readHints;
    if (read === undefined) return;
    if (isTracking()) {
      this.queueMove();
      return;
    }
    this.readHints = undefined;
    runInAction(() => {
      for (const [path, hint] of read) this.takeMethods(path, hint.methods, hint.mark);
    });
  }

  /** Reads every unread list's hints into {@link readHints} (plain: allowed inside a derivation). */
  private readUnread(): void {
    const lists = this.unread;
    this.unread = [];
    const read = (this.readHints ??= new Map<string, ReadHint>());
    for (const list of lists) {
      for (const hint of recordHints(list.records, list.key)) {
        const path = entityPermissionPath(list.config, hint.id);
        const known = read.get(path);
        // As `takeMethods`: an answer at least as new replaces the one kept.
        if (known === undefined || list.mark >= known.mark)
          read.set(path, { methods: hint.methods, mark: list.mark });
      }
    }
  }

  private queueMove(): void {
    if (this.isMoveQueued) return;
    this.isMoveQueued = true;
    queueMicrotask(() => {
      this.isMoveQueued = false;
      this.settleHints();
    });
  }

  /** The hint read aside for `path` when it is the newest answer there, else undefined. */
  private newestReadHint(path: string): ReadHint | undefined {
    const read = this.readHints?.get(path);
    return read !== undefined && read.mark >= (this.marks.get(path) ?? 0) ? read : undefined;
  }

  /** The answer for `action` on `path` (observable), the hints of lists not read yet included. */
  private answer(action: PermissionAction, path: string): boolean | undefined {
    this.settleHints();
    this.readers.reportObserved();
    const stored = this.answers.get(`${action} ${path}`);
    const read = this.newestReadHint(path);
    return read === undefined ? stored : read.methods.has(METHOD_OF_ACTION[action]);
  }

  /** The failure of the last check of `path` (observable), unless a newer hint answered it. */
  private failureOf(path: string): Error | undefined {
    this.settleHints();
    this.readers.reportObserved();
    const failure = this.failures.get(path);
    return this.newestReadHint(path) === undefined ? failure : undefined;
  }

  /**
   * @internal A write to record `id` of `config` was refused (401/403 with a "not allowed to edit
   * or delete it" code): `action` is not allowed, as of now. A later check or a read sent after
   * this answer may say otherwise; an older one never does.
   */
  noteRefusal(config: PermissionEntityConfig, id: Id | undefined, action: 'update' | 'delete'): void {
    const path = entityPermissionPath(config, id);
    this.settleHints();
    runInAction(() => {
      this.answers.set(`${action} ${path}`, false);
      this.marks.set(path, this.mark());
      this.failures.delete(path);
    });
  }

  private observeRecord(
    action: PermissionAction,
    kind: string,
    name: string,
    id: Id | undefined,
  ): boolean | undefined {
    const configs = this.requireConfigs();
    const config = configs.get(kind, name);
    if (config === undefined) {
      if (this.missingConfigs.has(`${kind}/${name}`)) return false;
      this.schedule(`config:${kind}/${name}/${String(checkedId(id))}`, () =>
        this.canUserEditRecord(kind, name, id),
      );
      return undefined;
    }
    const path = entityPermissionPath(config, id);
    const answer = this.answer(action, path);
    if (answer === undefined) this.scheduleCheck(path);
    return answer;
  }

  /** The cached answer, or the answer of one OPTIONS request shared by every check of `path`. */
  private check(action: PermissionAction, path: string): Promise<boolean | undefined> {
    const cached = this.answer(action, path);
    if (cached !== undefined) return Promise.resolve(cached);
    return this.requests.run(path, () => this.requestPermissions(path)).then(() => this.answer(action, path));
  }

  /** The path of an entity check, loading the entity's config; undefined for an entity that does not exist. */
  private async entityPath(resource: EntityResource, id: Id | undefined): Promise<string | undefined> {
    const config = await this.loadConfig(resource.kind, resource.name);
    if (config === null) return undefined;
    const missingKey = `entity:${resource.kind}/${resource.name}`;
    if (config === undefined) {
      runInAction(() =>
        this.failures.set(
          missingKey,
          new EntityConfigError(
            resource.kind,
            resource.name,
            `No entity config is registered for (${resource.kind}, ${resource.name}), so nothing can be checked on it.`,
          ),
        ),
      );
      return undefined;
    }
    return entityPermissionPath(config, resource.id ?? id);
  }

  /**
   * The config of `(kind, name)`, loading its kind when needed. A load that fails (offline) is kept
   * as the entity's last error and gives `null`: a check is a read nobody has to await, so its
   * failure is state, never a rejection. A loaded config clears that error.
   */
  private async loadConfig(kind: string, name: string): Promise<PermissionEntityConfig | undefined | null> {
    const configs = this.requireConfigs();
    const key = `entity:${kind}/${name}`;
    let config: PermissionEntityConfig | undefined;
    try {
      config = await configs.ensure(kind, name);
    } catch (error) {
      runInAction(() => this.failures.set(key, toError(error)));
      return null;
    }
    if (config !== undefined && this.failures.has(key)) runInAction(() => this.failures.delete(key));
    return config;
  }

  /** The path of a check when it can be known without a request (observable for entities). */
  private cachedPathFor(resource: PermissionResource, id: Id | undefined): string | undefined {
    if (!isEntityResource(resource)) return namedPath(resource, checkedId(id));
    const config = this.configs?.get(resource.kind, resource.name);
    return config === undefined ? undefined : entityPermissionPath(config, resource.id ?? id);
  }

  private requireConfigs(): PermissionConfigSource {
    if (this.configs === undefined) {
      throw new WpEntitiesError(
        'This PermissionStore has no entity config source: pass { configs } to its constructor to check record permissions.',
      );
    }
    return this.configs;
  }

  private scheduleCheck(path: string): void {
    if (this.requests.hasPending(path)) return;
    this.schedule(`path:${path}`, () => this.requests.run(path, () => this.requestPermissions(path)));
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

  /** Sets all four actions of `path` from `methods`, unless `path` has an answer newer than `mark`. */
  private takeMethods(path: string, methods: ReadonlySet<string>, mark: number): void {
    if ((this.marks.get(path) ?? 0) > mark) return;
    for (const action of PERMISSION_ACTIONS) {
      this.answers.set(`${action} ${path}`, methods.has(METHOD_OF_ACTION[action]));
    }
    this.marks.set(path, mark);
    this.failures.delete(path);
  }

  private async requestPermissions(path: string): Promise<void> {
    const sentMark = this.mark();
    let methods: Set<string>;
    try {
      methods = await this.transport.allowedMethods(path);
    } catch (error) {
      this.settleHints();
      // The spec ignores a failed OPTIONS request; its error is kept apart to say why it is unknown.
      runInAction(() => this.failures.set(path, toError(error)));
      return;
    }
    const tokens = new Set([...methods].map((method) => method.trim().toUpperCase()));
    this.settleHints();
    runInAction(() => this.takeMethods(path, tokens, sentMark));
  }
}
