import { describe, expect, it, vi } from 'vitest';
import type { ProviderFactory } from '../../src/sync/providers/provider.js';
import type { Transport } from '../../core/transport/types.js';

// lib0 keeps the `Date.now` it found when it was first imported: the fake clock must be in place
// before awareness is loaded, and stays for the whole file.
vi.useFakeTimers();
const Y = await import('yjs');
const { Presence } = await import('../../src/sync/client/Presence.js');
const { memoryNetwork } = await import('../../src/testing/memoryNetwork.js');
type Presence = InstanceType<typeof Presence>;

const ana = { id: 7, name: 'Ana', color: '#c2185b' };
const bo = { id: 8, name: 'Bo', color: '#1976d2' };

function join(factory: ProviderFactory, user: typeof ana): Presence {
  const doc = new Y.Doc();
  const presence = new Presence(doc, user);
  factory({
    room: 'r',
    doc,
    awareness: presence.awareness,
    transport: {} as Transport,
    setStatus: () => undefined,
    reportError: () => undefined,
  });
  return presence;
}

describe('Presence', () => {
  it("keeps the same list of others while only this person's caret moves (nothing showing them re-renders)", async () => {
    const net = memoryNetwork();
    const a = join(net.provider(), ana);
    const b = join(net.provider(), bo);
    await net.flush();
    const before = a.peers;
    expect(before).toHaveLength(1);
    for (let offset = 0; offset < 5; offset++)
      a.setLocal({ field: 'title', selection: { start: offset, end: offset } });
    expect(a.peers).toBe(before);
    // The others still see every move, and a move of theirs is a new list here.
    await net.flush();
    expect(b.peers[0]).toMatchObject({ field: 'title', selection: { start: 4, end: 4 } });
    b.setLocal({ field: 'excerpt' });
    await net.flush();
    expect(a.peers).not.toBe(before);
    expect(a.peers[0]).toMatchObject({ user: bo, field: 'excerpt' });
  });

  it('lists the others with their user, field and selection', async () => {
    const net = memoryNetwork();
    const a = join(net.provider(), ana);
    const b = join(net.provider(), bo);
    await net.flush();
    b.setLocal({ field: 'title', selection: { start: 2, end: 4 } });
    await net.flush();
    expect(a.peers).toHaveLength(1);
    expect(a.peers[0]).toMatchObject({ user: bo, field: 'title', selection: { start: 2, end: 4 } });
    expect(b.peers[0]?.user).toEqual(ana);
    a.destroy();
    await net.flush();
    expect(b.peers).toEqual([]);
    b.destroy();
  });

  it('renews the local state every 15 s, so a live peer never times out', async () => {
    const net = memoryNetwork();
    const a = join(net.provider(), ana);
    const b = join(net.provider(), bo);
    await net.flush();
    const firstSeen = a.peers[0]?.lastSeenMs ?? 0;
    await vi.advanceTimersByTimeAsync(14_000);
    await net.flush();
    expect(a.peers[0]?.lastSeenMs).toBe(firstSeen);
    await vi.advanceTimersByTimeAsync(3_000);
    await net.flush();
    expect(a.peers[0]?.lastSeenMs).toBeGreaterThanOrEqual(firstSeen + 15_000);
    await vi.advanceTimersByTimeAsync(60_000);
    await net.flush();
    expect(a.peers).toHaveLength(1);
    a.destroy();
    b.destroy();
  });

  it('drops a peer 30 s after its last update', async () => {
    const net = memoryNetwork();
    const pb = net.provider();
    const a = join(net.provider(), ana);
    const b = join(pb, bo);
    await net.flush();
    expect(a.peers).toHaveLength(1);
    // Bo's machine goes silent: nothing he sends arrives any more.
    net.partition([pb]);
    await vi.advanceTimersByTimeAsync(27_000);
    expect(a.peers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(a.peers).toEqual([]);
    a.destroy();
    b.destroy();
  });
});
