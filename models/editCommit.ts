/**
 * The edit funnel: the one code path that replaces a record's edits and tells the store's
 * listeners what changed and where it came from. Types and one function, naming no record class,
 * so that `EntityRecord` can use it while `EditFunnel.ts` names `EntityRecord` in its events.
 *
 * @module
 */
import type { Edits, UndoChange, UndoChanges } from './editPipeline.js';

/**
 * Where a change to a record's edits came from:
 * - `local`: the user's `record.edit(...)` (or a created record's initial values);
 * - `undo`: undo or redo;
 * - `server`: a save answer or a received copy cleared what the server now matches;
 * - `deferred`: a function edit was evaluated at save time and replaced by its result;
 * - `discard`: the record was deleted and its edits dropped;
 * - `peer`: a collaborator's edit arrived through sync;
 * - `restore`: the journal re-applied edits kept across a reload or crash.
 */
export type EditOrigin = 'local' | 'undo' | 'server' | 'deferred' | 'discard' | 'peer' | 'restore';

/** Every {@link EditOrigin}, in a stable order (for exhaustive checks and tests). */
export const EDIT_ORIGINS: readonly EditOrigin[] = Object.freeze([
  'local',
  'undo',
  'server',
  'deferred',
  'discard',
  'peer',
  'restore',
]);

/**
 * The origins an integration may apply through `record.applyEdits` (sync, the journal, an external undo stack).
 *
 * @inline
 */
export type ExternalEditOrigin = Extract<EditOrigin, 'peer' | 'restore' | 'undo'>;

/** One field's change: its edited value before and after (the persisted raw value when it had no edit). */
export type EditChange = UndoChange;

/** The changes of one commit, keyed by field. */
export type EditChanges = UndoChanges;

/** The flags of a `local` commit; every other origin uses {@link NO_FLAGS}. */
export interface CommitFlags {
  /** See `EditEvent.isCached`. @default false */
  readonly isCached?: boolean;
  /** See `EditEvent.undoIgnore`. @default false */
  readonly undoIgnore?: boolean;
}

const NO_FLAGS: CommitFlags = Object.freeze({});

/**
 * What the funnel tells: the store's listeners (`EditObservers`), seen from a record. An event
 * carries the fields of `EditEvent`, with the record as the funnel knows it.
 */
export interface EditEmitter {
  /** True when at least one listener is subscribed. */
  readonly isObserved: boolean;
  /** Tells every listener of `event`. */
  emit(event: {
    readonly record: FunnelRecord;
    readonly changes: EditChanges;
    readonly origin: EditOrigin;
    readonly isCached: boolean;
    readonly undoIgnore: boolean;
  }): void;
}

/** What the funnel needs from a record: its edits slot and the listeners of its store. */
export interface FunnelRecord {
  /** @internal Stores `next` and updates what depends on it; only {@link commitEdits} calls it. */
  replaceEdits(next: Edits): void;
  /** The listeners of the record's store; `undefined` for a detached record. @internal */
  readonly editObservers: EditEmitter | undefined;
}

function hasAnyKey(object: object): boolean {
  for (const key in object) if (Object.prototype.hasOwnProperty.call(object, key)) return true;
  return false;
}

/**
 * The funnel: replaces `record`'s edits with `next` and tells the store's listeners what changed
 * and why. Callers run it inside their own MobX action, so observers see the edits and what the
 * listeners did as one change; it adds no action itself to keep an edit cheap.
 */
export function commitEdits(
  record: FunnelRecord,
  next: Edits,
  changes: EditChanges,
  origin: EditOrigin,
  flags: CommitFlags = NO_FLAGS,
): void {
  record.replaceEdits(next);
  const observers = record.editObservers;
  if (observers === undefined || !observers.isObserved || !hasAnyKey(changes)) return;
  observers.emit({
    record,
    changes,
    origin,
    isCached: flags.isCached === true,
    undoIgnore: flags.undoIgnore === true,
  });
}
