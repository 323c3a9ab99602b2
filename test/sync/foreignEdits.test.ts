/**
 * `sync.foreignEdits` and `sync.save`: in a room no server checks (WebRTC), the saving client
 * shows which unsaved changes came from others, and asks before it saves guarded ones with its
 * own authority (issue 25: a contributor's shared `status: 'publish'` went out in an admin's save).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntityRecord, RootStore } from 'wp-entities';
import { ForeignEditsError, type ForeignEdit } from '../../src/sync/client/ForeignEdits.js';
import { syncedPost, type SyncedSetup } from './storeHelpers.js';

let setup: SyncedSetup | undefined;
afterEach(() => {
  for (const store of setup?.stores ?? []) store.dispose();
  setup = undefined;
});

/** The saving admin (store 0) and the other person (store 1), one post open in both. */
async function room(): Promise<{
  admin: RootStore;
  mine: EntityRecord<object>;
  theirs: EntityRecord<object>;
  flush: () => Promise<void>;
  savedStatus: () => string | undefined;
}> {
  setup = await syncedPost(2);
  const { stores, records, net, mock, id } = setup;
  return {
    admin: stores[0]!,
    mine: records[0]!,
    theirs: records[1]!,
    flush: () => net.flush(),
    savedStatus: () => mock.getPost(id)?.status,
  };
}

const fields = (edits: readonly ForeignEdit[]): string[] => edits.map((edit) => edit.field).sort();

describe('sync.foreignEdits', () => {
  it("lists the others' unsaved changes, who made them, and which need capabilities", async () => {
    const { admin, mine, theirs, flush } = await room();
    theirs.edit({ status: 'publish', author: 42, title: 'Their title' });
    theirs.edit({ content: 'Body<script>alert(1)</script>' });
    await flush();

    const edits = admin.sync!.foreignEdits(mine);
    expect(fields(edits)).toEqual(['author', 'content', 'status', 'title']);
    const byField = new Map(edits.map((edit) => [edit.field, edit]));
    expect(byField.get('status')).toMatchObject({
      isGuarded: true,
      reason: expect.stringMatching(/wp:action-publish/),
    });
    expect(byField.get('author')?.isGuarded).toBe(true);
    expect(byField.get('content')).toMatchObject({
      isGuarded: true,
      reason: expect.stringMatching(/<script>/),
    });
    expect(byField.get('title')?.isGuarded).toBe(false);
    const theirClient = setup!.stores[1]!.sync!.doc(theirs).clientID;
    for (const edit of edits) {
      expect(edit.clientIds).toEqual([theirClient]);
      expect(edit.people.map((person) => person.user.name)).toEqual(['User 2']);
    }
    // The other side sees none of its own changes as foreign.
    expect(setup!.stores[1]!.sync!.foreignEdits(theirs)).toEqual([]);
  });

  it('drops a field once it equals the saved record again, or once this person sets its whole value', async () => {
    const { admin, mine, theirs, flush } = await room();
    theirs.edit({ status: 'publish', sticky: true });
    await flush();
    expect(fields(admin.sync!.foreignEdits(mine))).toEqual(['status', 'sticky']);

    theirs.edit({ status: 'draft' }); // taken back: no unsaved change left there
    mine.edit({ sticky: false }); // the admin's own value now
    await flush();
    expect(admin.sync!.foreignEdits(mine)).toEqual([]);
  });

  it("keeps a text field listed when this person types into it too (the others' part is still in it)", async () => {
    const { admin, mine, theirs, flush } = await room();
    theirs.edit({ content: 'Body <script>x</script>' });
    await flush();
    mine.edit({ content: `${(mine.edited as { content: string }).content} and mine` });
    await flush();
    expect(admin.sync!.foreignEdits(mine)).toMatchObject([{ field: 'content', isGuarded: true }]);
  });

  it("never names a seed as someone's, also one that arrives with typing after others were attributed", async () => {
    const { admin, mine, theirs, flush } = await room();
    theirs.edit({ content: 'Their content' }); // seeds content, then types into it
    await flush();
    // Out of reach, they start the title: its seed and their typing arrive in one update.
    const { net, stores } = setup!;
    net.partition([stores[1]!]);
    theirs.edit({ title: 'Their title' });
    net.heal();
    await flush();

    const theirClient = stores[1]!.sync!.doc(theirs).clientID;
    const edits = admin.sync!.foreignEdits(mine);
    expect(fields(edits)).toEqual(['content', 'title']);
    for (const edit of edits) expect(edit.clientIds).toEqual([theirClient]);
  });
});

describe('sync.save', () => {
  it('refuses to save guarded changes from others with no one to confirm them, and sends nothing', async () => {
    const { admin, mine, theirs, flush, savedStatus } = await room();
    theirs.edit({ status: 'publish' });
    await flush();
    const sent = setup!.mock.requests.length;

    const error = await admin.sync!.save(mine).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ForeignEditsError);
    expect(fields((error as ForeignEditsError).edits)).toEqual(['status']);
    expect((error as Error).message).toMatch(/status was changed by someone else/);
    expect(setup!.mock.requests.length).toBe(sent);
    expect(savedStatus()).toBe('draft');
    expect((mine.edits as { status?: string }).status).toBe('publish'); // the edits stay
  });

  it('saves once the app confirms, and asks nothing for harmless changes', async () => {
    const { admin, mine, theirs, flush, savedStatus } = await room();
    theirs.edit({ title: 'Retitled' });
    await flush();
    const confirm = vi.fn((_edits: readonly ForeignEdit[]) => true);
    await admin.sync!.save(mine, { confirm, throwOnError: true });
    expect(confirm).not.toHaveBeenCalled();

    theirs.edit({ status: 'publish' });
    await flush();
    await admin.sync!.save(mine, { confirm, throwOnError: true });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(fields(confirm.mock.calls[0]![0])).toEqual(['status']);
    expect(savedStatus()).toBe('publish');
    expect(admin.sync!.foreignEdits(mine)).toEqual([]);
  });

  it('stops when the app declines, and when others change another guarded field while it is asked', async () => {
    const { admin, mine, theirs, flush, savedStatus } = await room();
    theirs.edit({ status: 'publish' });
    await flush();
    await expect(admin.sync!.save(mine, { confirm: () => false })).rejects.toBeInstanceOf(ForeignEditsError);

    const error = await admin
      .sync!.save(mine, {
        confirm: async () => {
          theirs.edit({ sticky: true });
          await flush();
          return true;
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ForeignEditsError);
    expect(fields((error as ForeignEditsError).edits)).toEqual(['sticky']);
    expect(savedStatus()).toBe('draft');
  });
});
