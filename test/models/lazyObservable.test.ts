/**
 * The one private MobX read (`_getGlobalState().trackingDerivation`) behind "plain until observed".
 * If a MobX upgrade moves or renames it, these tests fail, loudly, instead of every record
 * silently turning untracked (observers that never re-render) or always boxed (a slow cache).
 */
import * as mobx from 'mobx';
import { autorun, computed, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { isTracking, LazyObservable } from '../../models/lazyObservable.js';

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
});

describe('LazyObservable', () => {
  it('stays a plain value for plain reads and writes', () => {
    const value = new LazyObservable(1, 'test');
    expect(value.get()).toBe(1);
    value.set(2);
    expect(value.peek()).toBe(2);
    expect(value.isBoxed).toBe(false);
  });

  it('becomes observable on its first tracked read and tells the observer of changes', () => {
    const value = new LazyObservable('a', 'test');
    const seen: string[] = [];
    const stop = autorun(() => seen.push(value.get()));
    expect(value.isBoxed).toBe(true);
    expect(value.isObserved).toBe(true);
    runInAction(() => value.set('b'));
    stop();
    expect(seen).toEqual(['a', 'b']);
    expect(value.isObserved).toBe(false);
    expect(value.get()).toBe('b');
  });
});
