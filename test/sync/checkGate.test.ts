import { describe, expect, it } from 'vitest';
import { CheckGate, GATE_BUSY } from '../../src/sync/server/checkGate.js';

/** A task that resolves when `release()` is called, recording its start order. */
function controlled(log: string[], name: string) {
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: async () => (log.push(name), await done, name), release: () => release() };
}

describe('CheckGate', () => {
  it("gives a second source's question the next free slot however many the first source queued", async () => {
    const log: string[] = [];
    const gate = new CheckGate({ concurrency: 1, maxQueuedPerSource: 100 });
    const first = controlled(log, 'flood-0');
    const running = gate.run('flood', false, first.task);
    const flood = Array.from({ length: 50 }, (_, i) =>
      gate.run('flood', false, async () => (log.push(`flood-${i + 1}`), 'x')),
    );
    const real = gate.run('real', false, async () => (log.push('real'), 'real'));

    first.release();
    await Promise.all([running, real, ...flood]);
    expect(log.slice(0, 3)).toEqual(['flood-0', 'flood-1', 'real']);
  });

  it('runs known-good questions before everyone else', async () => {
    const log: string[] = [];
    const gate = new CheckGate({ concurrency: 1 });
    const first = controlled(log, 'a');
    const running = gate.run('x', false, first.task);
    const others = [
      gate.run('y', false, async () => log.push('y')),
      gate.run('z', true, async () => log.push('known')),
    ];
    first.release();
    await Promise.all([running, ...others]);
    expect(log).toEqual(['a', 'known', 'y']);
  });

  it('answers busy when a question waits longer than the timeout', async () => {
    const gate = new CheckGate({ concurrency: 1, queueTimeoutMs: 20 });
    const first = controlled([], 'a');
    const running = gate.run('x', false, first.task);
    await expect(gate.run('y', false, async () => 'late')).resolves.toBe(GATE_BUSY);
    first.release();
    await running;
    expect(gate.queued).toBe(0);
  });
});
