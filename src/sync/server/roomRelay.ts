/**
 * Relays each room's changes between sync server processes through Redis pub/sub, built on
 * Hocuspocus's Redis extension (its subscriptions, presence relay and first sync of a room).
 *
 * A change made on this server (a client's update, after the edit guard accepted it) is published
 * as itself, one message, which the other servers apply as they receive it. Hocuspocus's extension
 * publishes a state vector instead and lets the servers compute and exchange what each lacks: four
 * messages and two document diffs per keystroke, most of them empty. Nothing judged is skipped
 * either way: each server judges its own clients' updates before they reach its room, and a relayed
 * change is one a server's room already holds.
 *
 * A relayed change can be missed only while a server is not subscribed, and each of those moments
 * ends with a state-vector round (the others answer with all this server lacks, held-back changes
 * included):
 * - a room opening on a server publishes its state vector once it is subscribed (the extension's
 *   first sync step): what was relayed between reading the stored room and subscribing is sent then;
 * - after Redis comes back, every open room publishes its state vector again
 *   ({@link RoomRelay.onConfigure});
 * - a relayed change that leaves the room holding something back (it depends on a change this
 *   server never received) makes the room ask for what it lacks, at most once per
 *   {@link GAP_ROUND_MS} and only when what it holds back is new.
 *
 * @module
 */
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import type {
  afterUnloadDocumentPayload,
  Document,
  onChangePayload,
  onConfigurePayload,
} from '@hocuspocus/server';
import * as encoding from 'lib0/encoding';
import { messageYjsSyncStep1, messageYjsSyncStep2 } from 'y-protocols/sync';
import * as Y from 'yjs';

/** The origin Hocuspocus's Redis extension gives changes that came from another server. */
export const RELAYED_ORIGIN = '__hocuspocus__redis__origin__';

/** Hocuspocus `MessageType.Sync`. */
const SYNC_MESSAGE = 0;

/** The shortest time between two state-vector rounds one room starts because it holds something back. */
export const GAP_ROUND_MS = 1_000;

/** Options of {@link RoomRelay}, as Hocuspocus's Redis extension takes them. */
export type RoomRelayOptions = ConstructorParameters<typeof RedisExtension>[0] & {
  /** The channel prefix (`${prefix}:${room}`). */
  prefix: string;
};

/** Whether Yjs holds part of a change back in `document` (it depends on changes it lacks). */
function holdsBack(document: Document): boolean {
  return document.store.pendingStructs !== null || document.store.pendingDs !== null;
}

/** A Hocuspocus sync message of `room` carrying `update` as a sync step 2. */
function updateMessage(room: string, update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeVarUint(encoder, SYNC_MESSAGE);
  encoding.writeVarUint(encoder, messageYjsSyncStep2);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** See the module comment. */
export class RoomRelay extends RedisExtension {
  readonly #prefix: string;
  #isDestroyed = false;
  #hasBeenReady = false;
  /** Per room: what it held back when it last asked for what it lacks, and when. */
  readonly #gapRounds = new Map<
    string,
    { held: unknown; at: number; timer?: ReturnType<typeof setTimeout> }
  >();

  /** The constructor does no I/O beyond the extension's (it connects its two clients). */
  constructor(options: RoomRelayOptions) {
    super(options);
    this.#prefix = options.prefix;
    // After the extension's own listener, which applies the message synchronously.
    this.sub.on('messageBuffer', (channel: Buffer) => this.#afterRelayed(channel.toString()));
  }

  /**
   * After Redis comes back, every open room asks the other servers for what it missed: what was
   * relayed while Redis was away was lost with the subscription.
   */
  override async onConfigure(payload: onConfigurePayload): Promise<void> {
    await super.onConfigure(payload);
    this.sub.on('ready', () => {
      if (!this.#hasBeenReady) {
        this.#hasBeenReady = true;
        return;
      }
      for (const document of payload.instance.documents.values()) this.#askForMissing(document);
    });
  }

  /** Publishes a change made on this server as itself; relayed changes are not published again. */
  override async onChange({ documentName, update, transactionOrigin }: onChangePayload): Promise<void> {
    if ((transactionOrigin as unknown) === RELAYED_ORIGIN) return;
    await this.#publish(documentName, updateMessage(documentName, update));
  }

  /** Stores are {@link RedisPersistence}'s, one field per server: no lock is taken. */
  override async onStoreDocument(): Promise<void> {}
  override async afterStoreDocument(): Promise<void> {}

  /** A room unloading after the server closed has nothing left to unsubscribe from. */
  override async afterUnloadDocument(data: afterUnloadDocumentPayload): Promise<void> {
    if (!data.instance.documents.has(data.documentName)) {
      clearTimeout(this.#gapRounds.get(data.documentName)?.timer);
      this.#gapRounds.delete(data.documentName);
    }
    if (!this.#isDestroyed) await super.afterUnloadDocument(data);
  }

  override async onDestroy(): Promise<void> {
    this.#isDestroyed = true;
    await super.onDestroy();
  }

  /** A relayed message was applied to its room: a new gap makes the room ask for what it lacks. */
  #afterRelayed(channel: string): void {
    const room = channel.slice(this.#prefix.length + 1);
    const document = this.instance?.documents.get(room);
    if (document === undefined || !holdsBack(document)) return;
    const held = document.store.pendingStructs?.update ?? document.store.pendingDs;
    const last = this.#gapRounds.get(room);
    if (last?.held === held || last?.timer !== undefined) return;
    const wait = last === undefined ? 0 : last.at + GAP_ROUND_MS - Date.now();
    if (wait <= 0) {
      this.#gapRounds.set(room, { held, at: Date.now() });
      this.#askForMissing(document);
      return;
    }
    // Asked a moment ago: ask again once the pause is over, if the room still holds something new.
    const timer = setTimeout(() => {
      this.#gapRounds.set(room, { held: undefined, at: last?.at ?? 0 });
      this.#afterRelayed(channel);
    }, wait);
    timer.unref();
    this.#gapRounds.set(room, { held: last?.held, at: last?.at ?? 0, timer });
  }

  /** Publishes the room's state vector: every other server answers with what this one lacks. */
  #askForMissing(document: Document): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, document.name);
    encoding.writeVarUint(encoder, SYNC_MESSAGE);
    encoding.writeVarUint(encoder, messageYjsSyncStep1);
    encoding.writeVarUint8Array(encoder, Y.encodeStateVector(document));
    this.#publish(document.name, encoding.toUint8Array(encoder)).catch(() => undefined);
  }

  async #publish(room: string, message: Uint8Array): Promise<void> {
    await this.pub.publish(`${this.#prefix}:${room}`, Buffer.concat([this.messagePrefix, message]));
  }
}
