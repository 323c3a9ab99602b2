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
 * Durable acknowledgement, without waiting for Redis: every update a client sends is applied and
 * forwarded at once, whatever Redis is doing, and appended to the room's hash as a field of its own
 * (`${instanceId}:${n}`) on the side. The acknowledgement Hocuspocus sends for it (its `SyncStatus`
 * message) is held back until every update that connection sent so far is stored, so a client is
 * told an edit is saved only once Redis has it, and a server killed on the spot loses nothing it
 * acknowledged. While Redis is away the appends wait (they are sent again when it returns); at most
 * {@link RedisPersistenceOptions.maxUnstoredBytes} of them per room, past which the room's next
 * update is refused with {@link CLOSE_STORAGE_UNAVAILABLE} (the client keeps it, unacknowledged,
 * and sends it again when it reconnects: the Yjs sync sends whatever the server lacks). The
 * full-state store (debounced by Hocuspocus) then folds the appended fields it covers away, in the
 * same transaction.
 *
 * @module
 */
import type {
  afterUnloadDocumentPayload,
  beforeHandleMessagePayload,
  Connection,
  Extension,
  Hocuspocus,
  onChangePayload,
  onConfigurePayload,
  onLoadDocumentPayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import type { Redis } from 'ioredis';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { syncMessageUpdate } from './syncMessageUpdate.js';

/**
 * Close code of a connection whose update could not be kept: its room already holds the most
 * updates Redis has not stored yet. The client reconnects later and sends the update again.
 */
export const CLOSE_STORAGE_UNAVAILABLE = { code: 4507, reason: 'storage-unavailable' } as const;

/** The default bound of a room's updates not yet stored (while Redis is away). */
export const DEFAULT_MAX_UNSTORED_BYTES = 8 * 1024 * 1024;

/** The wait before an append Redis answered with an error is tried again. */
const APPEND_RETRY_MS = 500;

/** Hocuspocus's `MessageType.SyncStatus`: the acknowledgement of an applied update. */
const SYNC_STATUS_MESSAGE = 8;

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
  /**
   * The most bytes of updates one room may hold that Redis has not stored yet (it is away or
   * slow). Past it the room's next update is refused and its connection closed with
   * {@link CLOSE_STORAGE_UNAVAILABLE}; the client sends it again when it reconnects.
   * @default 8388608 (8 MiB)
   */
  maxUnstoredBytes?: number;
}

/** A room refused an update: too much of it is waiting for Redis. Hocuspocus closes with `code`. */
export class StorageUnavailable extends Error {
  /** The close code the client gets. */
  readonly code = CLOSE_STORAGE_UNAVAILABLE.code;
  /** The close reason the client gets. */
  readonly reason = CLOSE_STORAGE_UNAVAILABLE.reason;
  /** `room` holds `bytes` of updates Redis has not stored, the most allowed. */
  constructor(room: string, bytes: number) {
    super(
      `The room ${room} holds ${bytes} bytes of updates Redis has not stored yet (the bound): an update was refused until Redis stores them.`,
    );
    this.name = 'StorageUnavailable';
  }
}

/** What one connection's acknowledgements wait for. */
interface AckGate {
  /** Settles once every update the connection sent so far is stored. */
  stored: Promise<void>;
  /** The acknowledgements held, sent in order. */
  sending: Promise<void>;
}

/** Whether an outgoing Hocuspocus message is an acknowledgement (`SyncStatus`). */
function isAcknowledgement(message: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder);
    return decoding.readVarUint(decoder) === SYNC_STATUS_MESSAGE;
  } catch {
    return false;
  }
}

