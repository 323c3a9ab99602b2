/**
 * A small in-memory WordPress for the property runs: three posts, `PUT /wp/v2/posts/{id}` stores
 * what was sent and answers the post as WordPress does (raw attributes as `{ raw, rendered }`), a
 * switch that makes the next save fail with a 500, and a gate that holds a save's answer so that
 * something can happen while it is in flight. Plain promises, no HTTP: tens of thousands of
 * sequences must run in seconds.
 */
import { RestError } from '../../core/errors.js';
import type { BatchResult, RawResponse, RequestOptions, Transport } from '../../core/transport/types.js';

/** The ids of the three posts. */
export const POST_IDS = [1, 2, 3] as const;

/** The server's copy of one post. */
export interface ServerPost {
  readonly id: number;
  readonly title: { readonly raw: string; readonly rendered: string };
  readonly content: { readonly raw: string; readonly rendered: string };
  readonly status: string;
}

function rendered(raw: string): { raw: string; rendered: string } {
  return { raw, rendered: `<p>${raw}</p>` };
}

/** A save answer held back until released. */
interface Gate {
  caught: Promise<void>;
  markCaught: () => void;
  released: Promise<void>;
  release: () => void;
}

function gate(): Gate {
  let markCaught!: () => void;
  let release!: () => void;
  const caught = new Promise<void>((resolve) => (markCaught = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { caught, markCaught, released, release };
}

/** The in-memory server and the transport to it. */
export class SequenceServer implements Transport {
  private readonly posts = new Map<number, ServerPost>();
  private failNextSave = false;
  private held: Gate | undefined;
  /** PUT requests received. */
  saves = 0;

  constructor() {
    for (const id of POST_IDS) {
      this.posts.set(id, {
        id,
        title: rendered(`title ${id}`),
        content: rendered(`content ${id}`),
        status: 'draft',
      });
    }
  }

  /** The server's copy of a post. */
  post(id: number): ServerPost {
    const post = this.posts.get(id);
    if (post === undefined) throw new Error(`no post ${id}`);
    return post;
  }

  /** Changes a field on the server, as another person's save would; returns the new copy. */
  change(id: number, field: 'title' | 'content', raw: string): ServerPost {
    const next = { ...this.post(id), [field]: rendered(raw) };
    this.posts.set(id, next);
    return next;
  }

  /** The next save fails with HTTP 500 and changes nothing. */
  failNext(): void {
    this.failNextSave = true;
  }

  /** Holds the next save's answer: `caught` resolves when it arrives, `release()` lets it answer. */
  hold(): { caught: Promise<void>; release: () => void } {
    this.held = gate();
    return { caught: this.held.caught, release: this.held.release };
  }

  /** Drops a failure or hold set up for a save that sent nothing. */
  cancelFaults(): void {
    this.failNextSave = false;
    this.held = undefined;
  }

  request<T = unknown>(options: RequestOptions & { raw: true }): Promise<RawResponse<T>>;
  request<T = unknown>(options: RequestOptions): Promise<T>;
  async request<T = unknown>(options: RequestOptions): Promise<T | RawResponse<T>> {
    const match = /^\/wp\/v2\/posts\/(\d+)$/.exec(options.path);
    if (options.method !== 'PUT' || match === null) {
      throw new Error(`The sequence server only saves posts; got ${options.method ?? 'GET'} ${options.path}`);
    }
    this.saves += 1;
    const held = this.held;
    this.held = undefined;
    if (held !== undefined) {
      held.markCaught();
      await held.released;
    }
    if (this.failNextSave) {
      this.failNextSave = false;
      throw new RestError({
        status: 500,
        code: 'internal_server_error',
        message: 'Boom',
        method: 'PUT',
        url: options.path,
      });
    }
    const id = Number(match[1]);
    const body = options.body as Record<string, unknown>;
    let post = this.post(id);
    for (const field of ['title', 'content'] as const) {
      if (typeof body[field] === 'string') post = { ...post, [field]: rendered(body[field]) };
    }
    if (typeof body.status === 'string') post = { ...post, status: body.status };
    this.posts.set(id, post);
    const data = post as unknown as T;
    return options.raw === true ? { data, status: 200, headers: new Headers() } : data;
  }

  fetchAll<T = unknown>(): Promise<T[]> {
    return Promise.reject(new Error('not used by the property runs'));
  }

  allowedMethods(): Promise<Set<string>> {
    return Promise.reject(new Error('not used by the property runs'));
  }

  batch(): Promise<BatchResult[]> {
    return Promise.reject(new Error('not used by the property runs'));
  }
}
