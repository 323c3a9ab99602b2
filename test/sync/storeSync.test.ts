import { autorun } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRecord } from 'wp-entities';
import { closeAll, seen, settle, syncedPost, type SyncedSetup } from './storeHelpers.js';

let setup: SyncedSetup | undefined;
afterEach(() => {
  if (setup !== undefined) closeAll(setup);
  setup = undefined;
});

async function two(): Promise<[EntityRecord<object>, EntityRecord<object>, SyncedSetup]> {
  setup = await syncedPost(2);
  return [setup.records[0] as EntityRecord<object>, setup.records[1] as EntityRecord<object>, setup];
}

describe('two synced stores', () => {
  it('keep both insertions of concurrent typing in one title, in the same order', async () => {
    const [a, b, { net }] = await two();
    a.edit({ title: 'Hello world' });
    b.edit({ title: 'Hello!' });
    await net.flush();
    expect(seen(a).title).toBe(seen(b).title);
    expect(seen(a).title).toMatch(/^Hello( world!|! world)$/);
  });

  it('merge edits of different meta keys and converge on a plain field', async () => {
    const [a, b, { net }] = await two();
    a.edit({ meta: { a: '1' } });
    b.edit({ meta: { b: '2' } });
    a.edit({ status: 'pending' });
    b.edit({ status: 'private' });
    await net.flush();
    expect(seen(a).meta).toEqual({ a: '1', b: '2' });
    expect(seen(b).meta).toEqual({ a: '1', b: '2' });
    expect(seen(a).status).toBe(seen(b).status);
  });

  it("make no undo step for a peer's edit", async () => {
    const [a, b, { net, stores }] = await two();
    a.edit({ title: 'Hello from A' });
    await net.flush();
    expect(seen(b).title).toBe('Hello from A');
    expect(b.hasEdits).toBe(true);
    expect(stores[1]?.history.hasUndo).toBe(false);
    expect(stores[0]?.history.hasUndo).toBe(true);
  });

  it("undo takes back only this person's change, never a peer's", async () => {
    const [a, b, { net, stores }] = await two();
    a.edit({ title: 'Hello A' });
    await net.flush();
    b.edit({ title: 'Hello A B' });
    await net.flush();
    stores[0]?.undo();
    await net.flush();
    expect(seen(a).title).toBe('Hello B');
    expect(seen(b).title).toBe('Hello B');
    expect(stores[0]?.history.hasUndo).toBe(false);
    expect(stores[0]?.history.hasRedo).toBe(true);
    stores[0]?.redo();
    await net.flush();
    expect(seen(b).title).toBe('Hello A B');
  });

  it("an observed Undo turns off when a peer deletes all this person's step did", async () => {
    const [a, b, { net, stores }] = await two();
    const canUndo: boolean[] = [];
    const stop = autorun(() => canUndo.push(stores[0]?.history.hasUndo === true));
    a.edit({ title: 'Hello A' });
    await net.flush();
    expect(canUndo.at(-1)).toBe(true);
    // The peer deletes the two characters A typed: A's undo would change nothing now.
    b.edit({ title: 'Hello' });
    await net.flush();
    expect(seen(a).title).toBe('Hello');
    expect(canUndo.at(-1)).toBe(false);
    stop();
  });

  it('walks synced and unsynced records in one undo order', async () => {
    const [a, , { stores }] = await two();
    const store = stores[0];
    const site = store?.record('root', 'user', 1) as EntityRecord<object>;
    await store?.entities.load('root');
    a.edit({ title: 'Hello 1' });
    site.edit({ name: 'renamed' });
    a.edit({ title: 'Hello 1 2' });
    expect(store?.history.hasUndo).toBe(true);
    store?.undo();
    expect(seen(a).title).toBe('Hello 1');
    expect((site.edits as { name?: string }).name).toBe('renamed');
    store?.undo();
    expect((site.edits as { name?: string }).name).toBeUndefined();
    expect(seen(a).title).toBe('Hello 1');
    store?.undo();
    expect(seen(a).title).toBe('Hello');
    expect(store?.history.hasUndo).toBe(false);
    store?.redo();
    store?.redo();
    store?.redo();
    expect(seen(a).title).toBe('Hello 1 2');
    expect((site.edits as { name?: string }).name).toBe('renamed');
  });

  it('a save by one clears the field for all, and the other never sees the old value again', async () => {
    const [a, b, current] = await two();
    const titles: string[] = [];
    const stop = autorun(() => titles.push(seen(b).title));
    a.edit({ title: 'Saved title' });
    await current.net.flush();
    expect(titles.at(-1)).toBe('Saved title');
    await a.save({ throwOnError: true });
    await settle(current);
    stop();
    const afterEdit = titles.slice(titles.indexOf('Saved title'));
    expect(afterEdit.every((title) => title === 'Saved title')).toBe(true);
    expect(b.hasEdits).toBe(false);
    expect(a.hasEdits).toBe(false);
    expect((b.persisted as { title: { raw: string } }).title.raw).toBe('Saved title');
    expect(current.stores[1]?.sync?.doc(b).getMap('edits').has('title')).toBe(false);
  });

  it('never sends deferred or transient edits', async () => {
    const [a, b, { net, stores }] = await two();
    a.edit({ content: () => 'computed at save time', selection: { start: 1 }, blocks: [] });
    await net.flush();
    expect(b.edits).toEqual({});
    const doc = stores[0]?.sync?.doc(a);
    expect([...(doc?.getMap('edits').keys() ?? [])]).toEqual([]);
  });

  it('leaves entities that do not sync exactly as without sync', async () => {
    const [, , { stores }] = await two();
    const store = stores[0];
    await store?.entities.load('root');
    const user = store?.record('root', 'user', 1) as EntityRecord<object>;
    expect(store?.sync?.isSynced(user)).toBe(false);
    expect(() => store?.sync?.join(user)).toThrow(/does not sync/);
    user.edit({ name: 'x' });
    expect(store?.history.hasUndo).toBe(true);
    expect(store?.sync?.isJoined(user)).toBe(false);
    expect(store?.sync?.isSynced(store.record('root', 'site'))).toBe(true);
  });

  it('reports presence and connection, and dispose ends the room for the others', async () => {
    const [a, b, { net, stores }] = await two();
    expect(stores[0]?.sync?.connection(a)).toBe('connected');
    stores[1]?.sync?.setLocalPresence(b, { field: 'title', selection: { start: 0, end: 5 } });
    await net.flush();
    expect(stores[0]?.sync?.peers(a)).toMatchObject([{ user: { id: 2 }, field: 'title' }]);
    stores[1]?.dispose();
    await net.flush();
    expect(stores[0]?.sync?.peers(a)).toEqual([]);
    expect(stores[1]?.sync?.isJoined(b)).toBe(false);
  });
});

