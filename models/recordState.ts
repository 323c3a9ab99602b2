/**
 * A record's state and every way it may change, as one pure reducer (`state + action → state`):
 * what the server sent per context, the local edits, the state of its GETs and of its writes,
 * its autosaves and its save conflict. The record holds the state, private to the records layer:
 * the collection (reads), the writer (saves, deletes, autosaves), conflict checks and the journal
 * restore send actions through `dispatchRecordAction` (EntityRecord.ts), the edit funnel through
 * `replaceEdits`. Side effects (the dirty index, eviction times, dropping edits a save made equal)
 * stay with the record; the reducer only says what the next state is.
 *
 * @module
 */
import type { Autosave } from './Autosave.js';
import { NO_EDITS, type Edits } from './editPipeline.js';
import type { SaveConflict } from './SaveConflict.js';
import { DEFAULT_CONTEXT } from './QueryParts.js';
import { hasOwn, isEmpty } from './snapshot.js';

/** A server snapshot as stored for one context. */
export interface StoredItem<T extends object> {
  /** The merged server snapshot; never mutated. */
  readonly data: T;
  /** A full record was received (not only `_fields`). */
  readonly isComplete: boolean;
}

/** The state of a record's GETs, kept apart from its writes so that fetching re-runs no `isDirty` observer. */
export interface FetchState {
  /** A GET of this record is in flight. */
  readonly isResolving: boolean;
  /** A GET of this record finished at least once (successfully or not). */
  readonly hasResolved: boolean;
  /** The error of the last failed GET; cleared by a successful one. */
  readonly fetchError: Error | undefined;
}

/** The state of a record's writes: saves, autosaves and deletes. */
export interface WriteState {
  /** A save (or autosave) is in flight. */
  readonly isSaving: boolean;
  /** The save in flight is an autosave. */
  readonly isAutosaving: boolean;
  /** A delete is in flight. */
  readonly isDeleting: boolean;
  /** The error of the last save; cleared by the next one, even one that had nothing to send. */
  readonly saveError: Error | undefined;
  /** The error of the last delete; cleared by a successful one. */
  readonly deleteError: Error | undefined;
  /**
   * The top-level fields the save in flight sends. While it flies, a value equal to the persisted
   * one stays an edit for these fields: the answer moves the persisted value, and an undo or a
   * retyping made meanwhile must survive it.
   */
  readonly sending: ReadonlySet<string> | undefined;
}

/** How a save ends: `{ ok: true }` or the error it failed with. */
export type SaveEnd = { readonly ok: true } | { readonly ok: false; readonly error: Error };

/** Every piece of a record's state; each value is an immutable snapshot, replaced on change. */
export interface RecordState<T extends object, E extends object> {
  /** The 'default' context's server snapshot. */
  readonly item: StoredItem<T> | undefined;
  /** The other contexts' server snapshots. */
  readonly contexts: Readonly<Record<string, StoredItem<T>>>;
  /** The local edits (`NO_EDITS` when none). */
  readonly edits: Partial<E>;
  /** The state of the record's GETs. */
  readonly fetchState: FetchState;
  /** The state of the record's saves and deletes. */
  readonly writeState: WriteState;
  /** The autosaves fetched or made, if any. */
  readonly autosaves: readonly Autosave[] | undefined;
  /** The unsettled save conflict, if any. */
  readonly conflict: SaveConflict<E> | undefined;
  /**
   * Whether the edits hold a non-transient field, worked out where edits are written, so
   * `hasEdits`, `isDirty` and the dirty lists read one value instead of scanning.
   */
  readonly hasEdits: boolean;
}

/**
 * Every transition of a record's state. Reads: `fetchStarted`/`fetchEnded`, `received` (the only
 * way server data enters), `cleared`. Writes: `saveStarted`/`saveEnded`, `saveSkipped` (nothing
 * to send, the last error goes), `saveRefused` (stopped before sending), `deleteStarted`/`deleteEnded`,
 * `autosavesReplaced`, `conflictSet`. Edits: `editsReplaced`, sent only by the edit funnel.
 */
export type RecordAction<T extends object = object, E extends object = T> =
  | { readonly type: 'fetchStarted' }
  | { readonly type: 'fetchEnded'; readonly error?: Error | undefined }
  | { readonly type: 'received'; readonly context: string; readonly item: StoredItem<T> }
  | { readonly type: 'cleared' }
  | { readonly type: 'saveStarted'; readonly fields: readonly string[]; readonly isAutosave?: boolean }
  | { readonly type: 'saveEnded'; readonly end: SaveEnd }
  | { readonly type: 'saveSkipped' }
  | { readonly type: 'saveRefused'; readonly error: Error }
  | { readonly type: 'deleteStarted' }
  | { readonly type: 'deleteEnded'; readonly error?: Error | undefined }
  | { readonly type: 'autosavesReplaced'; readonly autosaves: readonly Autosave[] }
  | { readonly type: 'conflictSet'; readonly conflict: SaveConflict<E> | undefined }
  | {
      readonly type: 'editsReplaced';
      readonly edits: Partial<E>;
      /** The config's transient fields (`undefined` without a config: every field counts). */
      readonly transient: ReadonlySet<string> | undefined;
    };

