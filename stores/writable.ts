/**
 * What the writer needs from a record and a collection, and the record transition it is handed:
 * the shapes `RecordWriter` writes through and `conflictCheck.ts` reads, in a file of their own so
 * neither imports the other for them.
 *
 * @module
 */
import type { Autosave } from '../models/Autosave.js';
import type { Edits } from '../models/editPipeline.js';
import type { EntityConfig } from '../models/EntityConfig.js';
import type { Id } from '../models/ids.js';
import type { RecordAction } from '../models/recordState.js';
import type { SaveConflict } from '../models/SaveConflict.js';
import type { PlainObject } from '../models/snapshot.js';
import type { Query } from '../core/transport/types.js';

/** What the writer needs from a record; `T` is the shape the server sends, `E` the edited shape. */
export interface WritableRecord<T extends object = PlainObject, E extends object = T> {
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The normalised id; `undefined` for a singleton or a new record. */
  readonly id: Id | undefined;
  /** The persisted record with raw attributes flattened. */
  readonly raw: E | undefined;
  /** The raw record with the edits over it. */
  readonly edited: E | undefined;
  /** The edits a save sends. */
  readonly nonTransientEdits: Partial<E>;
  /** The autosaves fetched or made for this record. */
  readonly autosaves: readonly Autosave[] | undefined;
  /** Writes the results of deferred edits (origin `deferred`, no undo step). */
  writeDeferredResults(values: Edits): void;
  /** Forgets every edit (the record was deleted; origin `discard`). */
  discardEdits(): void;
  /** The unsettled save conflict, if any (records that cannot hold one are never checked). */
  readonly conflict?: SaveConflict | undefined;
}

/**
 * Changes a record's state by one transition (`recordState.ts`): `saveStarted`, `saveEnded`,
 * `saveSkipped` (nothing to send), `saveRefused`, `deleteStarted`, `deleteEnded`,
 * `autosavesReplaced`, `conflictSet`. A record's state is private to the records layer: the writer
 * is handed this function, records have no public `dispatch`.
 */
export type RecordTransition = <T extends object, E extends object>(
  record: WritableRecord<T, E>,
  action: RecordAction<T, E>,
) => void;

/** What the writer needs from a collection; `T` and `E` as for {@link WritableRecord}. */
export interface WritableCollection<T extends object = PlainObject, E extends object = T> {
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** Loads the entity's config when needed. */
  ensureConfig(): Promise<EntityConfig | undefined>;
  /** The record of an id (the singleton record without one). */
  record(id?: Id): WritableRecord<T, E>;
  /** Stores server data. */
  receive(
    records: T | readonly T[],
    opts?: { invalidate?: boolean; persistedEdits?: object | undefined },
  ): void;
  /** GETs a record now and stores it; without it, saves are never checked for conflicts. */
  fetch?(id: Id | undefined, query?: Query): Promise<unknown>;
  /** Drops records from the cache and every list. */
  remove(ids: Id | readonly Id[], opts?: { invalidate?: boolean }): void;
  /** Gives a created record (no id yet) the id of its first save's answer. */
  adopt?(record: WritableRecord<T, E>, id: Id): void;
}
