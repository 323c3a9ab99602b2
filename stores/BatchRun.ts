/**
 * Batched writes: saves and deletes that would each send a request hand it to a {@link BatchRun},
 * which sends them together through the transport's `/batch/v1` chunking and settles each one as
 * the single request would have settled.
 *
 * @module
 */
import { EntityConfig, isBatchableByDefault } from '../models/EntityConfig.js';
import { BatchError, toError } from '../core/errors.js';
import { serializeQuery } from '../core/transport/queryString.js';
import { toRawResponse } from '../core/transport/rawResponse.js';
import type { BatchRequest, Query, Transport } from '../core/transport/types.js';

/** A write a save or delete sends. */
export interface WriteRequest {
  /** The REST path (`/wp/v2/posts/5`). */
  path: string;
  /** The HTTP method. */
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The JSON body. */
  body?: unknown;
  /** Query-string parameters (`{ force: true }` on a delete). */
  query?: Query;
}

/** Options of a {@link WriteSender} call. */
export interface SendOptions {
  /** The entity's routes accept `/batch/v1`; otherwise the request is sent on its own. @default false */
  canBatch?: boolean;
}

/** What a write was answered with: the HTTP status (of the batch item, inside a batch) and the parsed body. */
export interface WriteResponse {
  /** The HTTP status. */
  readonly status: number;
  /** The parsed JSON body; `null` for an empty one. */
  readonly body: unknown;
}

/**
 * Sends one write and resolves to its answer; rejects with a `RestError`. The status travels with
 * the body so that an answer of the wrong shape can be reported with the status it came with.
 */
export type WriteSender = (request: WriteRequest, options?: SendOptions) => Promise<WriteResponse>;

/** The sender used outside batches: one transport request per write. */
export function directSender(transport: Transport): WriteSender {
  return async (request) => {
    const response = toRawResponse(
      await transport.request({
        path: request.path,
        method: request.method,
        raw: true,
        ...(request.body === undefined ? {} : { body: request.body }),
        ...(request.query === undefined ? {} : { query: request.query }),
      }),
    );
    return { status: response.status, body: response.data };
  };
}

/**
 * True when WordPress accepts writes of this entity inside `/batch/v1`: the config's own answer
 * ({@link EntityConfig.canBatch}), or the default rule for a bare `(kind, name)`.
 */
export function canBatch(entity: { readonly kind: string; readonly name: string } | EntityConfig): boolean {
  return entity instanceof EntityConfig ? entity.canBatch : isBatchableByDefault(entity.kind, entity.name);
}

/** The `/batch/v1` form of a write: the query string goes into the path. */
export function toBatchRequest(request: WriteRequest): BatchRequest {
  const search = serializeQuery(request.query);
  const path =
    search === '' ? request.path : `${request.path}${request.path.includes('?') ? '&' : '?'}${search}`;
  return {
    path,
    method: request.method,
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

interface Queued {
  readonly request: BatchRequest;
  resolve(value: WriteResponse): void;
  reject(error: unknown): void;
}

/** What {@link BatchRun.run} reports. */
export interface BatchRunSummary {
  /** Requests sent through `/batch/v1`. */
  readonly requests: number;
  /** Those that failed. */
  readonly failures: number;
}

/**
 * One batch of writes. Each participant ({@link BatchRun.join}) gets a sender; the run waits until
 * every participant has either queued its request or finished without one (nothing to save, no
 * config, an entity that cannot batch and went on its own), then sends the queue once.
 */
export class BatchRun {
  private readonly queue: Queued[] = [];
  private readonly ready: Promise<void>[] = [];
  private hasRun = false;

  /** A run whose queue goes out through `transport.batch`. No request is made until {@link BatchRun.run}. */
  constructor(private readonly transport: Transport) {}

  /** How many requests are queued. */
  get size(): number {
    return this.queue.length;
  }

  /**
   * Runs a participant with a sender that queues batchable writes and sends the others on their
   * own. Returns the participant's own promise.
   *
   * @throws BatchError (as a rejection) when the run has already been sent.
   */
  join<T>(start: (send: WriteSender) => Promise<T>): Promise<T> {
    if (this.hasRun) {
      return Promise.reject(new BatchError('This batch has already been sent; start a new one.'));
    }
    let markReady!: () => void;
    this.ready.push(
      new Promise<void>((resolve) => {
        markReady = resolve;
      }),
    );
    const direct = directSender(this.transport);
    const send: WriteSender = (request, options) => {
      markReady();
      if (options?.canBatch !== true || this.hasRun) return direct(request);
      return new Promise<WriteResponse>((resolve, reject) => {
        this.queue.push({ request: toBatchRequest(request), resolve, reject });
      });
    };
    let promise: Promise<T>;
    try {
      promise = start(send);
    } catch (error) {
      promise = Promise.reject(toError(error));
    }
    // The participant may finish without sending anything (no edits): it is ready then too.
    void promise.then(markReady, markReady);
    return promise;
  }

  /**
   * Waits for every participant, then sends the queue through `transport.batch`. Each write settles
   * as its single request would; when the whole batch fails, every queued write and the run reject.
   */
  async run(): Promise<BatchRunSummary> {
    for (let seen = 0; seen < this.ready.length; seen = this.ready.length) {
      await Promise.all(this.ready.slice(seen));
    }
    this.hasRun = true;
    const queued = this.queue.splice(0);
    if (queued.length === 0) return { requests: 0, failures: 0 };
    let results;
    try {
      results = await this.transport.batch(queued.map((item) => item.request));
      if (results.length !== queued.length) {
        throw new BatchError(`The batch returned ${results.length} results for ${queued.length} requests.`);
      }
    } catch (error) {
      for (const item of queued) item.reject(error);
      throw error;
    }
    let failures = 0;
    results.forEach((result, index) => {
      const item = queued[index] as Queued;
      if (result.ok) {
        item.resolve({ status: result.status, body: result.body });
      } else {
        failures += 1;
        item.reject(result.error);
      }
    });
    return { requests: queued.length, failures };
  }
}
