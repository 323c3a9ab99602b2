/**
 * The one private MobX read (`_getGlobalState().trackingDerivation`) behind "plain until observed".
 * If a MobX upgrade moves or renames it, these tests fail, loudly, instead of every record
 * silently turning untracked (observers that never re-render) or always boxed (a slow cache).
 */
import * as mobx from 'mobx';
import { autorun, computed, reaction, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { isInAction, isTracking, LazyObservableFields } from '../../models/lazyObservable.js';

describe('the MobX internals lazyObservable relies on', () => {
  it('still exports _getGlobalState with a trackingDerivation field (MobX upgrade check)', () => {
    expect(typeof mobx._getGlobalState).toBe('function');
    const state = mobx._getGlobalState() as unknown as Record<string, unknown>;
    expect(
      'trackingDerivation' in state,
      'MobX no longer has globalState.trackingDerivation: rewrite isTracking() in models/lazyObservable.ts',
    ).toBe(true);
  });

  it('tells a derivation from a plain read', () => {
    expect(isTracking()).toBe(false);
    let insideAutorun = false;
    autorun(() => (insideAutorun = isTracking()))();
    expect(insideAutorun).toBe(true);
    expect(computed(() => isTracking()).get()).toBe(false); // an unobserved computed read from a script runs untracked
    let insideAction = true;
    autorun(() => runInAction(() => (insideAction = isTracking())))();
    expect(insideAction).toBe(false);
  });

  it('still has inBatch and allowStateChanges (MobX upgrade check), and tells an action from anything else', () => {
    const state = mobx._getGlobalState() as unknown as Record<string, unknown>;
    expect(
      typeof state.inBatch === 'number' && typeof state.allowStateChanges === 'boolean',
      'MobX no longer has globalState.inBatch / allowStateChanges: rewrite isInAction() in models/lazyObservable.ts',
    ).toBe(true);
    expect(isInAction()).toBe(false);
    expect(runInAction(() => isInAction())).toBe(true);
    let inDerivation = true;
    autorun(() => (inDerivation = isInAction()))();
    expect(inDerivation).toBe(false);
    expect(computed(() => isInAction()).get()).toBe(false);
    // A reaction's effect runs in an action; its expression does not.
    const seen: boolean[] = [];
    const box = mobx.observable.box(0);
    const stop = reaction(
      () => (seen.push(isInAction()), box.get()),
      () => void seen.push(isInAction()),
    );
    runInAction(() => box.set(1));
    stop();
    expect(seen).toEqual([false, false, true]);
  });
});

describe('LazyObservableFields', () => {
  it('keeps every field plain for plain reads and writes', () => {
    const fields = new LazyObservableFields({ count: 1, label: 'a' }, 'test');
    expect(fields.get('count')).toBe(1);
    fields.set('label', 'b');
    expect(fields.peek('label')).toBe('b');
    expect(fields.isBoxed('count')).toBe(false);
    expect(fields.isBoxed('label')).toBe(false);
  });

  it("boxes only the field a derivation reads, and tells it of that field's changes", () => {
    const fields = new LazyObservableFields({ count: 1, label: 'a' }, 'test');
    const seen: number[] = [];
    const stop = autorun(() => seen.push(fields.get('count')));
    expect(fields.isBoxed('count')).toBe(true);
    expect(fields.isBoxed('label')).toBe(false);
    expect(fields.isObserved('count')).toBe(true);
    runInAction(() => {
      fields.set('count', 2);
      fields.set('label', 'b');
    });
    stop();
    expect(seen).toEqual([1, 2]);
    expect(fields.isObserved('count')).toBe(false);
    expect(fields.peek('label')).toBe('b');
  });

  it('does not share plain values between instances made from one initial object', () => {
    const initial: { readonly count: number } = Object.freeze({ count: 0 });
    const first = new LazyObservableFields(initial, 'test');
    const second = new LazyObservableFields(initial, 'test');
    first.set('count', 5);
    expect(second.peek('count')).toBe(0);
  });
});
