/**
 * The record's state reducer on its own: each transition gives the next state without changing
 * the one it was given, and leaves every piece it does not touch as the same object.
 */
import { describe, expect, it } from 'vitest';
import { NO_EDITS } from '../../models/editPipeline.js';
import {
  INITIAL_RECORD_STATE,
  recordState,
  type RecordAction,
  type RecordState,
} from '../../models/recordState.js';

type State = RecordState<object, object>;

function run(...actions: RecordAction[]): State {
  return actions.reduce<State>((state, action) => recordState(state, action), INITIAL_RECORD_STATE);
}

describe('recordState', () => {
  it('never changes the state it is given, and keeps untouched pieces by identity', () => {
    const frozen = Object.freeze({ ...INITIAL_RECORD_STATE }) as State;
    const next = recordState(frozen, { type: 'saveStarted', fields: ['title'] });
    expect(frozen.writeState.isSaving).toBe(false);
    expect(next.writeState.isSaving).toBe(true);
    expect(next.fetchState).toBe(frozen.fetchState);
    expect(next.edits).toBe(frozen.edits);
  });

  it('keeps fetch state apart from write state', () => {
    const error = new Error('offline');
    const state = run(
      { type: 'saveStarted', fields: ['title'] },
      { type: 'fetchStarted' },
      { type: 'fetchEnded', error },
    );
    expect(state.fetchState).toEqual({ isResolving: false, hasResolved: true, fetchError: error });
    expect(state.writeState.isSaving).toBe(true);
    expect(
      run({ type: 'fetchStarted' }, { type: 'fetchEnded', error }, { type: 'fetchEnded' }).fetchState
        .fetchError,
    ).toBe(undefined);
  });

  it('a save sends top-level fields, and its end clears them with the error it ended with', () => {
    const saving = run({ type: 'saveStarted', fields: ['meta.a', 'title'], isAutosave: true });
    expect([...(saving.writeState.sending ?? [])]).toEqual(['meta', 'title']);
    expect(saving.writeState.isAutosaving).toBe(true);
    const error = new Error('refused');
    const failed = recordState(saving, { type: 'saveEnded', end: { ok: false, error } });
    expect(failed.writeState).toMatchObject({
      isSaving: false,
      isAutosaving: false,
      saveError: error,
      sending: undefined,
    });
    // A save with nothing to send clears the error; with no error it changes nothing at all.
    const skipped = recordState(failed, { type: 'saveSkipped' });
    expect(skipped.writeState.saveError).toBeUndefined();
    expect(recordState(skipped, { type: 'saveSkipped' })).toBe(skipped);
  });

  it('a delete keeps its own error', () => {
    const error = new Error('gone');
    const state = run({ type: 'deleteStarted' }, { type: 'deleteEnded', error });
    expect(state.writeState).toMatchObject({ isDeleting: false, deleteError: error, saveError: undefined });
  });

  it('stores what the server sent per context, and clears every context at once', () => {
    const item = { data: { id: 1 }, isComplete: true };
    const view = { data: { id: 1, title: 'T' }, isComplete: false };
    const state = run(
      { type: 'received', context: 'default', item },
      { type: 'received', context: 'view', item: view },
    );
    expect(state.item).toBe(item);
    expect(state.contexts).toEqual({ view });
    const cleared = recordState(state, { type: 'cleared' });
    expect(cleared.item).toBeUndefined();
    expect(cleared.contexts).toEqual({});
    expect(recordState(cleared, { type: 'cleared' })).toBe(cleared);
  });

  it('counts only non-transient edits, and stores no edits as the one empty object', () => {
    const transient = new Set(['blocks']);
    const onlyTransient = run({ type: 'editsReplaced', edits: { blocks: [] }, transient });
    expect(onlyTransient.hasEdits).toBe(false);
    const real = recordState(onlyTransient, {
      type: 'editsReplaced',
      edits: { blocks: [], title: 'A' },
      transient,
    });
    expect(real.hasEdits).toBe(true);
    const none = recordState(real, { type: 'editsReplaced', edits: {}, transient });
    expect(none.edits).toBe(NO_EDITS);
    expect(none.hasEdits).toBe(false);
    // Without a config, any field counts.
    expect(run({ type: 'editsReplaced', edits: { blocks: [] }, transient: undefined }).hasEdits).toBe(true);
  });
});
