/**
 * The edit funnel: the one code path that replaces a record's edits, and the listeners told of
 * every replacement with where it came from. The undo history, collaborative sync and the journal
 * are listeners; none of them writes edits behind another's back.
 *
 * @module
 */
import type { EntityRecord } from './EntityRecord.js';
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

/** One change to one record's edits, as `store.observeEdits` listeners receive it. */
export interface EditEvent<R = EntityRecord<object>> {
  /** The record whose edits changed. */
  readonly record: R;
  /** Per field, the edited value before and after the change; only fields whose edited value changed. */
  readonly changes: EditChanges;
  /** Where the change came from. */
  readonly origin: EditOrigin;
  /** For `local` edits: typing in progress (`edit(…, { isCached: true })`); `false` otherwise. */
  readonly isCached: boolean;
  /** For `local` edits: the caller asked for no undo step (`edit(…, { undoIgnore: true })`); `false` otherwise. */
  readonly undoIgnore: boolean;
}

/** A listener of {@link EditEvent}s; it runs synchronously, inside the action that changed the edits. */
export type EditListener<R = EntityRecord<object>> = (event: EditEvent<R>) => void;

/** The flags of a `local` commit; every other origin uses {@link NO_FLAGS}. */
export interface CommitFlags {
  /** See {@link EditEvent.isCached}. @default false */
  readonly isCached?: boolean;
  /** See {@link EditEvent.undoIgnore}. @default false */
  readonly undoIgnore?: boolean;
}

const NO_FLAGS: CommitFlags = Object.freeze({});

/**
 * The listeners of one store's edits. Listeners run in the order they subscribed; one that throws
 * does not stop the others or undo the change: its error is rethrown on a microtask, where it
 * surfaces as an uncaught error instead of failing the save or edit that triggered it.
 */
export class EditObservers<R = EntityRecord<object>> {
  private listeners: readonly EditListener<R>[] = [];

  /** Subscribes `listener`; the returned function unsubscribes it (calling it twice is harmless). */
  observe(listener: EditListener<R>): () => void {
    // A new array per change: a listener that unsubscribes while being called does not skip the next one.
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((each) => each !== listener);
    };
  }

  /** True when at least one listener is subscribed. */
  get isObserved(): boolean {
    return this.listeners.length > 0;
  }

  /** Tells every listener of `event`. */
  emit(event: EditEvent<R>): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** Unsubscribes every listener (the store was disposed). */
  clear(): void {
    this.listeners = [];
  }
}

/** What the funnel needs from a record: its edits slot and the listeners of its store. */
export interface FunnelRecord {
  /** @internal Stores `next` and updates what depends on it; only {@link commitEdits} calls it. */
  replaceEdits(next: Edits): void;
  /** The listeners of the record's store; `undefined` for a detached record. @internal */
  readonly editObservers: EditObservers<never> | undefined;
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
  const observers = record.editObservers as EditObservers<FunnelRecord> | undefined;
  if (observers === undefined || !observers.isObserved || !hasAnyKey(changes)) return;
  observers.emit({
    record,
    changes,
    origin,
    isCached: flags.isCached === true,
    undoIgnore: flags.undoIgnore === true,
  });
}
