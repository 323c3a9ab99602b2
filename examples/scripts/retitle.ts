/**
 * Edits and saves a post's title, printing every change to its edits as docs/reading-and-editing.md's "Watching
 * every edit" does: the edit (`local`), then the save's answer clearing it (`server`).
 *
 *     WP_URL=https://example.com/wp-json WP_USER=admin WP_APP_PASSWORD='abcd efgh ijkl mnop' \
 *       npx tsx examples/scripts/retitle.ts 5 'A better title'
 *
 * @module
 */
import { ArgumentError, RootStore, RestTransport } from 'wp-entities';
import { connectionFromEnv, isMain, type Connection } from './connection.js';

/**
 * Sets post `id`'s title to `title` and saves it; resolves to the title the server saved.
 * @throws RestError when the post cannot be read or the save fails (nothing is lost: the edit stays on the record).
 */
export async function retitle(
  connection: Connection,
  id: number,
  title: string,
  log: (...values: unknown[]) => void = console.log,
): Promise<unknown> {
  const store = new RootStore({ transport: new RestTransport(connection) });
  const stop = store.observeEdits(({ record, changes, origin }) => {
    // origin: 'local' (an edit), 'undo' (undo/redo), 'server' (a save or a received copy cleared it),
    // 'deferred' (a function edit resolved at save time), 'discard' (a delete), 'peer' (sync), 'restore' (journal)
    log(record.id, origin, Object.keys(changes));
  });
  try {
    const post = await store.collection('postType', 'post').fetch(id);
    if (post === undefined) throw new ArgumentError(`Post ${id} cannot be read.`);
    post.edit({ title });
    log('dirty:', post.isDirty);
    const saved = (await post.save({ throwOnError: true })) as { title?: { raw?: string } } | undefined;
    log('saved:', saved?.title?.raw, 'dirty:', post.isDirty);
    return saved?.title?.raw;
  } finally {
    stop();
    store.dispose();
  }
}

if (isMain(import.meta.url)) {
  const [id, title] = process.argv.slice(2);
  if (id === undefined || title === undefined) throw new ArgumentError('Usage: retitle.ts <post id> <title>');
  await retitle(connectionFromEnv(), Number(id), title);
}
