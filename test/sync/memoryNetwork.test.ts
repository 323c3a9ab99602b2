import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { openRaw, type RawMember } from './helpers.js';

function textOf(member: RawMember): string {
  return member.doc.getText('t').toString();
}

describe('memoryNetwork', () => {
  afterEach(() => vi.useRealTimers());

  it('delivers updates between members of one room and not to other rooms', async () => {
    const net = memoryNetwork();
    const a = openRaw(net.provider(), 'r1');
    const b = openRaw(net.provider(), 'r1');
    const c = openRaw(net.provider(), 'r2');
    a.doc.getText('t').insert(0, 'hi');
    await net.flush();
    expect(textOf(b)).toBe('hi');
    expect(textOf(c)).toBe('');
    expect(a.statuses.at(-1)).toBe('connected');
  });

  it('delivers on its own after latencyMs of the clock', async () => {
    vi.useFakeTimers();
    const net = memoryNetwork({ latencyMs: 50 });
    const a = openRaw(net.provider(), 'r');
    const b = openRaw(net.provider(), 'r');
    await net.flush();
    a.doc.getText('t').insert(0, 'x');
    await vi.advanceTimersByTimeAsync(49);
    expect(textOf(b)).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    expect(textOf(b)).toBe('x');
  });

  it('converges under reorder, duplicates and drops, and replays the same run from a seed', async () => {
    const run = async (seed: number): Promise<{ text: string; stats: object }> => {
      const net = memoryNetwork({ seed, reorder: true, duplicate: 0.3, drop: 0.3 });
      const members = Array.from({ length: 4 }, () => openRaw(net.provider(), 'r'));
      await net.flush();
      for (let i = 0; i < 40; i++) {
        const member = members[i % members.length] as RawMember;
        const text = member.doc.getText('t');
        text.insert(Math.floor(text.length / 2), String.fromCharCode(97 + (i % 26)));
        if (i % 7 === 0) await net.flush();
      }
      await net.flush();
      const texts = members.map(textOf);
      expect(new Set(texts).size).toBe(1);
      expect(texts[0]).toHaveLength(40);
      // Bytes depend on the random client ids; every count depends only on the seed.
      const { bytes: _bytes, ...counts } = net.stats;
      return { text: texts[0] as string, stats: counts };
    };
    // Client ids are random, so the text's order may differ; the network's choices may not.
    const first = await run(42);
    expect((await run(42)).stats).toEqual(first.stats);
    expect((first.stats as { dropped: number }).dropped).toBeGreaterThan(0);
    expect((first.stats as { duplicated: number }).duplicated).toBeGreaterThan(0);
  });

  it('cuts messages across a partition and resyncs the sides when it heals', async () => {
    const net = memoryNetwork();
    const pa = net.provider();
    const pb = net.provider();
    const a = openRaw(pa, 'r');
    const b = openRaw(pb, 'r');
    await net.flush();
    net.partition([pa], [pb]);
    expect(a.statuses.at(-1)).toBe('disconnected');
    a.doc.getText('t').insert(0, 'A');
    b.doc.getText('t').insert(0, 'B');
    await net.flush();
    expect(textOf(a)).toBe('A');
    expect(textOf(b)).toBe('B');
    net.heal();
    await net.flush();
    expect(textOf(a)).toBe(textOf(b));
    expect(textOf(a)).toHaveLength(2);
    expect(b.statuses.at(-1)).toBe('connected');
  });

  it('stops sending for a member that left', async () => {
    const net = memoryNetwork();
    const a = openRaw(net.provider(), 'r');
    const b = openRaw(net.provider(), 'r');
    await b.provider.destroy();
    a.doc.getText('t').insert(0, 'late');
    await net.flush();
    expect(textOf(b)).toBe('');
    expect(b.statuses.at(-1)).toBe('destroyed');
    expect(Y.encodeStateVector(b.doc)).toEqual(Y.encodeStateVector(new Y.Doc()));
  });
});
