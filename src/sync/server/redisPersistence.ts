/**
 * Keeps every room's shared document in Redis, so unsaved shared edits outlive every client and
 * every server restart. A Hocuspocus extension: the document is loaded when a room is first opened
 * on a server and stored (debounced by Hocuspocus) after changes.
 *
 * Layout: one hash per room, `${prefix}:doc:${room}`, one field per server process holding that
 * process's full document state as a Yjs update. Each server writes only its own field, so two
 * servers storing at once never overwrite each other's edits; loading merges all fields (Yjs
 * updates merge like sets) and folds them back into one. Every store and load renews the key's
 * expiry, so a room expires only after {@link RedisPersistenceOptions.idleExpiryMs} without use.
 *
 * @module
 */
import type {
  Extension,
  Hocuspocus,
  onChangePayload,
  onConfigurePayload,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import type { Redis } from 'ioredis';
import * as Y from 'yjs';

/** The origin Hocuspocus's Redis extension gives changes that came from another server. */
const REDIS_EXTENSION_ORIGIN = '__hocuspocus__redis__origin__';

/** Options of {@link RedisPersistence}. */
export interface RedisPersistenceOptions {
  /** The client used for reads and writes (shared with nothing that subscribes). */
  redis: Redis;
  /** This server process's field in each room's hash; unique per process. */
  instanceId: string;
  /** Key prefix. @default 'wp-entities' */
  prefix?: string;
  /** A room unused for this long is deleted by Redis. @default 604800000 (7 days) */
  idleExpiryMs?: number;
}

/** Stores rooms' documents in Redis hashes; see the module comment. */
export class RedisPersistence implements Extension {
  /** The name Hocuspocus prints for this extension. */
  readonly extensionName = 'wp-entities Redis persistence';
  readonly #redis: Redis;
  readonly #instanceId: string;
  readonly #prefix: string;
  readonly #idleExpiryMs: number;
  #instance: Hocuspocus | undefined;

  /** The constructor does no I/O. */
  constructor(options: RedisPersistenceOptions) {
    this.#redis = options.redis;
    this.#instanceId = options.instanceId;
    this.#prefix = options.prefix ?? 'wp-entities';
    this.#idleExpiryMs = options.idleExpiryMs ?? 7 * 24 * 60 * 60 * 1000;
  }

  /** The Redis key of a room's document. */
  keyOf(room: string): string {
    return `${this.#prefix}:doc:${room}`;
  }

  /** Remembers the Hocuspocus instance, to schedule stores of changes that came from other servers. */
  async onConfigure({ instance }: onConfigurePayload): Promise<void> {
    this.#instance = instance;
  }

  /** Loads the stored state into a room's document when it opens on this server. */
  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const key = this.keyOf(documentName);
    const fields = await this.#redis.hgetallBuffer(key);
    const names = Object.keys(fields);
    if (names.length === 0) return;
    const updates = names.map((name) => new Uint8Array(fields[name] as Buffer));
    const merged = updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates);
    Y.applyUpdate(document, merged);
    // Fold the fields into this server's one, deleting only those read: a field another server
    // wrote meanwhile stays.
    const stale = names.filter((name) => name !== this.#instanceId);
    const write = this.#redis.multi().hset(key, this.#instanceId, Buffer.from(merged));
    if (stale.length > 0) write.hdel(key, ...stale);
    await write.pexpire(key, this.#idleExpiryMs).exec();
  }

  /** Writes this server's full state of the document (Hocuspocus debounces the calls). */
  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const key = this.keyOf(documentName);
    await this.#redis
      .multi()
      .hset(key, this.#instanceId, Buffer.from(Y.encodeStateAsUpdate(document)))
      .pexpire(key, this.#idleExpiryMs)
      .exec();
  }

  /**
   * Hocuspocus stores only changes its own clients made; edits relayed from another server are
   * stored too, so a room survives that other server dying before its debounce ran.
   */
  async onChange(payload: onChangePayload): Promise<void> {
    if ((payload.transactionOrigin as unknown) !== REDIS_EXTENSION_ORIGIN || !this.#instance) return;
    // A failed store is logged by Hocuspocus and retried on the next change.
    await Promise.resolve(this.#instance.storeDocumentHooks(payload.document, payload)).catch(
      () => undefined,
    );
  }
}
