/**
 * The global undo history: one list of steps across every record of a store.
 *
 * @module
 */
import { action, computed, createAtom, makeObservable, observable, runInAction } from 'mobx';
import type { EditEvent } from '../models/EditFunnel.js';
import type { UndoChange, UndoChanges } from '../models/editPipeline.js';
import { isInAction } from '../models/lazyObservable.js';
import type { UndoTarget } from '../models/RecordHost.js';
import { deepEqual } from '../models/snapshot.js';
import type { ExternalUndoStep, UndoDelegate } from './undoDelegation.js';
import { delegatedCloseCause, makesUndoStep, type UndoEntry, type UndoStep } from './undoSteps.js';

export type { UndoChange, UndoChanges } from '../models/editPipeline.js';
export type { UndoTarget } from '../models/RecordHost.js';
export type { ExternalUndoStep, UndoDelegate } from './undoDelegation.js';
export type { UndoEntry, UndoStep } from './undoSteps.js';

/** Options of {@link UndoHistory.add}. */
export interface AddStepOptions {
  /**
   * A cached edit (typing in progress): it does not make a step of its own but joins the previous
   * step at the next normal edit, at {@link UndoHistory.createUndoLevel} or at undo.
   * @default false
   */
  isCached?: boolean;
}

/** True when the change is a real one: neither side deferred (a function) and the values differ. */
function isRealChange(change: UndoChange): boolean {
  return (
    typeof change.from !== 'function' && typeof change.to !== 'function' && !deepEqual(change.from, change.to)
  );
}

/**
 * The real changes of `changes` (see {@link isRealChange}): `changes` itself when all are (a
 * keystroke: no copy), `undefined` when none is.
 */
function realChangesOf(changes: UndoChanges): UndoChanges | undefined {
  let real: Record<string, UndoChange> | undefined;
  let count = 0;
  let isEvery = true;
  for (const key in changes) {
    if (!Object.prototype.hasOwnProperty.call(changes, key)) continue;
    const change = changes[key] as UndoChange;
    if (isRealChange(change)) {
      count += 1;
      if (real !== undefined) real[key] = change;
    } else if (isEvery) {
      isEvery = false;
      // The real changes met so far, then each one after this.
      real = {};
      for (const earlier in changes) {
        if (earlier === key) break;
        if (Object.prototype.hasOwnProperty.call(changes, earlier))
          real[earlier] = changes[earlier] as UndoChange;
      }
    }
  }
  if (count === 0) return undefined;
  return isEvery ? changes : real;
}

/** A step is kept whole (function changes included) when at least one of its changes is real. */
function isEmptyStep(step: UndoStep<UndoTarget>): boolean {
  for (const entry of step) {
    for (const key of Object.keys(entry.changes)) {
      if (isRealChange(entry.changes[key] as UndoChange)) return false;
    }
  }
  return true;
}

/** Merges changes of the same record: per field the first `from` is kept and `to` is updated. */
function mergeChanges(older: UndoChanges, newer: UndoChanges): UndoChanges {
  const merged: Record<string, UndoChange> = { ...older };
  for (const key of Object.keys(newer)) {
    const change = newer[key] as UndoChange;
    const existing = merged[key];
    merged[key] = existing === undefined ? change : { from: existing.from, to: change.to };
  }
  return merged;
}

/** Adds entries into a step, combining entries of the same record. */
function mergeIntoStep<R extends UndoTarget>(step: UndoStep<R>, entries: UndoStep<R>): UndoEntry<R>[] {
  const result = [...step];
  for (const entry of entries) {
    const index = result.findIndex((existing) => existing.record === entry.record);
    if (index === -1) {
      result.push(entry);
    } else {
      const existing = result[index] as UndoEntry<R>;
      result[index] = {
        record: existing.record,
        changes: mergeChanges(existing.changes, entry.changes),
      };
    }
  }
  return result;
}

