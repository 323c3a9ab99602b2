import { describe, expect, it } from 'vitest';
import { EDIT_ORIGINS } from '../../models/editCommit.js';
import { delegatedCloseCause, isStepOfItsOwn, joinsOpenStep, makesUndoStep } from '../../stores/undoSteps.js';

// The step boundaries, as UndoHistory, the journal restore, SyncManager and SyncUndo read them.
describe('undo step boundaries', () => {
  it('only a local edit without undoIgnore makes a step; a restore is a step of its own', () => {
    for (const origin of EDIT_ORIGINS) {
      expect(makesUndoStep({ origin, undoIgnore: false })).toBe(origin === 'local');
      expect(makesUndoStep({ origin, undoIgnore: true })).toBe(false);
      expect(isStepOfItsOwn({ origin, undoIgnore: false })).toBe(origin === 'restore');
    }
  });

  it('typing continues its own step; a normal edit asks to close it; anything in between closes it', () => {
    const place = (isCached: boolean, isAfterOwnStep: boolean, hasPending: boolean) =>
      delegatedCloseCause({ isCached, isAfterOwnStep, hasPending });
    expect(place(true, true, false)).toBeUndefined();
    expect(place(false, true, false)).toBe('edit');
    for (const isCached of [true, false]) {
      expect(place(isCached, false, false)).toBe('order');
      expect(place(isCached, true, true)).toBe('order');
      expect(place(isCached, false, true)).toBe('order');
    }
  });

  it('an open step takes the next edit of its record only within the capture timeout', () => {
    const open = { isCapturing: true, sinceLastChangeMs: 499, captureTimeoutMs: 500 };
    expect(joinsOpenStep('edit', open)).toBe(true);
    expect(joinsOpenStep('edit', { ...open, sinceLastChangeMs: 500 })).toBe(false);
    expect(joinsOpenStep('edit', { ...open, isCapturing: false })).toBe(false);
    expect(joinsOpenStep('order', open)).toBe(false);
    expect(joinsOpenStep('edit', { ...open, sinceLastChangeMs: 0, captureTimeoutMs: 0 })).toBe(false);
  });
});
