/**
 * When cached data is asked for again without anyone calling `fetch()`: the freshness policy of a
 * store, per entity and per query or record, in TanStack Query's words (`staleTimeMs`, refetch on
 * window focus and on reconnect, an interval), and `invalidate` for "it changed on the server".
 *
 * Only what something observes is asked for again (a component, a reaction): a script's reads, and
 * whatever nobody reads, are never refetched. A refetch is an ordinary GET: it merges into the
 * cache and never touches unsaved edits; the version an edit started from stays its base, so a
 * record someone else changed while it was edited surfaces as the save conflict
 * (`conflicts: 'detect'`), never as a silent overwrite.
 *
 * @module
 */
import { EntityQuery } from '../models/EntityQuery.js';
import { EntityRecord } from '../models/EntityRecord.js';
import type { Id } from '../models/ids.js';
import { ArgumentError } from '../core/errors.js';

/** When observed data is asked for again. Every field is optional: what is left out comes from the wider policy. */
export interface FreshnessPolicy {
  /**
   * How long after its last answer data counts as fresh: focus, reconnect and an interval refetch
   * only what is older. `Infinity` never refetches by itself (only `invalidate` does).
   * @default 0 (always stale: every focus refetches what is shown)
   */
  staleTimeMs?: number | undefined;
  /** Refetch what is observed and stale when the window regains focus or the page becomes visible. @default true */
  refetchOnWindowFocus?: boolean | undefined;
  /** Refetch what is observed and stale when the browser comes back online. @default true */
  refetchOnReconnect?: boolean | undefined;
  /** Refetch what is observed this often while it is observed; `false` for never. @default false */
  refetchIntervalMs?: number | false | undefined;
}

/** A policy with every field worked out. */
export interface ResolvedFreshnessPolicy {
  readonly staleTimeMs: number;
  readonly refetchOnWindowFocus: boolean;
  readonly refetchOnReconnect: boolean;
  readonly refetchIntervalMs: number | false;
}

/** The store's freshness options: a policy for everything, and policies per entity. */
export interface FreshnessOptions extends FreshnessPolicy {
  /** Policies per entity, keyed `'kind/name'` (`'postType/post'`, `'root/site'`), over the store's. @default {} */
  entities?: Readonly<Record<string, FreshnessPolicy>> | undefined;
}

/**
 * What {@link Freshness.invalidate} names: a collection, or one record of it.
 *
 * @inline
 */
export interface InvalidateTarget {
  /** The entity kind (`'postType'`, `'root'`, `'taxonomy'`). */
  kind: string;
  /** The entity name (`'post'`, `'site'`, `'category'`). */
  name: string;
  /** One record; without it, every list and record of the entity. */
  id?: Id | undefined;
}

/** What the freshness policy reads from a store. */
export interface FreshnessHost {
  /** Every collection made so far. */
  readonly allCollections: readonly FreshCollection[];
  /** The collection of `(kind, name)`. */
  collection(kind: string, name: string): FreshCollection;
  /** True once the store was disposed. */
  readonly isDisposed: boolean;
}

/** What the policy reads from a collection (an `EntityCollection`). */
export interface FreshCollection {
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** Every query made so far. */
  readonly allQueries: readonly EntityQuery<object, object>[];
  /** Every record made so far. */
  readonly allRecords: readonly EntityRecord<object, object>[];
  /** The record made for `id` so far, without making one. */
  peek(id: Id | undefined): EntityRecord<object, object> | undefined;
  /** GETs one record now. */
  fetch(id?: Id): Promise<unknown>;
  /** Marks every query stale; observed ones ask again. */
  invalidateQueries(): void;
}

/**
 * Why a refetch was asked for.
 *
 * @inline
 */
export type RefreshReason = 'focus' | 'reconnect' | 'interval';

const DEFAULTS: ResolvedFreshnessPolicy = Object.freeze({
  staleTimeMs: 0,
  refetchOnWindowFocus: true,
  refetchOnReconnect: true,
  refetchIntervalMs: false,
});

