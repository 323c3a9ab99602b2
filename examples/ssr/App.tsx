/**
 * The page of the server-rendering example: a list of posts and one post, each read with a
 * Suspense hook, so the server streams them as their data arrives and the client hydrates them
 * from the store's snapshot without asking again.
 *
 * @module
 */
import { Suspense, type ReactNode } from 'react';
import type { RootStore } from 'wp-entities';
import {
  observer,
  StoreProvider,
  useSuspenseEntityRecord,
  useSuspenseEntityRecords,
} from 'wp-entities/react';

interface Post {
  id: number;
  title: { rendered: string };
}

interface EditedPost {
  title: string;
}

const LatestPosts = observer(function LatestPosts() {
  const { items, totalItems } = useSuspenseEntityRecords<Post>('postType', 'post', { per_page: 5 });
  return (
    <section>
      <h2>Latest of {totalItems} posts</h2>
      <ul>
        {items.map((post) => (
          <li key={post.id}>{post.title.rendered}</li>
        ))}
      </ul>
    </section>
  );
});

const FeaturedPost = observer(function FeaturedPost({ id }: { id: number }) {
  const post = useSuspenseEntityRecord<Post, EditedPost>('postType', 'post', id);
  return (
    <article>
      <h2>{post.edited?.title}</h2>
      {/* Edits start on the client only: the server renders the button, the client makes it work. */}
      <button type="button" onClick={() => post.edit({ title: `${post.edited?.title ?? ''}!` })}>
        Add emphasis
      </button>
      {post.hasEdits ? <p>Unsaved</p> : null}
    </article>
  );
});

/** Props of {@link App}. */
export interface AppProps {
  /** The store: made per request on the server, hydrated from the snapshot on the client. */
  store: RootStore;
  /** The post shown in full. */
  featuredId: number;
}

/** The page: two Suspense boundaries, streamed separately. */
export function App({ store, featuredId }: AppProps): ReactNode {
  return (
    <StoreProvider store={store}>
      <main>
        <h1>wp-entities, rendered on the server</h1>
        <Suspense fallback={<p>Loading the post…</p>}>
          <FeaturedPost id={featuredId} />
        </Suspense>
        <Suspense fallback={<p>Loading posts…</p>}>
          <LatestPosts />
        </Suspense>
      </main>
    </StoreProvider>
  );
}