/** The state a GET-less, edit-less record starts in. */
export const NOT_FETCHED: FetchState = Object.freeze({
  isResolving: false,
  hasResolved: false,
  fetchError: undefined,
});

/** No write in flight and no error. */
export const NOT_WRITING: WriteState = Object.freeze({
  isSaving: false,
  isAutosaving: false,
  isDeleting: false,
  saveError: undefined,
  deleteError: undefined,
  sending: undefined,
});

const NO_CONTEXTS: Readonly<Record<string, never>> = Object.freeze({});

/** A new record's state: nothing received, no edits, no request. */
export const INITIAL_RECORD_STATE: RecordState<object, object> = Object.freeze({
  item: undefined,
  contexts: NO_CONTEXTS,
  edits: NO_EDITS,
  fetchState: NOT_FETCHED,
  writeState: NOT_WRITING,
  autosaves: undefined,
  conflict: undefined,
  hasEdits: false,
});

/** The edits hold a field that is not transient; with no transient set (no config) any field counts. */
export function hasNonTransientEdit(edits: Edits, transient: ReadonlySet<string> | undefined): boolean {
  for (const key in edits) {
    if (!hasOwn(edits, key)) continue;
    if (transient === undefined || !transient.has(key)) return true;
  }
  return false;
}

/**
 * The pieces of state `action` sets, each a new value (a piece it does not touch is left out);
 * `undefined` when it changes nothing. A record applies them piece by piece (`EntityRecord`): a
 * keystroke or a received item changes one or two pieces, and no copy of the whole state is made.
 */
export function recordStateChange<T extends object, E extends object>(
  state: RecordState<T, E>,
  action: RecordAction<T, E>,
): Partial<RecordState<T, E>> | undefined {
  switch (action.type) {
    case 'fetchStarted':
      return { fetchState: { ...state.fetchState, isResolving: true } };
    case 'fetchEnded':
      return { fetchState: { isResolving: false, hasResolved: true, fetchError: action.error } };
    case 'received':
      return action.context === DEFAULT_CONTEXT
        ? { item: action.item }
        : { contexts: { ...state.contexts, [action.context]: action.item } };
    case 'cleared':
      return state.item === undefined && state.contexts === NO_CONTEXTS
        ? undefined
        : { item: undefined, contexts: NO_CONTEXTS };
    case 'saveStarted':
      return withWrite(state, {
        isSaving: true,
        isAutosaving: action.isAutosave === true,
        sending: new Set(action.fields.map((field) => field.split('.')[0] as string)),
      });
    case 'saveEnded':
      return withWrite(state, {
        isSaving: false,
        isAutosaving: false,
        saveError: action.end.ok ? undefined : action.end.error,
        sending: undefined,
      });
    case 'saveSkipped':
      return state.writeState.saveError === undefined
        ? undefined
        : withWrite(state, { saveError: undefined });
    case 'saveRefused':
      return withWrite(state, { saveError: action.error });
    case 'deleteStarted':
      return withWrite(state, { isDeleting: true });
    case 'deleteEnded':
      return withWrite(state, { isDeleting: false, deleteError: action.error });
    case 'autosavesReplaced':
      return { autosaves: action.autosaves };
    case 'conflictSet':
      return { conflict: action.conflict };
    case 'editsReplaced': {
      // One object for "no edits", so `edits === NO_EDITS` tells a record without any.
      const edits = (isEmpty(action.edits) ? NO_EDITS : action.edits) as Partial<E>;
      return { edits, hasEdits: hasNonTransientEdit(edits as Edits, action.transient) };
    }
  }
}

/**
 * The state after `action`. Pure: `state` is never changed, and a piece of state the action does
 * not touch keeps its object, so a caller can tell what changed by identity.
 */
export function recordState<T extends object, E extends object>(
  state: RecordState<T, E>,
  action: RecordAction<T, E>,
): RecordState<T, E> {
  const change = recordStateChange(state, action);
  return change === undefined ? state : { ...state, ...change };
}

function withWrite<T extends object, E extends object>(
  state: RecordState<T, E>,
  patch: Partial<WriteState>,
): Partial<RecordState<T, E>> {
  return { writeState: { ...state.writeState, ...patch } };
}
