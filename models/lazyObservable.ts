/**
 * The "plain until observed" value behind every piece of record state: a plain field while nobody
 * can be observing it, an observable box from the first read inside a derivation on. A cache of
 * thousands of records that no component shows then costs plain objects, not MobX atoms.
 *
 * This is the one place that reads MobX's private global state (`_getGlobalState`): MobX has no
 * public "is a derivation running now" query. `test/models/lazyObservable.test.ts` fails loudly if
 * a MobX upgrade moves it.
 *
 * @module
 */
import { _getGlobalState, getObserverTree, observable, type IObservableValue } from 'mobx';

/**
 * True while a derivation (a reaction or a computed) is running, so that a value read now must be
 * able to tell it of later changes. Actions and plain scripts read untracked.
 */
export function isTracking(): boolean {
  return _getGlobalState().trackingDerivation !== null;
}

/**
 * One value that becomes a MobX box on its first tracked read and stays one. Values are held by
 * reference (`deep: false`): they are immutable snapshots replaced on change.
 */
export class LazyObservable<T> {
  private plain: T;
  private box: IObservableValue<T> | undefined = undefined;
  private readonly name: string;

  /** A plain value; `name` names the box in MobX's dev tools once one is made. */
  constructor(initial: T, name: string) {
    this.plain = initial;
    this.name = name;
  }

  /** The value; inside a derivation this observes it (making the box the first time). */
  get(): T {
    if (this.box !== undefined) return this.box.get();
    if (!isTracking()) return this.plain;
    this.box = observable.box(this.plain, { deep: false, name: this.name });
    return this.box.get();
  }

  /** The value without observing it (for writers deciding what to write). */
  peek(): T {
    // A box read outside a derivation observes nothing.
    return this.box === undefined ? this.plain : this.box.get();
  }

  /** Replaces the value; observers (if any) are told. Call it inside an action when boxed. */
  set(value: T): void {
    if (this.box === undefined) this.plain = value;
    else this.box.set(value);
  }

  /** True once something observed the value (it has its box). */
  get isBoxed(): boolean {
    return this.box !== undefined;
  }

  /**
   * True while a reaction or computed observes the value. Asked rarely (by the eviction sweep), so
   * it asks MobX then rather than keeping observe/unobserve hooks on every box.
   */
  get isObserved(): boolean {
    return this.box !== undefined && (getObserverTree(this.box).observers?.length ?? 0) > 0;
  }
}