/** `entry` with `field`'s `side` value replaced by `value`. */
function withValue<R extends UndoTarget>(
  entry: UndoEntry<R>,
  field: string,
  side: 'from' | 'to',
  value: unknown,
): UndoEntry<R> {
  const change = entry.changes[field] as UndoChange;
  return { record: entry.record, changes: { ...entry.changes, [field]: { ...change, [side]: value } } };
}

function valuesOf(changes: UndoChanges, side: 'from' | 'to'): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(changes)) values[key] = (changes[key] as UndoChange)[side];
  return values;
}

/**
 * The undo history of a store: a funnel listener that records only `local` edits as `{from, to}`
 * steps; cached edits collect in a pending step that joins the previous one later, and any new
 * edit drops the redo steps. A pending cached step counts for `hasUndo` (the reference reports no
 * undo while only cached edits exist, which disables an Undo button in the middle of typing).
 */
export class UndoHistory<R extends UndoTarget = UndoTarget> {
  // A plain array with one atom rather than an observable array: undo and redo index it on every
  // step, and a MobX array's proxy made each index read several times dearer than the step itself.
  private readonly levels: UndoStep<R>[] = [];
  /** Reported changed after every change to {@link levels}; `steps` and `hasRedo` observe it. */
  private readonly levelsAtom = createAtom('UndoHistory.steps');
  /** Reported changed when a delegate's stacks may have changed what an undo would do (see {@link delegateChanged}). */
  private readonly delegatesAtom = createAtom('UndoHistory.delegates');
  /**
   * Per record, every field a step was recorded for (never shrinks): {@link rebase} skips the other
   * fields, so a save answer's `modified_gmt` does not scan every level for each saved record.
   */
  private readonly recorded = new WeakMap<R, Set<string>>();
  /** How many levels are applied: undo walks down from here, redo up to `levels.length`. */
  private position = 0;
  private staged: UndoEntry<R>[] = [];
  /** Levels that stand for a step of another undo stack (each such level is its own empty array). */
  private readonly external = new WeakMap<UndoStep<R>, ExternalUndoStep>();
  /** Records whose undo is delegated (synced records): their edits make no value steps here. */
  private readonly delegates = new Map<R, UndoDelegate>();
  /** The delegate of the newest step, closed when another step follows it. */
  private lastDelegate: UndoDelegate | undefined;
  /**
   * The delegated edit being made: its delegate's step opens or grows while the edit is written
   * (right after the history hears of it), and the step lists these changes in {@link steps}.
   */
  private delegatedEdit: UndoEntry<R> | undefined;

  /** An empty history. */
  constructor() {
    makeObservable<UndoHistory<R>, 'position' | 'staged'>(this, {
      position: observable,
      staged: observable.ref,
      pending: computed,
      hasUndo: computed,
      hasRedo: computed,
      add: action,
      pushExternal: action,
      createUndoLevel: action,
      undo: action,
      redo: action,
      clear: action,
      rebase: action,
      addDelegatedStep: action,
    });
  }

  /** Every recorded step, oldest first, including the ones an undo has stepped back over (observable). */
  get steps(): readonly UndoStep<R>[] {
    this.levelsAtom.reportObserved();
    return this.levels;
  }

  /** How many of {@link UndoHistory.steps} are applied; the rest are redo steps (observable). */
  get undoCount(): number {
    return this.position;
  }

  /** The cached changes not yet joined to a step (observable). */
  get pending(): UndoStep<R> {
    return this.staged;
  }

  /**
   * True when {@link UndoHistory.undo} has a step to undo, a pending cached one included
   * (observable). A delegated step counts only while its delegate would change something.
   */
  get hasUndo(): boolean {
    if (this.staged.length > 0) return true;
    if (this.position === 0) return false;
    this.levelsAtom.reportObserved();
    return this.hasEffectiveLevel(this.position - 1, -1, 'canUndo');
  }

