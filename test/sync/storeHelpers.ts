import { RestTransport, RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import type { ProviderFactory } from '../../src/sync/providers/provider.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import {
  memoryNetwork,
  type MemoryNetwork,
  type MemoryNetworkOptions,
} from '../../src/testing/memoryNetwork.js';

/** A post as the synced tests edit it. */
export interface TestPost {
  title: string;
  content: string;
  status: string;
  meta: Record<string, unknown>;
  selection?: unknown;
  blocks?: unknown;
}

/** Stores linked by one memory network, each with the same post open and its room joined. */
export interface SyncedSetup {
  readonly mock: MockWordPress;
  readonly net: MemoryNetwork;
  readonly id: number;
  readonly stores: RootStore[];
  readonly records: EntityRecord<object>[];
}

/** A transport straight into `mock`, no msw needed. */
export function transportTo(mock: MockWordPress): RestTransport {
  return new RestTransport({
    root: mock.restRoot,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => mock.handle(new Request(input, init)),
    retry: { limit: 0 },
  });
}

/** A store with sync over `providers`, as user number `n`. */
export function syncStore(mock: MockWordPress, providers: ProviderFactory[], n: number): RootStore {
  return new RootStore({
    transport: transportTo(mock),
    sync: { user: { id: n, name: `User ${n}`, color: '#333' }, providers, undoCaptureTimeoutMs: 0 },
  });
}

/** `count` stores with post `id` (`post` overrides its fields) fetched and joined, after the network delivered everything. */
export async function syncedPost(
  count: number,
  options: MemoryNetworkOptions = {},
  post: Partial<Record<'title' | 'content' | 'excerpt', string>> = {},
): Promise<SyncedSetup> {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', {
    title: 'Hello',
    content: 'Body',
    status: 'draft',
    meta: { a: '0', b: '0' },
    ...post,
  });
  const net = memoryNetwork(options);
  const stores: RootStore[] = [];
  const records: EntityRecord<object>[] = [];
  for (let i = 0; i < count; i++) {
    const store = syncStore(mock, [net.provider()], i + 1);
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync?.join(record);
    stores.push(store);
    records.push(record);
  }
  await net.flush();
  return { mock, net, id, stores, records };
}

/**
 * `count` people (users `firstUser`, `firstUser + 1`, …) open post `id` at once: each fetches and
 * joins before the network (which delivers only when flushed) delivers anything.
 */
export async function coldJoinedStores(
  mock: MockWordPress,
  id: number,
  count: number,
  firstUser = 1,
): Promise<{ net: MemoryNetwork; stores: RootStore[]; records: EntityRecord<object>[] }> {
  const net = memoryNetwork({ autoDeliver: false, reorder: true, seed: count });
  const stores: RootStore[] = [];
  const records: EntityRecord<object>[] = [];
  for (let i = 0; i < count; i++) {
    const store = syncStore(mock, [net.provider()], firstUser + i);
    stores.push(store);
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync?.join(record);
    records.push(record);
  }
  return { net, stores, records };
}

/** The edited post as a user sees it. */
export function seen(record: EntityRecord<object>): TestPost {
  return record.edited as unknown as TestPost;
}

/** Waits until every background request (refetches after a peer's save) has answered. */
export async function settle(setup: SyncedSetup): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await setup.net.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const busy = setup.records.some((record) => record.isResolving || record.isSaving);
    if (!busy && setup.net.inFlight === 0) {
      await setup.net.flush();
      if (!setup.records.some((record) => record.isResolving || record.isSaving)) return;
    }
  }
  for (let i = 0; i < 200 && setup.records.some((r) => r.isResolving || r.isSaving); i++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    await setup.net.flush();
  }
}

/** Closes every store and the network. */
export function closeAll(setup: SyncedSetup): void {
  for (const store of setup.stores) store.dispose();
  setup.net.dispose();
}
