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
 * True inside an action (a batch that may change state, outside any derivation): work that would
 * wrap itself in an action can run as it is, without a second action per call (a receive of
 * thousands of records dispatches once per record).
 */
export function isInAction(): boolean {
  const state = _getGlobalState();
  return state.inBatch > 0 && state.allowStateChanges && state.trackingDerivation === null;
}

/**
 * The plain-until-observed fields of one object (a record's eight pieces of state): each field is
 * a plain value until its first tracked read, then an observable box that it stays. Values are
 * held by reference (`deep: false`): they are immutable snapshots replaced on change. All fields
 * live in one plain object rather than one holder object per field, because with 10,000 cached
 * records those holders were over half the heap the library added above the data.
 */
export class LazyObservableFields<S extends object> {
  private readonly plain: S;
  private boxes: { [K in keyof S]?: IObservableValue<S[K]> } | undefined = undefined;
  private readonly name: string;

  /** Plain fields with `initial`'s values (copied); `name` prefixes the boxes' names in MobX's dev tools. */
  constructor(initial: S, name: string) {
    this.plain = { ...initial };
    this.name = name;
  }

  /** The field's value; inside a derivation this observes it (making its box the first time). */
  get<K extends keyof S>(key: K): S[K] {
    const box = this.boxes?.[key];
    if (box !== undefined) return box.get();
    if (!isTracking()) return this.plain[key];
    const made = observable.box(this.plain[key], { deep: false, name: `${this.name}.${String(key)}` });
    const boxes: { [F in keyof S]?: IObservableValue<S[F]> } = (this.boxes ??= {});
    boxes[key] = made;
    return made.get();
  }

  /** The field's value without observing it (for writers deciding what to write). */
  peek<K extends keyof S>(key: K): S[K] {
    return this.plain[key];
  }

  /** Every field's value without observing any: the live object (read-only; {@link set} changes it in place). */
  current(): Readonly<S> {
    return this.plain;
  }

  /** Replaces the field's value; its observers (if any) are told. Call it inside an action when boxed. */
  set<K extends keyof S>(key: K, value: S[K]): void {
    // The plain field always holds the value too, so `peek` and `current` never touch a box.
    this.plain[key] = value;
    this.boxes?.[key]?.set(value);
  }

  /** True once something observed the field (it has its box). */
  isBoxed(key: keyof S): boolean {
    return this.boxes?.[key] !== undefined;
  }

  /**
   * True while a reaction or computed observes the field. Asked rarely (by the eviction sweep), so
   * it asks MobX then rather than keeping observe/unobserve hooks on every box.
   */
  isObserved(key: keyof S): boolean {
    const box = this.boxes?.[key];
    return box !== undefined && (getObserverTree(box).observers?.length ?? 0) > 0;
  }
}
