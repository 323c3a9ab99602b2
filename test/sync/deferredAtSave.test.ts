/**
 * A deferred (function) edit of a synced record: its value, worked out at save time, is this
 * person's work and what the save sends, so it enters the shared document. Before, the document
 * kept a peer's older value of the field, and once the save answered every peer (the saver too)
 * showed that older value as an unsaved edit over what had just been saved.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, seen, settle, syncedPost, type SyncedSetup } from './storeHelpers.js';

let setup: SyncedSetup | undefined;
afterEach(() => {
  if (setup !== undefined) closeAll(setup);
  setup = undefined;
});

describe('a deferred edit of a synced record', () => {
  it('shows the saved value on every peer, with no edit left, after a peer had edited the field', async () => {
    setup = await syncedPost(2, { autoDeliver: false });
    const [a, b] = setup.records;
    if (a === undefined || b === undefined) throw new Error('two records');
    b.edit({ content: 'Body by B' });
    await setup.net.flush();
    expect(seen(a).content).toBe('Body by B');
    a.edit({ content: () => 'Body worked out at save time' });
    await a.save();
    await settle(setup);
    for (const record of setup.records) {
      expect(seen(record).content).toBe('Body worked out at save time');
      expect((record.persisted as { content: { raw: string } }).content.raw).toBe(
        'Body worked out at save time',
      );
      expect(record.hasEdits).toBe(false);
    }
    // B goes on typing in the saved text: nothing of the save is lost.
    b.edit({ content: `${seen(b).content}!` });
    await setup.net.flush();
    expect(seen(a).content).toBe('Body worked out at save time!');
  });

  it("takes the server's rewrite of a deferred value, on every peer, with no edit left", async () => {
    setup = await syncedPost(2, { autoDeliver: false });
    const [a, b] = setup.records;
    if (a === undefined || b === undefined) throw new Error('two records');
    setup.mock.addPost('post', { title: 'Other', slug: 'taken', status: 'draft' });
    b.edit({ slug: 'by-b' });
    await setup.net.flush();
    // The server makes the slug unique: what it saves is not what was sent.
    a.edit({ slug: () => 'taken' });
    await a.save();
    await settle(setup);
    for (const record of setup.records) {
      expect((record.edited as { slug: string }).slug).toBe('taken-2');
      expect(record.hasEdits).toBe(false);
    }
  });
});
