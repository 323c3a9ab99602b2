/**
 * Fault injection for the mock WordPress: a fixed delay before every answer, the next N matching
 * requests failing (HTTP error, network failure or a broken JSON body), and holds that keep
 * matching requests in flight until released.
 *
 * @module
 */
import type { MockFailure, MockHold, MockRequestFilter, MockRequestLogEntry } from './types.js';

/** What a filter sees of a request. */
export interface FilterSubject {
  /** Logical method. */
  method: string;
  /** REST route or URL path. */
  path: string;
  /** Parsed query. */
  query: Record<string, unknown>;
}

/** True when the request matches the filter (no filter matches everything). */
export function matchesFilter(filter: MockRequestFilter | undefined, subject: FilterSubject): boolean {
  if (filter === undefined) return true;
  if (typeof filter === 'function') return filter(subject);
  if (filter.method !== undefined && filter.method.toUpperCase() !== subject.method.toUpperCase())
    return false;
  const path = filter.path;
  if (path === undefined) return true;
  if (path instanceof RegExp) return path.test(subject.path);
  if (path.endsWith('*')) return subject.path.startsWith(path.slice(0, -1));
  return subject.path === path;
}

class RequestHold implements MockHold {
  readonly caught: Promise<MockRequestLogEntry>;
  private resolveCaught!: (entry: MockRequestLogEntry) => void;
  private waiting: Array<() => void> = [];
  private released = false;

  constructor(
    readonly filter: MockRequestFilter | undefined,
    private readonly onRelease: (hold: RequestHold) => void,
  ) {
    this.caught = new Promise((resolve) => {
      this.resolveCaught = resolve;
    });
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** Parks a request until release; resolves at once when already released. */
  park(entry: MockRequestLogEntry): Promise<void> {
    if (this.released) return Promise.resolve();
    this.resolveCaught(entry);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    this.released = true;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
    this.onRelease(this);
  }
}

interface FailureRule {
  remaining: number;
  failure: MockFailure;
  filter: MockRequestFilter | undefined;
}

/** Holds the fault configuration of one mock and applies it to incoming requests. */
export class FaultInjector {
  private delayMs = 0;
  private failures: FailureRule[] = [];
  private holds: RequestHold[] = [];

  /** Sets the delay before every answer (0 turns it off). */
  setDelay(ms: number): void {
    this.delayMs = Math.max(0, ms);
  }

  /** Makes the next `count` requests matching `filter` fail with `failure`. */
  failNext(count: number, failure: MockFailure, filter?: MockRequestFilter): void {
    if (count > 0) this.failures.push({ remaining: count, failure, filter });
  }

  /** Starts holding requests matching `filter`. */
  hold(filter?: MockRequestFilter): MockHold {
    const hold = new RequestHold(filter, (h) => {
      this.holds = this.holds.filter((x) => x !== h);
    });
    this.holds.push(hold);
    return hold;
  }

  /** Waits for holds and the delay that apply to a request. */
  async before(subject: FilterSubject, entry: MockRequestLogEntry): Promise<void> {
    for (const hold of [...this.holds]) {
      if (matchesFilter(hold.filter, subject)) await hold.park(entry);
    }
    if (this.delayMs > 0) await new Promise<void>((resolve) => setTimeout(resolve, this.delayMs));
  }

  /** Takes the failure that applies to a request, if any (consuming one of its count). */
  takeFailure(subject: FilterSubject): MockFailure | null {
    const rule = this.failures.find((r) => matchesFilter(r.filter, subject));
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.failures = this.failures.filter((r) => r !== rule);
    return rule.failure;
  }

  /** Clears delays and failures and releases every hold. */
  reset(): void {
    this.delayMs = 0;
    this.failures = [];
    for (const hold of [...this.holds]) hold.release();
  }
}