  /** True when {@link UndoHistory.redo} has a step to redo (observable); delegated steps as for {@link hasUndo}. */
  get hasRedo(): boolean {
    if (this.position >= this.steps.length) return false;
    return this.hasEffectiveLevel(this.position, 1, 'canRedo');
  }

  /** Tells the history that a delegate's stacks may have changed what its undo or redo would do. */
  delegateChanged(): void {
    this.delegatesAtom.reportChanged();
  }

  /** True when a level from `start` walking by `direction` would change something. */
  private hasEffectiveLevel(start: number, direction: 1 | -1, check: 'canUndo' | 'canRedo'): boolean {
    const asked = new Set<ExternalUndoStep>();
    for (let index = start; index >= 0 && index < this.levels.length; index += direction) {
      const external = this.external.get(this.levels[index] as UndoStep<R>);
      if (external === undefined) return true;
      if (asked.has(external)) continue;
      asked.add(external);
      const can = (external as Partial<UndoDelegate>)[check];
      if (can === undefined) return true;
      this.delegatesAtom.reportObserved();
      if (can.call(external)) return true;
    }
    return false;
  }

  /** Records a step and drops the redo steps; a step that changes nothing adds nothing but still closes the pending one. @internal */
  add(step: UndoStep<R>, options: AddStepOptions = {}): void {
    this.delegatedEdit = undefined;
    if (this.delegates.size > 0) {
      // The common case while typing in a synced record: one entry, kept by its delegate.
      if (step.length === 1 && this.delegates.has((step[0] as UndoEntry<R>).record)) {
        const entry = step[0] as UndoEntry<R>;
        this.addDelegatedEdit(
          entry,
          options.isCached === true,
          this.delegates.get(entry.record) as UndoDelegate,
        );
        return;
      }
      const own = step.filter((entry) => !this.delegates.has(entry.record));
      // A delegated record's edit still makes the redo steps stale, whether or not its delegate
      // opens a new step for it (it may join the step being captured).
      if (own.length !== step.length && options.isCached !== true && !isEmptyStep(step)) this.dropRedoSteps();
      step = own;
    }
    const isEmpty = isEmptyStep(step);
    if (options.isCached === true) {
      if (isEmpty) return;
      // Typing after an undo is a new edit like any other: a redo must not overwrite it.
      this.dropRedoSteps();
      this.staged = mergeIntoStep(this.staged, step);
      return;
    }
    // An edit that changed nothing is not a new edit: it keeps the redo steps.
    if (isEmpty && this.staged.length === 0) return;
    this.dropRedoSteps();
    this.flushStaged();
    if (isEmpty) return;
    this.closeLastDelegate(undefined);
    this.levels.push(step);
    this.levelsAtom.reportChanged();
    this.position = this.levels.length;
  }

  /**
   * Hands `record`'s undo to `delegate` (collaborative sync does it while the record's room is
   * open): its edits make no value steps here any more, and {@link addDelegatedStep} marks the
   * delegate's steps in the global order. Returns the function that ends the delegation.
   * @internal
   */
  delegate(record: R, delegate: UndoDelegate): () => void {
    this.delegates.set(record, delegate);
    return () => {
      if (this.delegates.get(record) === delegate) this.delegates.delete(record);
    };
  }

  /**
   * Records that `record`'s delegate opened a new step: it takes its place in the global order, and
   * lists the changes of the edit that opened it.
   * @internal
   */
  addDelegatedStep(record: R): void {
    const delegate = this.delegates.get(record);
    if (delegate === undefined) return;
    this.closeLastDelegate(delegate);
    this.pushExternal(delegate);
    this.lastDelegate = delegate;
    this.describeDelegatedEdit(record);
  }

  /** Records that an edit of `record` joined its delegate's newest step: the step lists its changes too. @internal */
  joinDelegatedStep(record: R): void {
    // Every synced keystroke comes here from inside its edit's action: no second action then.
    if (isInAction()) this.describeDelegatedEdit(record);
    else runInAction(() => this.describeDelegatedEdit(record));
  }

