/**
 * A peer's change can reach a person before what it builds on (a partition dropped the first part):
 * Yjs holds it until the rest arrives. When the rest is this person's own seed or genesis of the
 * field (the same bytes everyone makes), applying it lets the held change in too, in the middle of
 * this person's first write of the field. That change must reach the record and stay in the
 * document: the person's edit goes on top of it, never over it. Found by the collaboration soak
 * (seed 2097714034): B's first keystroke in `content` deleted A's character.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, seen, settle, syncedPost, type SyncedSetup } from './storeHelpers.js';

let setup: SyncedSetup | undefined;
afterEach(() => {
  if (setup !== undefined) closeAll(setup);
  setup = undefined;
});

/**
 * Two people on post "Body": A's first change of `field` is lost to a partition, then A's next
 * change reaches B, which cannot apply it yet (it builds on A's seed of the field).
 */
async function heldChangeOf(
  first: Record<string, unknown>,
  second: Record<string, unknown>,
): Promise<SyncedSetup> {
  const local = await syncedPost(2, { autoDeliver: false }, { content: 'Body' });
  setup = local;
  const [a] = local.records;
  const [storeA, storeB] = local.stores;
  if (a === undefined) throw new Error('two records');
  local.net.partition([storeA as never], [storeB as never]);
  a.edit(first);
  await local.net.flush();
  // Still no heal: a new partition passes new messages but does not resend the lost ones.
  local.net.partition([storeA as never, storeB as never]);
  a.edit(second);
  await local.net.flush();
  return local;
}

describe('a peer change held until this person seeds the field', () => {
  // A's first change deletes only (a deletion takes no new Yjs clock), so A's next one waits on
  // A's seed alone, which B's own seed supplies.
  it("B's first keystroke in the field keeps A's character that came in with B's seed", async () => {
    const local = await heldChangeOf({ content: 'ody' }, { content: 'Aody' });
    const [, b] = local.records;
    if (b === undefined) throw new Error('two records');
    // B still shows the saved content: A's typing waits for A's seed, which B has not heard.
    expect(seen(b).content).toBe('Body');
    b.edit({ content: 'bBody' });
    // A's "A" came in with B's seed; A's deletion of the "B" is still lost to the partition.
    expect(seen(b).content).toBe('bBAody');
    local.net.heal();
    await settle(local);
    for (const record of local.records) expect(seen(record).content).toBe('bAody');
    expect(b.hasEdits).toBe(true);
  });

  it("B's deletion removes only what B deleted, not A's typing that came in with it", async () => {
    const local = await heldChangeOf({ content: 'Bod' }, { content: 'Bod!' });
    const [, b] = local.records;
    if (b === undefined) throw new Error('two records');
    b.edit({ content: 'ody' });
    expect(seen(b).content).toBe('ody!');
    local.net.heal();
    await settle(local);
    // A deleted the "y" and typed "!"; B deleted the "B": each person's change stands.
    for (const record of local.records) expect(seen(record).content).toBe('od!');
  });

  it("another field A changed behind the held change reaches B's record", async () => {
    const local = await heldChangeOf({ content: 'ody' }, { content: 'Aody', title: 'Hello from A' });
    const [, b] = local.records;
    if (b === undefined) throw new Error('two records');
    expect(seen(b).title).toBe('Hello');
    b.edit({ content: 'Body!' });
    expect(seen(b).title).toBe('Hello from A');
    expect(seen(b).content).toBe('BAody!');
  });

  it("B's change of one meta key keeps the key A changed in the held change", async () => {
    const local = await heldChangeOf({ content: 'ody' }, { content: 'Aody', meta: { a: 'from A', b: '0' } });
    const [, b] = local.records;
    if (b === undefined) throw new Error('two records');
    b.edit({ content: 'Body!', meta: { a: '0', b: 'from B' } });
    expect(seen(b).meta).toEqual({ a: 'from A', b: 'from B' });
    local.net.heal();
    await settle(local);
    for (const record of local.records) expect(seen(record).meta).toEqual({ a: 'from A', b: 'from B' });
  });
});
