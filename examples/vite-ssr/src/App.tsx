/**
 * The pages of the Vite server-rendering example: the latest posts (`/`) and one post
 * (`/posts/:id`) with its title editable. Both read with the Suspense hooks, so the server waits
 * for their data and the client, hydrated from the store's snapshot, renders the same thing with
 * no request.
 *
 * @module
 */
import { Suspense, type ReactNode } from 'react';
import type { RootStore, WpPost, WpPostEdited } from 'wp-entities';
import {
  observer,
  StoreProvider,
  useSuspenseEntityRecord,
  useSuspenseEntityRecords,
} from 'wp-entities/react';

/** The page a path shows: the post list, or one post. */
export type Route = { page: 'posts' } | { page: 'post'; id: number };

/** The route of `pathname`; anything else is the post list. */
export function routeOf(pathname: string): Route {
  const match = /^\/posts\/(\d+)\/?$/.exec(pathname);
  return match ? { page: 'post', id: Number(match[1]) } : { page: 'posts' };
}

const LatestPosts = observer(function LatestPosts() {
  const { records, totalItems } = useSuspenseEntityRecords<WpPost, WpPostEdited>('postType', 'post', {
    per_page: 10,
  });
  return (
    <section>
      <h1>Latest posts ({totalItems})</h1>
      <ul>
        {records.map((post) => (
          <li key={post.id}>
            <a href={`/posts/${post.id}`}>{post.edited?.title}</a>
          </li>
        ))}
      </ul>
    </section>
  );
});

const EditablePost = observer(function EditablePost({ id }: { id: number }) {
  const post = useSuspenseEntityRecord<WpPost, WpPostEdited>('postType', 'post', id);
  return (
    <article>
      <h1>{post.edited?.title}</h1>
      {/* Edits live on the client only: the server renders the field, the client makes it work. */}
      <label>
        Title{' '}
        <input
          value={post.edited?.title ?? ''}
          onChange={(event) => post.edit({ title: event.target.value })}
        />
      </label>
      <p role="status">{post.hasEdits ? 'Unsaved changes' : 'Saved'}</p>
      <a href="/">All posts</a>
    </article>
  );
});

/** Props of {@link App}. */
export interface AppProps {
  /** The store: one per request on the server, hydrated from the snapshot on the client. */
  store: RootStore;
  /** The page to show. */
  route: Route;
}

/** The page under one Suspense boundary. */
export function App({ store, route }: AppProps): ReactNode {
  return (
    <StoreProvider store={store}>
      <main>
        <Suspense fallback={<p>Loading…</p>}>
          {route.page === 'post' ? <EditablePost id={route.id} /> : <LatestPosts />}
        </Suspense>
      </main>
    </StoreProvider>
  );
}
