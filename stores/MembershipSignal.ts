/**
 * A MobX signal for "the set of things in a plain container changed" (records made or evicted,
 * queries made, collections opened), so that a view listing them (the example editor's data
 * inspector) reacts instead of polling. The containers stay plain `Map`s: a lookup on every edit
 * must not pay for observability.
 *
 * A change is reported after the current task's microtasks, in an action: records are often made
 * while a derivation runs (a component's render, a computed), where changing observed state is
 * not allowed.
 *
 * @module
 */
import { createAtom, runInAction, type IAtom } from 'mobx';

/** See the module comment. */
export class MembershipSignal {
  private readonly atom: IAtom;
  private isQueued = false;

  constructor(name: string) {
    this.atom = createAtom(name);
  }

  /** Called by readers of the container's members: they re-run after a change. */
  observed(): void {
    this.atom.reportObserved();
  }

  /** Called when a member came or went; readers hear of it after the current microtasks. */
  changed(): void {
    if (this.isQueued) return;
    this.isQueued = true;
    queueMicrotask(() => {
      this.isQueued = false;
      runInAction(() => this.atom.reportChanged());
    });
  }
}
