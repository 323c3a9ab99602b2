/**
 * Limits how many questions the sync server asks WordPress at once, and in which order waiting
 * ones go, so a flood of joins (bad tokens from many sockets) can neither overload WordPress nor
 * make a real user wait behind it:
 *
 * - at most `concurrency` questions are in flight;
 * - questions for tokens WordPress accepted recently go first (people reconnecting, rechecks);
 * - the others take turns per source (the client's address), one each in rotation, so one source
 *   sending a thousand joins delays another source's join by at most one turn;
 * - a source may have at most `maxQueuedPerSource` waiting, everyone together `maxQueued`, and a
 *   question waits at most `queueTimeoutMs`: beyond that the answer is "busy", which the server
 *   turns into `unavailable` (the client retries with its capped backoff), never into `forbidden`.
 *
 * @module
 */

/** Options of {@link CheckGate}. */
export interface CheckGateOptions {
  /** Questions in flight at once. @default 8 */
  concurrency?: number;
  /** Questions waiting, all sources together. @default 512 */
  maxQueued?: number;
  /** Questions waiting from one source. @default 16 */
  maxQueuedPerSource?: number;
  /** The longest a question waits for its turn. @default 5000 */
  queueTimeoutMs?: number;
}

/** What {@link CheckGate.run} resolves when the question was not asked: the gate was full or too slow. */
export const GATE_BUSY = Symbol('gate-busy');

interface Waiter {
  readonly start: () => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** See the module comment. */
export class CheckGate {
  readonly #concurrency: number;
  readonly #maxQueued: number;
  readonly #maxQueuedPerSource: number;
  readonly #queueTimeoutMs: number;
  #active = 0;
  #queued = 0;
  readonly #priority: Waiter[] = [];
  /** Waiting questions per source; the Map's order is the rotation. */
  readonly #bySource = new Map<string, Waiter[]>();

  /** The constructor does no I/O. */
  constructor(options: CheckGateOptions = {}) {
    this.#concurrency = options.concurrency ?? 8;
    this.#maxQueued = options.maxQueued ?? 512;
    this.#maxQueuedPerSource = options.maxQueuedPerSource ?? 16;
    this.#queueTimeoutMs = options.queueTimeoutMs ?? 5_000;
  }

  /** Questions in flight now. */
  get active(): number {
    return this.#active;
  }

  /** Questions waiting now. */
  get queued(): number {
    return this.#queued;
  }

  /**
   * Runs `task` when its turn comes; resolves {@link GATE_BUSY} without running it when the queue
   * is full or the turn did not come within the timeout.
   */
  async run<T>(source: string, isPriority: boolean, task: () => Promise<T>): Promise<T | typeof GATE_BUSY> {
    if (this.#active < this.#concurrency && this.#queued === 0) {
      this.#active += 1;
      return this.#execute(task);
    }
    const queue = isPriority ? this.#priority : (this.#bySource.get(source) ?? []);
    if (this.#queued >= this.#maxQueued || (!isPriority && queue.length >= this.#maxQueuedPerSource)) {
      return GATE_BUSY;
    }
    if (!isPriority && !this.#bySource.has(source)) this.#bySource.set(source, queue);
    const turn = await new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        start: () => resolve(true),
        timer: setTimeout(() => {
          this.#remove(queue, waiter, isPriority ? undefined : source);
          resolve(false);
        }, this.#queueTimeoutMs),
      };
      queue.push(waiter);
      this.#queued += 1;
    });
    return turn ? this.#execute(task) : GATE_BUSY;
  }

  /** Runs a task whose slot is already counted in `#active`. */
  async #execute<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#next();
    }
  }

  #remove(queue: Waiter[], waiter: Waiter, source: string | undefined): void {
    const index = queue.indexOf(waiter);
    if (index < 0) return;
    queue.splice(index, 1);
    this.#queued -= 1;
    if (source !== undefined && queue.length === 0) this.#bySource.delete(source);
  }

  /** Starts the next waiting question: priority first, then the next source in rotation. */
  #next(): void {
    if (this.#active >= this.#concurrency) return;
    let waiter = this.#priority.shift();
    if (waiter === undefined) {
      const first = this.#bySource.entries().next();
      if (first.done) return;
      const [source, queue] = first.value;
      waiter = queue.shift();
      // To the back of the rotation (or out of it when it has nothing left waiting).
      this.#bySource.delete(source);
      if (queue.length > 0) this.#bySource.set(source, queue);
    }
    if (waiter === undefined) return;
    this.#queued -= 1;
    clearTimeout(waiter.timer);
    // The slot is taken now, not when the waiter's continuation runs, so a burst of finishing
    // tasks starts no more than the concurrency allows.
    this.#active += 1;
    waiter.start();
  }
}
