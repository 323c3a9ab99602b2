/**
 * The mock relay's shared-edit guard: the sync server's rules (`SharedEditGuard`) on the rows of
 * `POST /wp-sync/v1/updates`. The relay keeps, per post room, the document its stored rows make;
 * before a request's rows are stored, their changes (the `update` and `compaction` rows' V2
 * updates, the `sync_step2` messages' V1 updates) are judged together as one update, with the
 * capabilities WordPress gives the user on the room's post: a change that sets status
 * publish/future/private, a password, the author, sticky or terms, or adds markup, that the user
 * could not save themselves is refused before anything is stored.
 *
 * The room's document holds what clients hold without sending it: the post's stored document
 * (post meta `_crdt_document`), and the layout's genesis (`recordDoc.ts`) once a row builds on it.
 * A row that builds on something else the relay does not hold (the genesis of an app's own text
 * fields, `SyncOptions.textFields`) waits in Yjs, and is judged with the least capabilities of its
 * senders once what it needs arrives, as on the sync server.
 *
 * Judging a request's rows together (with the rows a refused request sent before, which the
 * client sends again) lets a client that was refused go on once it undoes the change: the rows
 * then change nothing guarded.
 *
 * @module
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { fromBase64, type SyncUpdate } from '../sync/shared/pollingProtocol.js';
import { SharedEditGuard, type RefusedChange, type SavedMarkup } from '../sync/shared/guardedFields.js';
import type { RecordCapabilities } from '../sync/shared/recordCapabilities.js';
import { applyGenesis, docFieldRulesOf, type DocFieldRules } from '../sync/shared/recordDoc.js';
import type { EntitySyncRules } from '../../core/entitySync.js';
import { InvalidStoredDocument, readStoredDocument } from '../sync/shared/storedDocument.js';

/** y-protocols' `messageYjsSyncStep2`. */
const SYNC_STEP_2 = 1;

/** One post room's document (as its rows make it) and its guard. */
interface GuardedRoom {
  readonly doc: Y.Doc;
  readonly guard: SharedEditGuard;
  /** The layout of the room's entity (its sync rules' text and merged fields). */
  readonly layout: DocFieldRules;
  /** The post's stored document last applied. */
  storedDocument: unknown;
}

/** The change a row carries as a V1 update; `undefined` for none (a `sync_step1`); throws when malformed. */
function changeOf(row: SyncUpdate): Uint8Array | undefined {
  const bytes = fromBase64(row.data);
  if (row.type === 'update' || row.type === 'compaction') return Y.convertUpdateFormatV2ToV1(bytes);
  if (row.type !== 'sync_step2') return undefined;
  const decoder = decoding.createDecoder(bytes);
  if (decoding.readVarUint(decoder) !== SYNC_STEP_2) throw new Error('not a sync step 2 message');
  return decoding.readVarUint8Array(decoder);
}

/** Documents and guards of the relay's post rooms. */
export class RelayEditGuard {
  private readonly rooms = new Map<string, GuardedRoom>();

  /** `rowsOf(room)`: the rows a room holds now, which make its document when it is first judged. */
  constructor(private readonly rowsOf: (room: string) => readonly SyncUpdate[]) {}

  /**
   * The refused changes of `rows` sent to `room` by a user with `can` on its post (`saved`: the
   * markup of the post as saved; `storedDocument`: its post meta `_crdt_document`; `rules`: how
   * its entity syncs). Empty: the rows may be stored.
   */
  judge(
    room: string,
    rows: readonly SyncUpdate[],
    can: RecordCapabilities,
    saved: SavedMarkup,
    storedDocument: unknown,
    rules: EntitySyncRules,
  ): RefusedChange[] {
    const changes: Uint8Array[] = [];
    try {
      for (const row of rows) {
        const change = changeOf(row);
        if (change !== undefined) changes.push(change);
      }
    } catch {
      return [{ field: '*', reason: 'a row is not a valid Yjs update' }];
    }
    if (changes.length === 0) return [];
    let merged: Uint8Array;
    try {
      merged = changes.length === 1 ? (changes[0] as Uint8Array) : Y.mergeUpdates(changes);
    } catch {
      return [{ field: '*', reason: 'a row is not a valid Yjs update' }];
    }
    const guarded = this.roomOf(room, rules);
    this.applyStoredDocument(guarded, storedDocument);
    this.applyGenesisWhenNeeded(guarded, merged);
    return guarded.guard.check(merged, can, saved);
  }

  /** Applies a stored row of `room` to its document, once judged (what the next rows are judged against). */
  stored(room: string, row: SyncUpdate): void {
    const guarded = this.rooms.get(room);
    if (guarded === undefined) return;
    try {
      const change = changeOf(row);
      if (change !== undefined) Y.applyUpdate(guarded.doc, change);
    } catch {
      // A row no client can apply either: the room's document stays what the others hold.
    }
  }

  /**
   * Applies the post's stored document when it changed: clients apply it on join without sending
   * it, and their rows build on it. A value that is not a stored document is skipped (clients
   * ignore it too).
   */
  private applyStoredDocument(guarded: GuardedRoom, value: unknown): void {
    if (value === undefined || value === '' || value === guarded.storedDocument) return;
    guarded.storedDocument = value;
    try {
      const stored = readStoredDocument(value, guarded.layout);
      Y.applyUpdate(guarded.doc, Y.encodeStateAsUpdate(stored));
      stored.destroy();
    } catch (error) {
      if (!(error instanceof InvalidStoredDocument)) throw error;
    }
  }

  /**
   * Applies the layout's genesis (of the fields the document lacks) when `update` builds on it:
   * wp-entities clients apply it without sending it. Only then: a room of block editors alone
   * never has it, and a genesis text beside theirs would hide their text from the guard.
   */
  private applyGenesisWhenNeeded(guarded: GuardedRoom, update: Uint8Array): void {
    const map = guarded.doc.getMap('document');
    const fields = [...guarded.layout.textFields, ...guarded.layout.mergedFields];
    if (fields.every((field) => map.has(field))) return;
    const probe = new Y.Doc();
    try {
      Y.applyUpdate(probe, Y.encodeStateAsUpdate(guarded.doc));
      Y.applyUpdate(probe, update);
      const store = probe.store;
      if (store.pendingStructs !== null || store.pendingDs !== null)
        applyGenesis(guarded.doc, guarded.layout);
    } catch {
      // The guard refuses an update Yjs cannot apply.
    } finally {
      probe.destroy();
    }
  }

  /** Forgets every room. */
  clear(): void {
    for (const { doc, guard } of this.rooms.values()) {
      guard.destroy();
      doc.destroy();
    }
    this.rooms.clear();
  }

  /** The room's guarded document, made from its stored rows the first time it is judged. */
  private roomOf(room: string, rules: EntitySyncRules): GuardedRoom {
    let guarded = this.rooms.get(room);
    if (guarded === undefined) {
      const doc = new Y.Doc();
      for (const row of this.rowsOf(room)) {
        try {
          const change = changeOf(row);
          if (change !== undefined) Y.applyUpdate(doc, change);
        } catch {
          // As in `stored`.
        }
      }
      guarded = {
        doc,
        guard: new SharedEditGuard(doc, { rules }),
        // The fields whose genesis every client applies without sending it (see `recordDoc.ts`).
        layout: docFieldRulesOf(rules),
        storedDocument: undefined,
      };
      this.rooms.set(room, guarded);
    }
    return guarded;
  }
}
