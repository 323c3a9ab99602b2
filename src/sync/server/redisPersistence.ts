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
 * Durable acknowledgement: every update a client sends is appended to the room's hash as a field
 * of its own (`${instanceId}:${n}`) before Hocuspocus applies it, and Hocuspocus acknowledges an
 * update only after applying it, so a client is told an edit is saved only once Redis has it. A
 * server killed on the spot loses nothing it acknowledged. The full-state store (debounced by
 * Hocuspocus) then folds the appended fields it covers away, in the same transaction.
 *
 * @module
 */
import type {
  afterUnloadDocumentPayload,
  beforeHandleMessagePayload,
  Extension,
  Hocuspocus,
  onChangePayload,
  onConfigurePayload,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import type { Redis } from 'ioredis';
import * as Y from 'yjs';
import { syncMessageUpdate } from './syncMessageUpdate.js';

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
  /**
   * Append every client update before it is applied and acknowledged (see the module comment).
   * Off, an acknowledged edit waits for the debounced store and dies with the server before it.
   * @default true
   */
  isDurable?: boolean;
}

/** An update appended to a room's hash, until a full-state store covers it. */
interface AppendedUpdate {
  readonly field: string;
  readonly update: Uint8Array;
}

/** Stores rooms' documents in Redis hashes; see the module comment. */
export class RedisPersistence implements Extension {
  /** The name Hocuspocus prints for this extension. */
  readonly extensionName = 'wp-entities Redis persistence';
  readonly #redis: Redis;
  readonly #instanceId: string;
  readonly #prefix: string;
  readonly #idleExpiryMs: number;
  readonly #isDurable: boolean;
  #instance: Hocuspocus | undefined;
  /** Appended fields per room, in order, not yet covered by a store. */
  readonly #appended = new Map<string, AppendedUpdate[]>();
  #appendCount = 0;

  /** The constructor does no I/O. */
  constructor(options: RedisPersistenceOptions) {
    this.#redis = options.redis;
    this.#instanceId = options.instanceId;
    this.#prefix = options.prefix ?? 'wp-entities';
    this.#idleExpiryMs = options.idleExpiryMs ?? 7 * 24 * 60 * 60 * 1000;
    this.#isDurable = options.isDurable ?? true;
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

  /**
   * Appends a client's update to the room's hash before Hocuspocus applies (and acknowledges) it.
   * A failed append rejects, so Hocuspocus drops the message and closes the connection unacknowledged;
   * the client sends the edit again when it reconnects.
   */
  async beforeHandleMessage({ documentName, update }: beforeHandleMessagePayload): Promise<void> {
    if (!this.#isDurable) return;
    const changes = syncMessageUpdate(update);
    if (changes === undefined) return;
    const key = this.keyOf(documentName);
    this.#appendCount += 1;
    const field = `${this.#instanceId}:${this.#appendCount}`;
    const results = await this.#redis
      .multi()
      .hset(key, field, Buffer.from(changes))
      .pexpire(key, this.#idleExpiryMs)
      .exec();
    const failed = results?.find(([error]) => error !== null)?.[0];
    if (results === null || failed)
      throw failed ?? new Error(`Redis did not store an update of ${documentName}`);
    let appended = this.#appended.get(documentName);
    if (appended === undefined) this.#appended.set(documentName, (appended = []));
    appended.push({ field, update: changes });
  }

  /**
   * Writes this server's full state of the document (Hocuspocus debounces the calls) and removes
   * the appended updates that state covers, in one transaction.
   */
  async onStoreDocument({ documentName, document }: onStoreDocumentPayload): Promise<void> {
    const key = this.keyOf(documentName);
    const appended = this.#appended.get(documentName) ?? [];
    const state = Y.encodeStateAsUpdate(document);
    const snapshot = appended.length > 0 ? Y.snapshot(document) : undefined;
    // Only updates the document holds: one appended but not yet applied stays for the next store.
    const covered = snapshot
      ? appended.filter(({ update }) => Y.snapshotContainsUpdate(snapshot, update))
      : [];
    const write = this.#redis.multi().hset(key, this.#instanceId, Buffer.from(state));
    if (covered.length > 0) write.hdel(key, ...covered.map(({ field }) => field));
    await write.pexpire(key, this.#idleExpiryMs).exec();
    if (covered.length === 0) return;
    const done = new Set(covered);
    const left = appended.filter((entry) => !done.has(entry));
    if (left.length > 0) this.#appended.set(documentName, left);
    else this.#appended.delete(documentName);
  }

  /** Forgets a room's appended updates once it is unloaded (its last store covered them). */
  async afterUnloadDocument({ instance, documentName }: afterUnloadDocumentPayload): Promise<void> {
    if (!instance.documents.has(documentName)) this.#appended.delete(documentName);
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
