import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_FALLBACK_MS, afterPaint } from '../../../src/sync/httpPolling/afterPaint.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterPaint (a relay request waits for the keystroke to be painted)', () => {
  it('runs after the current microtasks where nothing is painted (Node)', async () => {
    const order: string[] = [];
    afterPaint(() => order.push('run'));
    order.push('sync');
    await Promise.resolve();
    expect(order).toEqual(['sync', 'run']);
  });

  it('in a visible page, runs in the first task after the next animation frame, once', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('document', { visibilityState: 'visible' });
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(0);
    expect(run).not.toHaveBeenCalled();
    for (const frame of frames.splice(0)) frame(0);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever for a frame that never comes', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('document', { visibilityState: 'visible' });
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
