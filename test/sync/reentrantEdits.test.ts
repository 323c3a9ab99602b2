import { autorun, reaction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityRecord } from 'wp-entities';
import { closeAll, seen, syncedPost, type SyncedSetup } from './storeHelpers.js';

let setup: SyncedSetup | undefined;
afterEach(() => {
  if (setup !== undefined) closeAll(setup);
  setup = undefined;
});

describe("an edit made while a peer's change is being applied", () => {
  it("reaches the peer when made synchronously in a reaction to the peer's change", async () => {
    setup = await syncedPost(2);
    const [a, b] = setup.records as [EntityRecord<object>, EntityRecord<object>];
    // B's app fills in the excerpt whenever the title changes, in the same tick.
    const stop = reaction(
      () => seen(b).title,
      (title) => b.edit({ excerpt: `About: ${title}` }),
    );
    a.edit({ title: 'Tides' });
    await setup.net.flush();
    expect(seen(b).title).toBe('Tides');
    expect((b.edited as { excerpt?: string }).excerpt).toBe('About: Tides');
    expect((a.edited as { excerpt?: string }).excerpt).toBe('About: Tides');
    stop();
  });

  it("reaches the peer when made by an autorun that reads the peer's change", async () => {
    setup = await syncedPost(2);
    const [a, b] = setup.records as [EntityRecord<object>, EntityRecord<object>];
    const stop = autorun(() => {
      if (seen(b).status === 'pending' && seen(b).meta.a !== 'review') b.edit({ meta: { a: 'review' } });
    });
    a.edit({ status: 'pending' });
    await setup.net.flush();
    expect(seen(a).meta).toEqual({ a: 'review', b: '0' });
    expect(seen(b).meta).toEqual({ a: 'review', b: '0' });
    stop();
  });

  it('becomes an undo step of the person whose app made it, not a change nobody owns', async () => {
    setup = await syncedPost(2);
    const [a, b] = setup.records as [EntityRecord<object>, EntityRecord<object>];
    const stop = reaction(
      () => seen(b).title,
      (title) => b.edit({ excerpt: `About: ${title}` }),
    );
    a.edit({ title: 'Tides' });
    await setup.net.flush();
    stop();
    expect(setup.stores[1]?.history.hasUndo).toBe(true);
    setup.stores[1]?.undo();
    await setup.net.flush();
    expect((a.edited as { excerpt?: string }).excerpt).not.toBe('About: Tides');
    expect(seen(a).title).toBe('Tides');
  });
});
