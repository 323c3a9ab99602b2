/**
 * The scripting example of docs/reading-and-editing.md as a script: read one post (its raw title, with local edits
 * applied) and the first 20 drafts.
 *
 *     WP_URL=https://example.com/wp-json WP_USER=admin WP_APP_PASSWORD='abcd efgh ijkl mnop' \
 *       npx tsx examples/scripts/readPosts.ts 5
 *
 * @module
 */
import { RootStore, RestTransport } from 'wp-entities';
import { connectionFromEnv, isMain, type Connection } from './connection.js';

/** What {@link readPosts} read. */
export interface PostsRead {
  /** The post's edited title. */
  readonly title: unknown;
  /** How many drafts the site has. */
  readonly totalItems: number | null;
  /** The ids of the first page of drafts. */
  readonly draftIds: readonly unknown[] | undefined;
}

/** Reads post `id` and the drafts through a store of its own, printing what it read through `log`. */
export async function readPosts(
  connection: Connection,
  id: number,
  log: (...values: unknown[]) => void = console.log,
): Promise<PostsRead> {
  const store = new RootStore({ transport: new RestTransport(connection) });
  try {
    const posts = store.collection('postType', 'post');
    const post = await posts.fetch(id); // GET /wp/v2/posts/5?context=edit
    log(post?.edited?.title); // raw title, with local edits applied

    const drafts = await posts.query({ status: 'draft', per_page: 20 }).fetch();
    log(
      drafts.totalItems,
      drafts.items?.map((p) => p.id),
    );
    return {
      title: post?.edited?.title,
      totalItems: drafts.totalItems,
      draftIds: drafts.items?.map((p) => p.id),
    };
  } finally {
    store.dispose();
  }
}

if (isMain(import.meta.url)) {
  await readPosts(connectionFromEnv(), Number(process.argv[2] ?? 1));
}
