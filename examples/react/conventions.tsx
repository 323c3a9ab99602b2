import { lazy } from 'react';
import type { WpPost, WpPostEdited } from 'wp-entities';
import { observer, useInfiniteEntityRecords, useSuspenseEntityRecord } from 'wp-entities/react';

// Under <Suspense>: no loading branch; a failed request goes to the nearest error boundary.
export const Title = observer(function Title({ id }: { id: number }) {
  return <h1>{useSuspenseEntityRecord<WpPost, WpPostEdited>('postType', 'post', id).edited?.title}</h1>;
});

// Page after page (never per_page: -1); what is shown is asked for again on focus and reconnect.
export const Count = observer(function Count() {
  const posts = useInfiniteEntityRecords('postType', 'post', { status: 'publish' }, { perPage: 50 });
  return (
    <button disabled={!posts.hasNextPage} onClick={() => void posts.fetchNextPage()}>
      {posts.records.length} of {posts.totalItems ?? '…'}: more
    </button>
  );
});

// The data inspector, loaded the first time it is shown (mount it inside <StoreProvider>).
export const Inspector = lazy(() =>
  import('wp-entities/devtools').then((m) => ({ default: m.DataInspector })),
);
