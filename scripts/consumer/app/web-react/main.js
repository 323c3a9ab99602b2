/* global document, location */
// A React app as users ship one: the hooks in the page, the devtools panel only when asked for,
// through a dynamic import. Its entry chunk must hold none of the devtools, and the devtools
// chunk must exist (the lazy import is kept).
import { createElement, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RestTransport, RootStore } from 'wp-entities';
import { observer, StoreProvider, useEntityRecord } from 'wp-entities/react';

const DataInspector = lazy(() => import('wp-entities/devtools').then((m) => ({ default: m.DataInspector })));

const Title = observer(() => {
  const { record } = useEntityRecord('postType', 'post', 1);
  return createElement('h1', null, record?.edited.title ?? '…');
});

const store = new RootStore({ transport: new RestTransport({ root: '/wp-json' }) });
createRoot(document.getElementById('root')).render(
  createElement(
    StoreProvider,
    { store },
    createElement(Title),
    location.hash === '#devtools'
      ? createElement(
          Suspense,
          { fallback: null },
          createElement(DataInspector, { onClose: () => (location.hash = '') }),
        )
      : null,
  ),
);
