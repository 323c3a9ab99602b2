/**
 * Hocuspocus sends every change a room applies to every connection of the room, the one that sent
 * it included: each keystroke came back to its typist, who decoded it to find nothing new. This
 * extension leaves that copy out when it can hold nothing new for its sender: the room held no
 * change back when the sender's update arrived, so what the room applied came from that update
 * alone. When the room held something back, the sender's update may have completed someone else's
 * change, and the copy carries that change: it is sent as before.
 *
 * @module
 */
import type {
  afterLoadDocumentPayload,
  connectedPayload,
  Connection,
  Document,
  Extension,
} from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import { messageYjsUpdate } from 'y-protocols/sync';
import type * as Y from 'yjs';

/** Hocuspocus `MessageType.Sync`. */
const SYNC_MESSAGE = 0;

/** Whether a Hocuspocus message is a change a room broadcasts (a sync message of kind update). */
function isBroadcastChange(message: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder);
    return (
      decoding.readVarUint(decoder) === SYNC_MESSAGE && decoding.readVarUint(decoder) === messageYjsUpdate
    );
  } catch {
    return false;
  }
}

/** Whether Yjs holds part of a change back in `document` (it depends on changes it lacks). */
function holdsBack(document: Y.Doc): boolean {
  return document.store.pendingStructs !== null || document.store.pendingDs !== null;
}

/** See the module comment. */
export class OwnEchoFilter implements Extension {
  /** The name Hocuspocus prints for this extension. */
  readonly extensionName = 'wp-entities own-echo filter';
  /** Per room, while it broadcasts a change: the connection that sent the whole of it. */
  readonly #sender = new WeakMap<Document, Connection>();

  /**
   * Watches the room's transactions. Yjs emits `afterTransactionCleanup`, then `update`, to which
   * Hocuspocus broadcasts; this extension's `update` listener, added after Hocuspocus's, ends the
   * window in which the sender's copy is left out.
   */
  async afterLoadDocument({ document }: afterLoadDocumentPayload): Promise<void> {
    let heldBefore = false;
    document.on('beforeTransaction', () => {
      heldBefore = holdsBack(document);
    });
    document.on('afterTransactionCleanup', (transaction: Y.Transaction) => {
      const origin = transaction.origin as unknown;
      if (!heldBefore && isConnectionOf(origin, document)) this.#sender.set(document, origin);
      else this.#sender.delete(document);
    });
    document.on('update', () => {
      this.#sender.delete(document);
    });
  }

  /** Leaves out of the connection's messages the copy of the change it sent itself. */
  async connected({ connection }: connectedPayload): Promise<void> {
    const document = connection.document;
    const send = connection.send.bind(connection);
    connection.send = (message: Uint8Array): void => {
      // Only the broadcast copy: a transaction without content emits no update, and the sender's
      // acknowledgement that follows it must still go.
      if (this.#sender.get(document) === connection && isBroadcastChange(message)) return;
      send(message);
    };
  }
}

function isConnectionOf(origin: unknown, document: Document): origin is Connection {
  return (
    typeof origin === 'object' &&
    origin !== null &&
    (origin as { document?: unknown }).document === document &&
    typeof (origin as { send?: unknown }).send === 'function'
  );
}