/** The smallest interval, so a tiny one cannot flood the site. */
const MIN_INTERVAL_MS = 1_000;

/** The freshness policy of one store: `store.freshness`. */
export class Freshness {
  private readonly store: FreshnessHost;
  private readonly base: ResolvedFreshnessPolicy;
  private readonly entities = new Map<string, FreshnessPolicy>();
  private readonly own = new WeakMap<object, FreshnessPolicy>();
  /** Records this policy asked for whose GET has not answered yet (a focus comes with a visibilitychange). */
  private readonly asking = new WeakSet<object>();
  /** Records invalidated while nobody observed them: their next hook asks for them again. */
  private readonly invalidated = new WeakSet<object>();
  /** The intervals query and record policies asked for (kept: the timer ticks at the shortest). */
  private readonly ownIntervalsMs = new Set<number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private timerEveryMs = 0;
  private isStarted = false;
  private stopListening: (() => void) | undefined;

  /** The policy of a store made with `options`. Does nothing until {@link start}. */
  constructor(store: FreshnessHost, options: FreshnessOptions = {}) {
    this.store = store;
    const { entities, ...policy } = options;
    checkPolicy(policy, 'freshness');
    this.base = { ...DEFAULTS, ...withoutUndefined(policy) } as ResolvedFreshnessPolicy;
    for (const [key, entityPolicy] of Object.entries(entities ?? {})) {
      if (!/^[^/]+\/.+$/.test(key)) {
        throw new ArgumentError(`freshness.entities keys are 'kind/name' ('postType/post'); got '${key}'.`);
      }
      checkPolicy(entityPolicy, `freshness.entities['${key}']`);
      this.entities.set(key, entityPolicy);
    }
  }

  /**
   * Sets the policy of one entity (`{ kind, name }`), or of one query or record (the object
   * `collection.query(…)` or `store.record(…)` returned), over the wider ones. `undefined` fields
   * keep the wider value.
   */
  set<T extends object, E extends object>(
    target: { kind: string; name: string } | EntityQuery<T, E> | EntityRecord<T, E>,
    policy: FreshnessPolicy,
  ): void {
    checkPolicy(policy, 'the policy');
    if (target instanceof EntityQuery || target instanceof EntityRecord) {
      this.own.set(target, policy);
      if (typeof policy.refetchIntervalMs === 'number') this.ownIntervalsMs.add(policy.refetchIntervalMs);
    } else {
      this.entities.set(`${target.kind}/${target.name}`, policy);
    }
    this.updateTimer();
  }

  /** The policy in force for a query or record: its own over its entity's over the store's. */
  policyOf<T extends object, E extends object>(
    target: EntityQuery<T, E> | EntityRecord<T, E>,
  ): ResolvedFreshnessPolicy {
    const names =
      target instanceof EntityQuery
        ? (target.collection as unknown as { kind: string; name: string })
        : target;
    return this.resolve(names.kind, names.name, target);
  }

  /**
   * Something changed on the server: every list of `(kind, name)` and its records, or only record
   * `id`, is stale. What is observed is asked for again now; the rest on its next observation
   * (a list) or the next hook that shows it (a record). Unsaved edits are never touched.
   */
  invalidate(target: InvalidateTarget): void {
    if (typeof target?.kind !== 'string' || typeof target.name !== 'string') {
      throw new ArgumentError(
        "invalidate takes { kind, name, id? }, e.g. { kind: 'postType', name: 'post', id: 5 }.",
      );
    }
    const collection = this.store.collection(target.kind, target.name);
    if (target.id !== undefined) {
      const record = collection.peek(target.id);
      if (record !== undefined) this.invalidateRecord(collection, record);
      return;
    }
    // The observed lists ask again at once, and bring the records they show with them.
    const listed = observedListRecords(collection);
    collection.invalidateQueries();
    for (const record of collection.allRecords)
      if (!listed.has(record)) this.invalidateRecord(collection, record);
  }