  /**
   * Makes the steps of a delegated record as the history's own rules make them: a normal edit opens
   * a step (its delegate is told to close the one it was capturing), a cached edit joins the step
   * being typed, unless another step came after it. The delegate opens or grows its step when the
   * edit is written, and {@link addDelegatedStep} / {@link joinDelegatedStep} put it in the order.
   */
  private addDelegatedEdit(entry: UndoEntry<R>, isCached: boolean, delegate: UndoDelegate): void {
    const changes = realChangesOf(entry.changes);
    if (changes === undefined) return;
    // A delegated edit makes the redo steps stale as any edit does (the delegate drops its own).
    this.dropRedoSteps();
    const cause = delegatedCloseCause({
      isCached,
      isAfterOwnStep: this.lastDelegate === delegate,
      hasPending: this.staged.length > 0,
    });
    if (cause !== undefined) {
      const closed = delegate.closeStep(cause) !== false;
      if (closed && this.lastDelegate === delegate) this.lastDelegate = undefined;
    }
    this.delegatedEdit = { record: entry.record, changes };
  }

  /** Adds the changes of the delegated edit being made to the newest step, when it is that record's. */
  private describeDelegatedEdit(record: R): void {
    const edit = this.delegatedEdit;
    if (edit === undefined || edit.record !== record) return;
    this.delegatedEdit = undefined;
    const level = this.levels[this.levels.length - 1];
    if (level === undefined || this.external.get(level) !== this.delegates.get(record)) return;
    // Changed in place: the level's identity is what ties it to its delegate, and this runs on
    // every keystroke. The entry and its changes object are made here, so they are ours to change
    // (the edit's changes may be the edit event's own object: copied).
    const entry = level.find((existing) => existing.record === record);
    if (entry === undefined) {
      (level as UndoEntry<R>[]).push({ record, changes: { ...edit.changes } });
    } else {
      const changes = entry.changes as Record<string, UndoChange>;
      for (const key in edit.changes) {
        const change = edit.changes[key] as UndoChange;
        const existing = changes[key];
        changes[key] = existing === undefined ? change : { from: existing.from, to: change.to };
      }
    }
    this.levelsAtom.reportChanged();
  }

  /** Records the changes of one edit of one record as a step. @internal */
  addChanges(record: R, changes: UndoChanges, options: AddStepOptions = {}): void {
    if (Object.keys(changes).length === 0 && options.isCached === true) return;
    let fields = this.recorded.get(record);
    if (fields === undefined) this.recorded.set(record, (fields = new Set()));
    for (const field in changes) fields.add(field);
    this.add([{ record, changes }], options);
  }

  /**
   * The funnel listener: only `local` edits without `undoIgnore` make steps. Edits of a delegated
   * record are left to {@link recordDelegatedEdit}, which its delegate calls.
   */
  recordEdit(event: EditEvent<R>): void {
    if (!makesUndoStep(event) || this.delegates.has(event.record)) return;
    this.addChanges(event.record, event.changes, { isCached: event.isCached });
  }

  /**
   * Records a `local` edit of a delegated record: its delegate calls it right before writing the
   * edit (see `undoDelegation.ts`), so the step it captures opens or grows by the history's rules.
   */
  recordDelegatedEdit(event: EditEvent<R>): void {
    if (!makesUndoStep(event)) return;
    const delegate = this.delegates.get(event.record);
    if (delegate === undefined) return;
    // `addChanges` then `add` would come here for a delegated record's edit, in two more actions:
    // this runs on every synced keystroke, inside its edit's action.
    if (isInAction()) this.recordDelegated(event, delegate);
    else runInAction(() => this.recordDelegated(event, delegate));
  }

