/**
 * The relay's shared-edit guard end to end, with `httpPollingProvider` on fake timers: a
 * contributor's change they could not save themselves (publishing their draft) never reaches the
 * administrator in the room; the contributor is told which change was refused; once they take it
 * back, the room goes on and nothing else they typed is lost.
 */
import { describe, expect, it, vi } from 'vitest';
import { createMockWordPress } from '../../../src/testing/index.js';
import { fakeClockAndStores, openPost, pollingStore, titleOf, transportAs } from './helpers.js';

const stores = fakeClockAndStores();

async function within(maxMs: number, check: () => boolean, what: string): Promise<void> {
  for (let spent = 0; spent <= maxMs; spent += 50) {
    if (check()) return;
    await vi.advanceTimersByTimeAsync(50);
  }
  throw new Error(`Not within ${maxMs} ms of fake time: ${what}.`);
}

function statusOf(record: { edited: unknown }): unknown {
  return (record.edited as { status?: unknown } | undefined)?.status;
}

describe('the polling relay guards shared edits', () => {
  it("refuses a contributor's publish; the administrator never sees it; taken back, the room goes on", async () => {
    const mock = createMockWordPress();
    mock.setCurrentRole('administrator');
    const password = 'CoNt 1111 2222 3333 4444 5555';
    mock.addUser({ id: 9, username: 'contrib', name: 'Connie', role: 'contributor', appPassword: password });
    const id = mock.addPost('post', { title: 'Draft', content: 'Body', status: 'draft', author: 9 });
    const admin = pollingStore(transportAs(mock), 1);
    const contributor = pollingStore(
      transportAs(mock, { username: 'contrib', applicationPassword: password }),
      9,
      { forbiddenRetryMs: 3000 },
    );
    stores.push(admin, contributor);
    const ra = await openPost(admin, id);
    const rc = await openPost(contributor, id);
    await within(10_000, () => admin.sync!.peers(ra).length === 1, 'presence');
    rc.edit({ title: 'Draft by Connie' });
    await within(10_000, () => titleOf(ra) === 'Draft by Connie', 'ordinary typing on the administrator');

    rc.edit({ status: 'publish' });
    await within(
      10_000,
      () => contributor.sync!.errors.some((error) => error.code === 'forbidden'),
      'the refusal reported',
    );
    const refusal = contributor.sync!.errors.find((error) => error.code === 'forbidden');
    expect(refusal?.message).toContain('status');
    expect(refusal?.message).toContain('rest_sync_change_refused');
    // Typed while refused: kept, and delivered once the change is taken back.
    rc.edit({ title: 'Draft by Connie, more' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(statusOf(ra)).toBe('draft');
    expect(titleOf(ra)).toBe('Draft by Connie');
    expect(mock.syncRelay.rows(`postType/post:${id}`).length).toBeGreaterThan(0);

    rc.edit({ status: 'draft' });
    await within(
      20_000,
      () => titleOf(ra) === 'Draft by Connie, more',
      'the typing after the change was taken back',
    );
    expect(statusOf(ra)).toBe('draft');
    expect(titleOf(rc)).toBe('Draft by Connie, more');
    await within(
      10_000,
      () => contributor.sync!.connection(rc) === 'connected',
      'the contributor reconnected',
    );
    // And the administrator's own publish goes through to the contributor.
    ra.edit({ status: 'publish' });
    await within(10_000, () => statusOf(rc) === 'publish', "the administrator's change on the contributor");
  });
});
