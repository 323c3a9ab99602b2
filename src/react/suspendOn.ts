/**
 * How the Suspense hooks wait: one shared promise per thing being waited for, handed to React's
 * `use` where React has it (19) and thrown where it does not (18.3); Suspense boundaries of both
 * understand either.
 *
 * @module
 */
import * as React from 'react';

/** A promise as React's `use` reads it: a settled one carries its status, so `use` does not suspend. */
type TrackedPromise = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: undefined };

/** The pending waits, by what they wait for: every render that suspends on it gets the same promise. */
const pending = new WeakMap<object, Map<string, Promise<void>>>();

/** What a component whose data is there hands to `use`: fulfilled already, so `use` returns at once. */
const READY: TrackedPromise = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
});

/**
 * React's `use`, when this React has it. Read through the namespace, so React 18.3 (which has
 * none) neither fails to import this module nor sees a call it does not know.
 */
const reactUse = (React as { use?: (promise: Promise<void>) => void }).use;

/** @internal Tests: `useReactUse: false` takes React 18's path (a thrown promise) on React 19 too. */
export const suspendMode: { useReactUse: boolean } = { useReactUse: reactUse !== undefined };

/**
 * The promise of `owner`'s wait named `key`, starting `start` on a microtask when none is pending
 * (never inside the render: a request changes observables a render must not change). It resolves
 * when `start`'s settles, failed or not: the render that follows reads the error from the model
 * and throws it to the error boundary.
 */
export function waitFor(owner: object, key: string, start: () => Promise<unknown>): Promise<void> {
  let waits = pending.get(owner);
  if (waits === undefined) {
    waits = new Map();
    pending.set(owner, waits);
  }
  const found = waits.get(key);
  if (found !== undefined) return found;
  const made = new Promise<void>((resolve) => queueMicrotask(resolve))
    .then(start)
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => waits.delete(key));
  waits.set(key, made);
  return made;
}

/**
 * Called on every render of a Suspense hook, after the hook checked whether its data is there:
 * with `wait` undefined (the data is there) it returns; else it suspends the component until
 * `wait()`'s promise settles. React 19 gets a `use` call on every render, as `use` asks (a render
 * that suspended through `use` and then returns without calling it is reported as a misuse);
 * React 18.3 gets the promise thrown.
 */
export function suspendUnlessThere(wait: (() => Promise<void>) | undefined): void {
  if (suspendMode.useReactUse && reactUse !== undefined) {
    reactUse(wait === undefined ? READY : wait());
    return;
  }
  if (wait !== undefined) throw wait();
}