  /** {@link recordDelegatedEdit}'s work, inside an action. */
  private recordDelegated(event: EditEvent<R>, delegate: UndoDelegate): void {
    let fields = this.recorded.get(event.record);
    if (fields === undefined) this.recorded.set(event.record, (fields = new Set()));
    for (const field in event.changes) fields.add(field);
    this.delegatedEdit = undefined;
    this.addDelegatedEdit({ record: event.record, changes: event.changes }, event.isCached, delegate);
  }

  /**
   * Records a step that another undo stack holds (see {@link ExternalUndoStep}): like a new local
   * edit it closes the pending cached step and drops the redo steps; `undo()` and `redo()` reaching
   * it call the other stack. In {@link steps} it shows as an empty step (a delegated record's step
   * lists the changes of the edits that made it).
   */
  pushExternal(step: ExternalUndoStep): void {
    if (this.lastDelegate !== step) this.closeLastDelegate(undefined);
    this.dropRedoSteps();
    this.flushStaged();
    const level: UndoStep<R> = [];
    this.external.set(level, step);
    this.levels.push(level);
    this.levelsAtom.reportChanged();
    this.position = this.levels.length;
  }

  /** Closes the pending cached step: its changes join the latest step (or become the first one). */
  createUndoLevel(): void {
    this.add([]);
  }

  /**
   * Undoes the last step: applies its `from` values to every record it touches (the pending cached
   * step is joined first). Returns the step, or `undefined` when there is nothing to undo.
   */
  undo(): UndoStep<R> | undefined {
    if (this.staged.length > 0) {
      this.dropRedoSteps();
      this.flushStaged();
    }
    this.lastDelegate = undefined;
    while (this.position > 0) {
      const step = this.levels[this.position - 1] as UndoStep<R>;
      this.position -= 1;
      const external = this.external.get(step);
      if (external === undefined) {
        for (const entry of step) entry.record.applyUndoValues(valuesOf(entry.changes, 'from'));
        return step;
      }
      // A delegated step's entries only describe it: its own stack applies it. One that changed
      // nothing (others deleted all it did) is forgotten, and the walk goes on.
      if (external.undo(step) !== false) return step;
      this.forgetLevel(this.position);
    }
    return undefined;
  }

  /** Redoes the next step: applies its `to` values. Returns it, or `undefined` when there is none. */
  redo(): UndoStep<R> | undefined {
    this.lastDelegate = undefined;
    while (this.position < this.levels.length) {
      const step = this.levels[this.position] as UndoStep<R>;
      this.position += 1;
      const external = this.external.get(step);
      if (external === undefined) {
        for (const entry of step) entry.record.applyUndoValues(valuesOf(entry.changes, 'to'));
        return step;
      }
      if (external.redo(step) !== false) return step;
      this.position -= 1;
      this.forgetLevel(this.position);
    }
    return undefined;
  }

  /** Removes the level at `index` (a delegated step that changed nothing); the position is below it. */
  private forgetLevel(index: number): void {
    this.levels.splice(index, 1);
    this.levelsAtom.reportChanged();
  }

  /** True when some step may hold changes of `record` (a cheap check before {@link rebase}). */
  mayHold(record: R): boolean {
    return this.recorded.has(record);
  }

  /**
   * A newer server copy of `record` (not its own save's answer) changed these fields' saved values.
   * Per field the steps chain the values the user saw; only the link shown now can have been the old
   * saved value, and if it was, the user was looking at it, not typing it, so it follows the new
   * value: the `to` of the newest applied step and the `from` of the first redo step touching the
   * field. Earlier links stay, so undo restores what the user saw and redo never revives a gone value.
   */
  rebase(record: R, savedChanges: UndoChanges): void {
    const recorded = this.recorded.get(record);
    if (recorded === undefined) return;
    for (const field of Object.keys(savedChanges)) {
      if (recorded.has(field)) this.rebaseField(record, field, savedChanges[field] as UndoChange);
    }
  }

