import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRecord } from 'wp-entities';
import { closeAll, seen, syncedPost, type SyncedSetup } from './storeHelpers.js';

// The binding diffs a keystroke against what its own last write left in the text: these check it
// reads the text again whenever anything else has changed it since.

let setup: SyncedSetup | undefined;
afterEach(() => {
  if (setup !== undefined) closeAll(setup);
  setup = undefined;
});

async function two(): Promise<[EntityRecord<object>, EntityRecord<object>, SyncedSetup]> {
  setup = await syncedPost(2);
  return [setup.records[0] as EntityRecord<object>, setup.records[1] as EntityRecord<object>, setup];
}

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