  /**
   * Refetches what is observed, stale, and whose policy asks for it on `reason`; returns how many
   * lists and records were asked for. The store calls it on focus, online and its interval.
   */
  refresh(reason: RefreshReason, nowMs: number = Date.now()): number {
    const store = this.store;
    if (store.isDisposed) return 0;
    let asked = 0;
    for (const collection of store.allCollections) {
      // A record an observed list shows is refreshed by that list, not by a GET of its own.
      const listed = observedListRecords(collection);
      for (const query of collection.allQueries) {
        if (!query.isObservedNow) continue;
        if (query.isResolving || !query.hasResolved) continue;
        const policy = this.resolve(collection.kind, collection.name, query);
        if (!this.wants(policy, reason, query.dataUpdatedAtMs, nowMs)) continue;
        asked++;
        // Observers read `error`; a refetch never throws.
        query.fetch().catch(() => undefined);
      }
      for (const record of collection.allRecords) {
        // Only records asked for on their own, complete, and read by something now.
        if (!record.hasResolved || record.isResolving || !record.isComplete || listed.has(record)) continue;
        if (this.asking.has(record) || !record.isObserved()) continue;
        const policy = this.resolve(collection.kind, collection.name, record);
        if (!this.wants(policy, reason, record.dataUpdatedAtMs, nowMs)) continue;
        asked++;
        this.refetchRecord(collection, record);
      }
    }
    return asked;
  }

  /**
   * @internal A hook shows `record`: true (once) when it was invalidated while nobody observed
   * it, so the hook asks for it again.
   */
  takeInvalidated(record: object): boolean {
    if (!this.invalidated.has(record)) return false;
    this.invalidated.delete(record);
    return true;
  }

  /**
   * Listens to the window's focus, visibility and online events (where there is a window) and runs
   * the interval of the policies that set one. Returns the function that stops it all.
   */
  start(): () => void {
    this.isStarted = true;
    const target = globalThis as {
      addEventListener?: typeof addEventListener;
      removeEventListener?: typeof removeEventListener;
      document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
    };
    if (typeof target.addEventListener === 'function') {
      const page = target.document;
      // The window's listeners must not keep a store that was dropped without `dispose()`.
      const self = weakly(this);
      const onFocus = (): void => void self()?.refresh('focus');
      const onVisible = (): void => {
        if (page?.visibilityState === 'visible') self()?.refresh('focus');
      };
      const onOnline = (): void => void self()?.refresh('reconnect');
      target.addEventListener('focus', onFocus);
      target.addEventListener('online', onOnline);
      // Fired at the document (a tab brought back to the front fires it, not always focus).
      page?.addEventListener('visibilitychange', onVisible);
      this.stopListening = () => {
        target.removeEventListener?.('focus', onFocus);
        target.removeEventListener?.('online', onOnline);
        page?.removeEventListener('visibilitychange', onVisible);
      };
    }
    this.updateTimer();
    return () => this.stop();
  }

  private stop(): void {
    this.isStarted = false;
    this.stopListening?.();
    this.stopListening = undefined;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.timerEveryMs = 0;
  }

  private invalidateRecord(collection: FreshCollection, record: EntityRecord<object, object>): void {
    if (!record.hasResolved) return;
    if (record.isObserved() && !record.isResolving) {
      this.refetchRecord(collection, record);
    } else {
      this.invalidated.add(record);
    }
  }

  /** GETs `record` again (once at a time); a failure is its `fetchError`. */
  private refetchRecord(collection: FreshCollection, record: EntityRecord<object, object>): void {
    if (this.asking.has(record)) return;
    this.asking.add(record);
    collection
      .fetch(record.id)
      .catch(() => undefined)
      .finally(() => this.asking.delete(record));
  }

  private wants(
    policy: ResolvedFreshnessPolicy,
    reason: RefreshReason,
    updatedAtMs: number,
    nowMs: number,
  ): boolean {
    if (reason === 'focus' && !policy.refetchOnWindowFocus) return false;
    if (reason === 'reconnect' && !policy.refetchOnReconnect) return false;
    if (reason === 'interval') {
      if (policy.refetchIntervalMs === false) return false;
      return nowMs - updatedAtMs >= Math.max(policy.refetchIntervalMs, policy.staleTimeMs);
    }
    return nowMs - updatedAtMs >= policy.staleTimeMs;
  }