/** An update appended to a room's hash, until a full-state store covers it. */
interface AppendedUpdate {
  readonly field: string;
  readonly update: Uint8Array;
  /** Set once Redis stored the field: a store deletes only those (an append may still be queued). */
  isStored: boolean;
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
  readonly #maxUnstoredBytes: number;
  #instance: Hocuspocus | undefined;
  /** Bytes of updates appended per room that Redis has not stored yet. */
  readonly #unstoredBytes = new Map<string, number>();
  /** Each connection's held acknowledgements. */
  readonly #gates = new WeakMap<Connection, AckGate>();
  #isDestroyed = false;
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
    this.#maxUnstoredBytes = options.maxUnstoredBytes ?? DEFAULT_MAX_UNSTORED_BYTES;
  }

  /** Bytes of `room`'s updates applied here that Redis has not stored yet (0 when all are stored). */
  unstoredBytes(room: string): number {
    return this.#unstoredBytes.get(room) ?? 0;
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
   * Starts appending a client's update to the room's hash and lets Hocuspocus apply and forward it
   * at once; the connection's acknowledgements wait for the append (see the module comment).
   * Rejects only at the room's bound of unstored updates: Hocuspocus then drops the message and
   * closes the connection unacknowledged, and the client sends the edit again when it reconnects.
   */
  async beforeHandleMessage({ documentName, update, connection }: beforeHandleMessagePayload): Promise<void> {
    if (!this.#isDurable) return;
    const changes = syncMessageUpdate(update);
    if (changes === undefined) return;
    const unstored = this.unstoredBytes(documentName);
    if (unstored > 0 && unstored + changes.byteLength > this.#maxUnstoredBytes) {
      // The whole socket closes, so the client knows (a room's own close would leave it waiting)
      // and reconnects later with the update still unacknowledged.
      connection.webSocket.close(CLOSE_STORAGE_UNAVAILABLE.code, CLOSE_STORAGE_UNAVAILABLE.reason);
      throw new StorageUnavailable(documentName, unstored);
    }
    const stored = this.#append(documentName, changes);
    const gate = this.#gateOf(connection);
    gate.stored = Promise.all([gate.stored, stored]).then(() => undefined);
    // Read only by held acknowledgements: a connection that sends no more must not leave it unhandled.
    gate.stored.catch(() => undefined);
  }

  /** Stops trying appends again (the server is stopping); stores already queued still run. */
  async onDestroy(): Promise<void> {
    this.#isDestroyed = true;
  }

  /**
   * Appends `changes` as a field of its own and resolves once Redis stored it: commands wait in the
   * client's queue while Redis is away, and one Redis answered with an error is tried again.
   */
  async #append(room: string, changes: Uint8Array): Promise<void> {
    const key = this.keyOf(room);
    this.#appendCount += 1;
    const field = `${this.#instanceId}:${this.#appendCount}`;
    let appended = this.#appended.get(room);
    if (appended === undefined) this.#appended.set(room, (appended = []));
    const entry: AppendedUpdate = { field, update: changes, isStored: false };
    appended.push(entry);
    this.#unstoredBytes.set(room, this.unstoredBytes(room) + changes.byteLength);
    try {
      for (;;) {
        // Two commands, no transaction: the field is stored by the first alone. With the sync
        // server's client they leave in one write with the other rooms' appends of the same turn.
        const failed = await Promise.all([
          this.#redis.hset(key, field, Buffer.from(changes)),
          this.#redis.pexpire(key, this.#idleExpiryMs),
        ]).then(
          () => false,
          () => true,
        );
        if (!failed) {
          entry.isStored = true;
          return;
        }
        // Never acknowledged while it is not stored: a server stopping leaves it to the client.
        if (this.#isDestroyed) throw new Error(`Redis did not store an update of ${room}`);
        await new Promise((resolve) => setTimeout(resolve, APPEND_RETRY_MS));
      }
    } finally {
      const left = this.unstoredBytes(room) - changes.byteLength;
      if (left > 0) this.#unstoredBytes.set(room, left);
      else this.#unstoredBytes.delete(room);
    }
  }

  /**
   * The connection's gate, made on its first update: its `send` holds every acknowledgement until
   * the updates sent before it are stored, and sends them in order; every other message goes at once.
   */
  #gateOf(connection: Connection): AckGate {
    let gate = this.#gates.get(connection);
    if (gate !== undefined) return gate;
    const created: AckGate = { stored: Promise.resolve(), sending: Promise.resolve() };
    gate = created;
    this.#gates.set(connection, created);
    const send = connection.send.bind(connection);
    connection.send = (message: Uint8Array): void => {
      if (!isAcknowledgement(message)) return send(message);
      const stored = created.stored;
      // An update never stored is never acknowledged: the client sends it again on reconnecting.
      created.sending = created.sending
        .then(() => stored)
        .then(
          () => send(message),
          () => undefined,
        );
    };
    return created;
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
    // Only updates the document holds: one appended but not yet applied stays for the next store,
    // and so does one whose append is still on its way (deleted first, it would be written after).
    const covered = snapshot
      ? appended.filter(({ update, isStored }) => isStored && Y.snapshotContainsUpdate(snapshot, update))
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