  /** Every record a step or the pending cached step points at (the cache keeps them). */
  referencedRecords(): Set<R> {
    const records = new Set<R>();
    for (const step of this.levels) for (const entry of step) records.add(entry.record);
    for (const entry of this.staged) records.add(entry.record);
    return records;
  }

  /** Forgets every step, redo step and pending change. */
  clear(): void {
    if (this.levels.length > 0) {
      this.levels.length = 0;
      this.levelsAtom.reportChanged();
    }
    this.position = 0;
    this.staged = [];
    this.lastDelegate = undefined;
    this.delegatedEdit = undefined;
  }

  /** Re-bases the link of `record`'s `field` that the record shows now; see {@link rebase}. */
  private rebaseField(record: R, field: string, saved: UndoChange): void {
    const follows = (value: unknown): boolean => deepEqual(value, saved.from);
    // Typing that is not a step yet is the newest link (and while it exists there are no redo steps).
    const pendingIndex = this.entryIndex(this.staged, record, field);
    if (pendingIndex !== -1) {
      const entry = this.staged[pendingIndex] as UndoEntry<R>;
      if (!follows((entry.changes[field] as UndoChange).to)) return;
      const staged = [...this.staged];
      staged[pendingIndex] = withValue(entry, field, 'to', saved.to);
      this.staged = staged;
      return;
    }
    for (let level = this.position - 1; level >= 0; level -= 1) {
      if (this.replaceIn(level, record, field, 'to', follows, saved.to)) break;
    }
    for (let level = this.position; level < this.levels.length; level += 1) {
      if (this.replaceIn(level, record, field, 'from', follows, saved.to)) break;
    }
  }

  /**
   * When level `level` touches `record`'s `field`, replaces its `side` value by `value` if `follows`
   * says so, and returns true (the level held the link, changed or not).
   */
  private replaceIn(
    level: number,
    record: R,
    field: string,
    side: 'from' | 'to',
    follows: (value: unknown) => boolean,
    value: unknown,
  ): boolean {
    const step = this.levels[level] as UndoStep<R>;
    // A step of another undo stack (sync) holds no changes of ours.
    if (this.external.has(step)) return false;
    const index = this.entryIndex(step, record, field);
    if (index === -1) return false;
    const entry = step[index] as UndoEntry<R>;
    if (follows((entry.changes[field] as UndoChange)[side])) {
      const next = [...step];
      next[index] = withValue(entry, field, side, value);
      this.levels[level] = next;
      this.levelsAtom.reportChanged();
    }
    return true;
  }

  /** The index of `record`'s entry in `step` when it changes `field`, else -1. */
  private entryIndex(step: UndoStep<R>, record: R, field: string): number {
    return step.findIndex((entry) => entry.record === record && entry.changes[field] !== undefined);
  }

  private closeLastDelegate(next: UndoDelegate | undefined): void {
    if (this.lastDelegate !== undefined && this.lastDelegate !== next) this.lastDelegate.closeStep();
    this.lastDelegate = next;
  }

  private dropRedoSteps(): void {
    if (this.position < this.levels.length) {
      const dropped = this.levels.splice(this.position, this.levels.length - this.position);
      this.levelsAtom.reportChanged();
      const stacks = new Set<ExternalUndoStep>();
      for (const step of dropped) {
        const external = this.external.get(step);
        if (external !== undefined) stacks.add(external);
      }
      for (const stack of stacks) (stack as Partial<UndoDelegate>).dropRedo?.();
    }
  }

  private flushStaged(): void {
    if (this.staged.length === 0) return;
    const last = this.levels.length - 1;
    // A step of another stack cannot take our changes: they become a step of their own.
    if (last < 0 || this.external.has(this.levels[last] as UndoStep<R>)) {
      this.levels.push(this.staged);
    } else {
      this.levels[last] = mergeIntoStep(this.levels[last] as UndoStep<R>, this.staged);
    }
    this.levelsAtom.reportChanged();
    this.staged = [];
    this.position = this.levels.length;
  }
}
