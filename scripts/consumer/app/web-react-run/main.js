// A React app's production bundle, as a user ships one: it imports only hooks and the provider
// from wp-entities/react, never wp-entities/freshness itself. The freshness policy those hooks
// rely on must survive tree-shaking (issue 42: the entry's own `import '../freshness/index.js'`
// was dropped with the entry, which bundlers skip as free of side effects, and `store.freshness`
// threw "needs wp-entities/freshness" in the example editor's production build).
import { memoryJournal, RestTransport, RootStore } from 'wp-entities';
import { StoreProvider, useEntityRecord } from 'wp-entities/react';

const store = new RootStore({ transport: new RestTransport({ root: 'http://127.0.0.1:9/wp-json' }) });
let result;
try {
  // Made with the store, as for every store made after wp-entities/react was loaded.
  store.freshness.set({ kind: 'postType', name: 'post' }, { staleTimeMs: 1000 });
  store.invalidate({ kind: 'postType', name: 'post' });
  result = 'FRESHNESS_ENGINE_OK';
} catch (error) {
  result = `FRESHNESS_ENGINE_MISSING ${error instanceof Error ? error.message : String(error)}`;
}
store.dispose();
// The journal's engine comes with the storage that makes the journal (issue 42 took it out of the
// root's graph): a store given one runs it.
const journaled = new RootStore({
  transport: new RestTransport({ root: 'http://127.0.0.1:9/wp-json' }),
  journal: memoryJournal(),
});
const journal = journaled.journalWriter === undefined ? 'JOURNAL_ENGINE_MISSING' : 'JOURNAL_ENGINE_OK';
journaled.dispose();
// The hooks are what the app uses; they stay in the bundle.
console.log(
  typeof StoreProvider === 'function' && typeof useEntityRecord === 'function' ? result : 'NO_HOOKS',
);
console.log(journal);
