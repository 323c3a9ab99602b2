/**
 * The edit funnel's listeners: the events a store's `observeEdits` listeners receive, told of
 * every replacement of a record's edits with where it came from. The undo history, collaborative
 * sync and the journal are listeners; none of them writes edits behind another's back. The funnel
 * itself (`commitEdits`) is in `editCommit.ts`, which records import: it names no record class,
 * so this module may name `EntityRecord` as its events' default without an import loop.
 *
 * @module
 */
import type { EditChanges, EditOrigin } from './editCommit.js';
import type { EntityRecord } from './EntityRecord.js';

export type { EditChange, EditChanges, EditOrigin } from './editCommit.js';

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
