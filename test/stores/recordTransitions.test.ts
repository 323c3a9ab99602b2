/**
 * A record's request states change through closed transitions: an observer never sees a half-done
 * save, and fetch state is apart from save state.
 */
import { autorun, when } from 'mobx';
import { describe, expect, it } from 'vitest';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import { RootStore } from '../../stores/RootStore.js';
import { deferred, FakeTransport, makePost } from '../helpers/fakeTransport.js';

function setup(transport: FakeTransport) {
  const store = new RootStore({ transport });
  store.entities.register(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', label: 'Posts' }));
  const posts = store.collection('postType', 'post');
  posts.receive(makePost(1));
  return { store, posts, record: posts.record(1) };
}

/** A transport whose PUT of post 1 waits for `gate` and answers with the sent title saved (or fails). */
function heldSave(options: { fail?: boolean; title?: string } = {}) {
  const gate = deferred();
  const transport = new FakeTransport().on('PUT', '/wp/v2/posts/1', async (call) => {
    await gate.promise;
    if (options.fail === true) return { status: 500, body: { code: 'boom', message: 'Server broke' } };
    const title = options.title ?? String((call.body as { title: string }).title);
    return { body: makePost(1, { title: { raw: title, rendered: title } }) };
  });
  return { transport, gate };
}

describe('a save as closed transitions', () => {
  it('shows observers only whole states: edited, saving, saved', async () => {
    const { transport, gate } = heldSave();
    const { record } = setup(transport);
    record.edit({ title: 'New' });
    const states: string[] = [];
    const stop = autorun(() => {
      states.push(`${String(record.isSaving)}|${String(record.hasEdits)}|${JSON.stringify(record.edits)}`);
    });
    const saving = record.save();
    gate.resolve();
    await saving;
    stop();
    expect(states).toEqual(['false|true|{"title":"New"}', 'true|true|{"title":"New"}', 'false|false|{}']);
  });

  it('shows the resolved value of a deferred edit together with the start of the save', async () => {
    const { transport, gate } = heldSave();
    const { record } = setup(transport);
    record.edit({ title: () => 'Computed' });
    const states: string[] = [];
    const stop = autorun(() => states.push(`${String(record.isSaving)}|${String(record.edited?.title)}`));
    const saving = record.save();
    gate.resolve();
    await saving;
    stop();
    expect(states[1]).toBe('true|Computed');
    expect(states.some((state) => state === 'false|Computed')).toBe(true);
    expect(states.filter((state) => state.startsWith('true'))).toEqual(['true|Computed']);
  });

  it('keeps the edits and stores the error in one step when a save fails', async () => {
    const { transport, gate } = heldSave({ fail: true });
    const { record } = setup(transport);
    record.edit({ title: 'Kept' });
    const states: string[] = [];
    const stop = autorun(() =>
      states.push(
        `${String(record.isSaving)}|${String(record.hasEdits)}|${record.saveError?.message ?? '-'}`,
      ),
    );
    const saving = record.save();
    gate.resolve();
    await saving;
    stop();
    expect(states).toEqual(['false|true|-', 'true|true|-', 'false|true|Server broke']);
  });

  it('does not re-run an isDirty observer when a fetch starts and ends', async () => {
    const transport = new FakeTransport().on('GET', '/wp/v2/posts/1', { body: makePost(1) });
    const { posts, record } = setup(transport);
    let runs = 0;
    const stop = autorun(() => {
      void record.isDirty;
      runs++;
    });
    await posts.fetch(1);
    stop();
    expect(runs).toBe(1);
    expect(record.hasResolved).toBe(true);
  });

  it('clears the last save error with the next save, even one with nothing to send', async () => {
    const { transport, gate } = heldSave({ fail: true });
    const { record } = setup(transport);
    gate.resolve();
    record.edit({ title: 'Fails' });
    await record.save();
    expect(record.saveError?.message).toBe('Server broke');
    record.edit({ title: 'Post 1' });
    await record.save();
    expect(record.saveError).toBeUndefined();
  });

  it('keeps an undo made while a save is in flight as an edit against the new saved value', async () => {
    const { transport, gate } = heldSave();
    const { store, record } = setup(transport);
    record.edit({ title: 'Sent' });
    const saving = record.save();
    await when(() => record.isSaving);
    store.undo();
    expect(record.edited?.title).toBe('Post 1');
    gate.resolve();
    await saving;
    expect(record.raw?.title).toBe('Sent');
    expect(record.edits).toEqual({ title: 'Post 1' });
    expect(record.hasEdits).toBe(true);
  });

  it('keeps a value typed back to the old saved one during a save', async () => {
    const { transport, gate } = heldSave();
    const { record } = setup(transport);
    record.edit({ title: 'Sent' });
    const saving = record.save();
    await when(() => record.isSaving);
    record.edit({ title: 'Post 1' });
    gate.resolve();
    await saving;
    expect(record.edited?.title).toBe('Post 1');
    expect(record.hasEdits).toBe(true);
  });

  it('leaves the record clean when a save with an undo in flight fails', async () => {
    const { transport, gate } = heldSave({ fail: true });
    const { store, record } = setup(transport);
    record.edit({ title: 'Sent' });
    const saving = record.save();
    await when(() => record.isSaving);
    store.undo();
    gate.resolve();
    await saving;
    expect(record.edits).toEqual({});
    expect(record.isDirty).toBe(false);
  });

  it('redoes to the sent value during a save and is clean when the save lands', async () => {
    const { transport, gate } = heldSave();
    const { store, record } = setup(transport);
    record.edit({ title: 'Sent' });
    const saving = record.save();
    await when(() => record.isSaving);
    store.undo();
    store.redo();
    gate.resolve();
    await saving;
    expect(record.edits).toEqual({});
  });
});

describe('undo and redo after a newer server copy arrived', () => {
  it('restore the values of the step, as edits against the newer copy', () => {
    const transport = new FakeTransport();
    const { store, posts, record } = setup(transport);
    record.edit({ title: 'Mine' });
    posts.receive(makePost(1, { title: { raw: 'Theirs', rendered: 'Theirs' } }));
    expect(record.edited?.title).toBe('Mine');
    store.undo();
    expect(record.edited?.title).toBe('Post 1');
    expect(record.edits).toEqual({ title: 'Post 1' });
    store.redo();
    expect(record.edits).toEqual({ title: 'Mine' });
  });
});

describe('redo steps', () => {
  it('are dropped by a cached edit made after an undo', () => {
    const { store, record } = setup(new FakeTransport());
    record.edit({ title: 'One' });
    record.edit({ title: 'Two' });
    store.undo();
    expect(store.history.hasRedo).toBe(true);
    record.edit({ title: 'Typing' }, { isCached: true });
    expect(store.history.hasRedo).toBe(false);
    expect(store.redo()).toBeUndefined();
    expect(record.edited?.title).toBe('Typing');
  });
});
