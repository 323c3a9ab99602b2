import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from '../../src/sync/providers/reconnectDelay.js';

describe('reconnectDelayMs', () => {
  it('grows with log10 of the failures: 1200 ms × log10(failures + 1)', () => {
    expect(reconnectDelayMs(0)).toBe(0);
    expect(reconnectDelayMs(1)).toBeCloseTo(361.24, 1);
    expect(reconnectDelayMs(2)).toBeCloseTo(572.55, 1);
    expect(reconnectDelayMs(9)).toBeCloseTo(1200, 6);
  });

  it('never waits longer than 2500 ms', () => {
    expect(reconnectDelayMs(130)).toBe(2500);
    expect(reconnectDelayMs(1_000_000)).toBe(2500);
  });

  it('treats nonsense counts as no failures', () => {
    expect(reconnectDelayMs(-3)).toBe(0);
    expect(reconnectDelayMs(Number.NaN)).toBe(0);
  });
});
