import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_FALLBACK_MS, afterPaint } from '../../../src/sync/providers/httpPolling/afterPaint.js';
import { ArgumentError } from 'wp-entities';
import { whenIdle } from 'wp-entities/sync';

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

  it.each([
    ['afterPaint', AFTER_PAINT_FALLBACK_MS, afterPaint],
    ['whenIdle with its own wait', 30, (run: () => void) => whenIdle(run, 30)],
  ] as const)(
    'without idle callbacks, %s does not wait for ever for a frame that never comes',
    (_name, wait, schedule) => {
      vi.useFakeTimers();
      vi.stubGlobal('requestIdleCallback', undefined);
      vi.stubGlobal('requestAnimationFrame', () => 1);
      vi.stubGlobal('document', { visibilityState: 'visible' });
      const run = vi.fn();
      schedule(run);
      vi.advanceTimersByTime(wait - 1);
      expect(run).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
    },
  );
});

describe("whenIdle (the one idle helper: the relay's requests and the demo's caret sharing)", () => {
  it('asks the browser for an idle moment bounded by its own wait, and no frame', () => {
    const timeouts: (number | undefined)[] = [];
    const frames = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frames);
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      timeouts.push(options?.timeout);
      callback({ didTimeout: false, timeRemaining: () => 10 });
      return 1;
    });
    vi.stubGlobal('document', { visibilityState: 'visible' });
    const run = vi.fn();
    whenIdle(run, 250);
    expect(timeouts).toEqual([250]);
    expect(frames).not.toHaveBeenCalled();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('in a hidden page, runs after the current microtasks (nothing is painted)', async () => {
    vi.stubGlobal('requestAnimationFrame', vi.fn());
    vi.stubGlobal('requestIdleCallback', vi.fn());
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    const run = vi.fn();
    whenIdle(run, 100);
    expect(run).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('refuses a wait that is not a number of milliseconds above zero, and runs nothing', () => {
    const run = vi.fn();
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => whenIdle(run, bad)).toThrow(ArgumentError);
    expect(run).not.toHaveBeenCalled();
  });
});
