import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_FALLBACK_MS, afterPaint } from '../../../src/sync/httpPolling/afterPaint.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterPaint (a relay request waits for the keystroke to be painted, and asks for no frame)', () => {
  it('runs after the current microtasks where nothing is painted (Node)', async () => {
    const order: string[] = [];
    afterPaint(() => order.push('run'));
    order.push('sync');
    await Promise.resolve();
    expect(order).toEqual(['sync', 'run']);
  });

  it('in a visible page, runs when the page is next idle, without asking for a frame', () => {
    const idle: IdleRequestCallback[] = [];
    const timeouts: (number | undefined)[] = [];
    const frames = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frames);
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      idle.push(callback);
      timeouts.push(options?.timeout);
      return idle.length;
    });
    vi.stubGlobal('document', { visibilityState: 'visible' });
    const run = vi.fn();
    afterPaint(run);
    expect(run).not.toHaveBeenCalled();
    expect(frames).not.toHaveBeenCalled();
    // Bounded: the browser runs it at the latest after the fallback, idle or not.
    expect(timeouts).toEqual([AFTER_PAINT_FALLBACK_MS]);
    for (const callback of idle.splice(0)) callback({ didTimeout: false, timeRemaining: () => 10 });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('without idle callbacks, runs in the first task after the next animation frame, once', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', undefined);
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

  it('without idle callbacks, does not wait for ever for a frame that never comes', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
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
