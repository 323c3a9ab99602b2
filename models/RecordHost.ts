/**
 * The small interfaces models need from whoever holds them, so that models never import stores:
 * a record's host (its collection), a query's list source, and what the undo history needs from a
 * record. `EntityCollection` and `RootStore` implement them.
 *
 * @module
 */
import type { Query } from '../core/transport/types.js';
import type { Autosave } from './Autosave.js';
import type { EditEmitter } from './editCommit.js';
import type { EntityConfig } from './EntityConfig.js';
import type { EntityQuery } from './EntityQuery.js';
import type { EntityRecord } from './EntityRecord.js';
import type { Id } from './ids.js';
import type { QueryParts } from './QueryParts.js';
import type { SaveConflict } from './SaveConflict.js';
import type { WriteOutcome } from './writeOutcome.js';

/** What `record.canEdit` asks: the observable "may update" answer for one record. */
export interface RecordPermissions {
  /** `true`/`false` once known; `undefined` while unknown (reading it starts the check). */
  canEditRecord(kind: string, name: string, id?: Id): boolean | undefined;
}

/** What a record reads from its store. */
export interface RecordStoreHooks {
  /** True once the store was disposed: records refuse new work. @default false */
  readonly isDisposed?: boolean | undefined;
  /** The listeners of the edit funnel; without them, edits are told to nobody. */
  readonly editObservers?: EditEmitter | undefined;
  /** Answers `record.canEdit`; without one, `canEdit` stays `undefined`. */
  readonly permissions?: RecordPermissions | undefined;
  /** Told when a record's save conflict is set or answered (the journal keeps it; an answer moves the edit's base). */
  noteConflictChange?(
    record: EntityRecord<object>,
    previous: SaveConflict | undefined,
    next: SaveConflict | undefined,
  ): void;
  /** Answers `record.isWaiting`: writes kept until the site can be reached; without it, nothing waits. */
  readonly waitingWrites?: { isWaiting(record: object): boolean } | undefined;
}

/** The revisions of one record, as its host gives them. */
export interface RevisionSource<R extends object> {
  /** The revisions list as a query. */
  query(query?: Query): EntityQuery<R>;
  /** GETs one revision. */
  fetch(id: Id, query?: Query): Promise<EntityRecord<R> | undefined>;
}

/**
 * What a record needs from the collection that holds it: its config, its store's hooks, and the
 * requests it delegates (reads, writes, revisions). `T` is the REST shape, `E` the edited shape.
 */
export interface RecordHost<T extends object, E extends object = T> {
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The entity config; `undefined` until loaded. Observable. */
  readonly config: EntityConfig | undefined;
  /** The store's hooks. @internal */
  readonly store: RecordStoreHooks;
  /** GETs the record now. */
  fetch(id?: Id, query?: Query): Promise<EntityRecord<T, E> | undefined>;
  /** GETs the record unless it is already cached complete. */
  load(id?: Id, query?: Query): Promise<EntityRecord<T, E> | undefined>;
  /** Saves the record's non-transient edits (only `fields` when given). @internal */
  saveRecordEdits(record: EntityRecord<T, E>, fields?: readonly string[]): Promise<WriteOutcome<T>>;
  /** Autosaves the record. @internal */
  autosaveRecord(record: EntityRecord<T, E>): Promise<WriteOutcome<T>>;
  /** Deletes the record. @internal */
  deleteRecord(record: EntityRecord<T, E>, query?: Query): Promise<WriteOutcome>;
  /** GETs the record's autosaves and stores them on it. @internal */
  fetchRecordAutosaves(record: EntityRecord<T, E>): Promise<Autosave[]>;
  /** The revisions of the record with this id. @internal */
  revisionsOf<R extends object>(parentId: Id): RevisionSource<R>;
  /**
   * Told whenever the record's edits or saving state change (dirty lists, config watch, eviction);
   * `hasAnyEdits` counts transient edits too.
   * @internal
   */
  noteEditState(record: EntityRecord<T, E>, isDirty: boolean, isSaving: boolean, hasAnyEdits: boolean): void;
  /** The record's stored server snapshots changed (received or cleared): the lists a script read are out of date. @internal */
  noteSnapshotChange(record: EntityRecord<T, E>): void;
}

/**
 * Totals of a list, from the response headers.
 *
 * @inline
 */
export interface QueryMeta {
  /** `X-WP-Total`: the number of items of the whole list. */
  totalItems?: number | null | undefined;
  /** `X-WP-TotalPages`. */
  totalPages?: number | null | undefined;
  /** The page size `totalPages` was counted for; a query of another page size computes its own. @default the query's */
  perPage?: number | undefined;
}

/** The ids known for one (context, stable key), merged page by page, and the totals of the last page received. */
export interface ListState {
  /** Ids in server order; a hole (`undefined`) is a slot of a page not (yet) received. */
  readonly ids: readonly (Id | undefined)[];
  /** Totals of the last page received; `undefined` when it carried none. */
  readonly meta: QueryMeta | undefined;
}

/** What a query needs from its list source (its collection). */
export interface QueryHost<T extends object, E extends object = T> {
  /** GETs the list `parts` names and stores it. @internal */
  requestList(parts: QueryParts): Promise<void>;
  /** The record made for `id` so far, without making one. @internal */
  peek(id: Id | undefined): EntityRecord<T, E> | undefined;
  /**
   * A number that grows whenever what {@link peek} answers may have changed: a record's stored
   * snapshots, or the records the collection holds. A view a plain script read stays valid while
   * it and the list stay the same.
   * @internal
   */
  readonly snapshotVersion: number;
  /**
   * The ids whose snapshots changed since {@link snapshotVersion} was `version` (an id may repeat);
   * `undefined` when that is no longer known, or the records the collection holds changed.
   * @internal
   */
  snapshotChangesSince(version: number): readonly Id[] | undefined;
}

/**
 * What the undo history needs from a record: a way to set edited values without recording a new
 * step. `EntityRecord` implements it; the values go through the same comparison as edits, so
 * undoing back to the saved value leaves the record clean.
 */
export interface UndoTarget {
  /** Sets each field's edited value (a value equal to the persisted one clears the edit). @internal */
  applyUndoValues(values: Readonly<Record<string, unknown>>): void;
}