// The binding diffs a keystroke against what its own last write left in the text: these check it
// reads the text again whenever anything else has changed it since.
describe('typing in a synced title', () => {
  it("goes on from a peer's keystroke that arrived in between", async () => {
    const [a, b, { net }] = await two();
    a.edit({ title: 'Hello a' });
    await net.flush();
    b.edit({ title: `${seen(b).title}b` });
    await net.flush();
    expect(seen(a).title).toBe('Hello ab');
    a.edit({ title: `${seen(a).title}c` });
    await net.flush();
    expect(seen(a).title).toBe('Hello abc');
    expect(seen(b).title).toBe('Hello abc');
  });

  it('goes on from what an undo left', async () => {
    const [a, b, { net, stores }] = await two();
    a.edit({ title: 'Hello 1' });
    stores[0]?.undo();
    expect(seen(a).title).toBe('Hello');
    a.edit({ title: 'Hello 2' });
    await net.flush();
    expect(seen(a).title).toBe('Hello 2');
    expect(seen(b).title).toBe('Hello 2');
  });

  it('goes on from what a redo brought back', async () => {
    const [a, b, { net, stores }] = await two();
    a.edit({ title: 'Hello 1' });
    stores[0]?.undo();
    stores[0]?.redo();
    expect(seen(a).title).toBe('Hello 1');
    a.edit({ title: 'Hello 12' });
    await net.flush();
    expect(seen(b).title).toBe('Hello 12');
  });
});
