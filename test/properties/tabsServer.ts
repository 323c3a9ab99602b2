/**
 * A small in-memory WordPress shared by several tabs for the two-tab property runs: two posts
 * with `title`, `content` and a `modified_gmt` that moves on every save, `GET` (with `_fields`)
 * and `PUT` of `/wp/v2/posts/{id}`, a switch that makes the next save fail, and a hook that sees
 * every save before it is stored (the property checks there that no save overwrites a change its
 * tab did not see). Plain promises, no HTTP.
 */
import { RestError } from '../../core/errors.js';
import type { BatchResult, RawResponse, RequestOptions, Transport } from '../../core/transport/types.js';

/** The ids of the posts. */
export const TAB_POST_IDS = [1, 2] as const;

/** The edited fields of a post. */
export const TAB_FIELDS = ['title', 'content'] as const;

/** One edited field. */
export type TabField = (typeof TAB_FIELDS)[number];

/** The server's copy of one post, as plain raw values. */
export interface StoredPost {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  readonly modified: number;
}

/** A save about to be stored: who sent it, and the post before it. */
export interface SaveSeen {
  readonly tab: string;
  readonly id: number;
  readonly body: Readonly<Record<string, unknown>>;
  readonly before: StoredPost;
}

function asWordPress(post: StoredPost): Record<string, unknown> {
  return {
    id: post.id,
    title: { raw: post.title, rendered: post.title },
    content: { raw: post.content, rendered: `<p>${post.content}</p>` },
    modified_gmt: `2024-01-01T00:00:${String(post.modified).padStart(2, '0')}.${post.modified}`,
    status: 'draft',
  };
}

/** The shared server; {@link transportFor} gives each tab its own door to it. */
export class TabsServer {
  private readonly posts = new Map<number, StoredPost>();
  private failNextSave = false;
  private version = 0;
  /** Called before each save is stored. */
  onSave: ((save: SaveSeen) => void) | undefined;
  /** Saves stored. */
  saves = 0;

  constructor() {
    for (const id of TAB_POST_IDS) {
      this.posts.set(id, { id, title: `title ${id}`, content: `content ${id}`, modified: 0 });
    }
  }

  /** The server's copy of a post. */
  post(id: number): StoredPost {
    const post = this.posts.get(id);
    if (post === undefined) throw new Error(`no post ${id}`);
    return post;
  }

  /** Someone else saves `value` in `field` (a third writer, not one of the tabs). */
  change(id: number, field: TabField, value: string): void {
    this.version += 1;
    this.posts.set(id, { ...this.post(id), [field]: value, modified: this.version });
  }

  /** The next save fails with HTTP 500 and stores nothing. */
  failNext(): void {
    this.failNextSave = true;
  }

  /** Drops a failure set up for a save that sent nothing. */
  cancelFaults(): void {
    this.failNextSave = false;
  }

  /** The transport of one tab. */
  transportFor(tab: string): Transport {
    const request = async (options: RequestOptions): Promise<unknown> => {
      const match = /^\/wp\/v2\/posts\/(\d+)$/.exec(options.path);
      if (match === null) throw new Error(`The tabs server serves posts only; got ${options.path}`);
      const id = Number(match[1]);
      await Promise.resolve();
      if (options.method === undefined || options.method === 'GET') {
        const full = asWordPress(this.post(id));
        const fields = options.query?.['_fields'];
        if (typeof fields !== 'string') return full;
        const picked: Record<string, unknown> = {};
        for (const field of fields.split(',')) if (field in full) picked[field] = full[field];
        return picked;
      }
      if (options.method !== 'PUT') throw new Error(`The tabs server does not ${options.method}`);
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
      const body = options.body as Record<string, unknown>;
      this.onSave?.({ tab, id, body, before: this.post(id) });
      this.saves += 1;
      this.version += 1;
      let post: StoredPost = { ...this.post(id), modified: this.version };
      for (const field of TAB_FIELDS)
        if (typeof body[field] === 'string') post = { ...post, [field]: body[field] };
      this.posts.set(id, post);
      return asWordPress(post);
    };
    return {
      request: (async (options: RequestOptions) => {
        const data = await request(options);
        return options.raw === true
          ? ({ data, status: 200, headers: new Headers() } satisfies RawResponse)
          : data;
      }) as Transport['request'],
      fetchAll: () => Promise.reject(new Error('not used by the tab runs')),
      allowedMethods: () => Promise.reject(new Error('not used by the tab runs')),
      batch: (): Promise<BatchResult[]> => Promise.reject(new Error('not used by the tab runs')),
    };
  }
}