  /** One timer at the shortest interval any policy asks for; each tick refetches what is due. */
  private updateTimer(): void {
    if (!this.isStarted) return;
    const intervals = [
      this.base.refetchIntervalMs,
      ...[...this.entities.values()].map((policy) => policy.refetchIntervalMs),
      ...this.ownIntervalsMs,
    ];
    const shortest = Math.min(...intervals.map((ms) => (typeof ms === 'number' ? ms : Infinity)));
    const everyMs = Number.isFinite(shortest) ? Math.max(MIN_INTERVAL_MS, shortest) : 0;
    if (everyMs === this.timerEveryMs) return;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.timerEveryMs = everyMs;
    if (everyMs === 0) return;
    const self = weakly(this);
    this.timer = setInterval(() => void self()?.refresh('interval'), everyMs);
    // A Node script that is done must not stay alive for a refetch timer.
    if (typeof this.timer === 'object' && typeof this.timer.unref === 'function') this.timer.unref();
  }

  private resolve(kind: string, name: string, target: object): ResolvedFreshnessPolicy {
    const entity = this.entities.get(`${kind}/${name}`);
    const own = this.own.get(target);
    if (entity === undefined && own === undefined) return this.base;
    return {
      ...this.base,
      ...withoutUndefined(entity ?? {}),
      ...withoutUndefined(own ?? {}),
    } as ResolvedFreshnessPolicy;
  }
}

/** A getter of `target` that does not keep it alive (where the runtime has WeakRef). */
function weakly<T extends object>(target: T): () => T | undefined {
  if (typeof WeakRef !== 'function') return () => target;
  const ref = new WeakRef(target);
  return () => ref.deref();
}

/** The records the observed lists of `collection` show. */
function observedListRecords(collection: FreshCollection): Set<EntityRecord<object, object>> {
  const listed = new Set<EntityRecord<object, object>>();
  for (const query of collection.allQueries) {
    if (!query.isObservedNow) continue;
    for (const record of query.records ?? []) listed.add(record);
  }
  return listed;
}

/** The fields of `policy` that are set. */
function withoutUndefined(policy: FreshnessPolicy): FreshnessPolicy {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(policy)) if (value !== undefined) out[key] = value;
  return out as FreshnessPolicy;
}

/** Refuses a policy with a field of the wrong type, naming it. */
function checkPolicy(policy: FreshnessPolicy, where: string): void {
  if (typeof policy !== 'object' || policy === null) {
    throw new ArgumentError(`${where} must be an object of freshness options; got ${String(policy)}.`);
  }
  const { staleTimeMs, refetchOnWindowFocus, refetchOnReconnect, refetchIntervalMs } = policy;
  if (staleTimeMs !== undefined && !(typeof staleTimeMs === 'number' && staleTimeMs >= 0)) {
    throw new ArgumentError(
      `${where}.staleTimeMs must be 0 or more milliseconds (or Infinity); got ${String(staleTimeMs)}.`,
    );
  }
  for (const [key, value] of [
    ['refetchOnWindowFocus', refetchOnWindowFocus],
    ['refetchOnReconnect', refetchOnReconnect],
  ] as const) {
    if (value !== undefined && typeof value !== 'boolean') {
      throw new ArgumentError(`${where}.${key} must be true or false; got ${String(value)}.`);
    }
  }
  if (
    refetchIntervalMs !== undefined &&
    refetchIntervalMs !== false &&
    !(typeof refetchIntervalMs === 'number' && refetchIntervalMs > 0 && Number.isFinite(refetchIntervalMs))
  ) {
    throw new ArgumentError(
      `${where}.refetchIntervalMs must be a positive number of milliseconds or false; got ${String(refetchIntervalMs)}.`,
    );
  }
}
