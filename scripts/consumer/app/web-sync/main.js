// An app that turns collaboration on, as a user's production build does: the sync engine must
// survive tree-shaking (issue 23: with `sideEffects: false` Vite dropped it and RootStore threw
// "The sync option needs wp-entities/sync").
import { RestTransport, RootStore } from 'wp-entities';
import { indexeddbProvider } from 'wp-entities/sync';

const store = new RootStore({
  transport: new RestTransport({ root: 'http://127.0.0.1:9/wp-json' }),
  sync: { user: { id: 1, name: 'Ann' }, providers: [indexeddbProvider()] },
});
const hasSync = store.sync !== undefined && typeof store.sync.join === 'function';
store.dispose();
console.log(hasSync ? 'SYNC_ENGINE_OK' : 'SYNC_ENGINE_MISSING');
