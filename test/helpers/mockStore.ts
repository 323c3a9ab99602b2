/**
 * A store on the mock WordPress, as the journal, conflict and offline tests make one: the mock's
 * REST root, no retries, signed in with a mock user's application password.
 *
 * @module
 */
import { RestTransport } from '../../core/transport/RestTransport.js';
import { MOCK_USERS, type MockWordPress } from '../../src/testing/index.js';
import { RootStore, type RootStoreOptions } from '../../stores/RootStore.js';

/** The store's options but its transport, and who signs in. */
export interface MockStoreOptions extends Omit<RootStoreOptions, 'transport'> {
  /** The mock user who signs in; `null` for nobody. @default 'admin' */
  user?: keyof typeof MOCK_USERS | null;
}

/** A store on `mock` with `options` (a "reload" or another tab is a second one on the same journal). */
export function mockStore(
  mock: MockWordPress,
  { user = 'admin', ...options }: MockStoreOptions = {},
): RootStore {
  const signIn = user === null ? undefined : MOCK_USERS[user];
  return new RootStore({
    transport: new RestTransport({
      root: mock.restRoot,
      retry: false,
      ...(signIn && { auth: { username: signIn.username, applicationPassword: signIn.appPassword } }),
    }),
    ...options,
  });
}

/** Fetches post `id` into `store`; throws when the site does not have it. */
export async function openPost(store: RootStore, id: number) {
  const post = await store.collection('postType', 'post').fetch(id);
  if (!post) throw new Error(`post ${id} not loaded`);
  return post;
}
