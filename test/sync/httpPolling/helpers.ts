/**
 * Stores that collaborate through the mock WordPress's `/wp-sync/v1/updates` relay with
 * `httpPollingProvider`, each with its own transport (one polling loop per transport).
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { RestTransport, RootStore, type EntityRecord } from 'wp-entities';
import '../../../src/sync/index.js';
import {
  httpPollingProvider,
  type HttpPollingProviderOptions,
} from '../../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { createMockWordPress, type MockWordPress } from '../../../src/testing/index.js';

/** A transport into `mock` (no msw), as one user: an application password, or cookie + nonce. */
export function transportAs(
  mock: MockWordPress,
  auth?: { username: string; applicationPassword: string } | { nonce: string },
): RestTransport {
  return new RestTransport({
    root: mock.restRoot,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => mock.handle(new Request(input, init)),
    retry: { limit: 0 },
    ...(auth === undefined ? {} : { auth }),
  });
}

/** A store syncing over the relay. */
export function pollingStore(
  transport: RestTransport,
  n: number,
  options: HttpPollingProviderOptions = {},
): RootStore {
  return new RootStore({
    transport,
    sync: {
      user: { id: n, name: `User ${n}`, color: '#333' },
      providers: [httpPollingProvider(options)],
      undoCaptureTimeoutMs: 0,
    },
  });
}

/** A mock with one draft post by the administrator. */
export function mockWithPost(): { mock: MockWordPress; id: number } {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Hello', content: 'Body', status: 'draft', meta: { a: '0' } });
  return { mock, id };
}

/** Fetches the post into `store` and joins its room. */
export async function openPost(store: RootStore, id: number): Promise<EntityRecord<object>> {
  const record = store.record('postType', 'post', id) as EntityRecord<object>;
  await record.fetch();
  await store.sync?.join(record);
  return record;
}

/** Waits (real time) until `check` holds, or fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

/** Advances fake time in small steps until `check` holds; fails after `maxMs` of fake time. */
export async function within(maxMs: number, check: () => boolean, what: string): Promise<void> {
  for (let spent = 0; spent <= maxMs; spent += 50) {
    if (check()) return;
    await vi.advanceTimersByTimeAsync(50);
  }
  throw new Error(`Not within ${maxMs} ms of fake time: ${what}.`);
}

/** The edited title of a record. */
export function titleOf(record: EntityRecord<object>): string {
  return (record.edited as { title?: string } | undefined)?.title ?? '';
}

/**
 * Fake timers for every test of the calling file; the stores pushed into the returned list are
 * disposed after each test.
 */
export function fakeClockAndStores(): RootStore[] {
  const stores: RootStore[] = [];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    for (const store of stores.splice(0)) store.dispose();
    vi.useRealTimers();
  });
  return stores;
}

/** Two stores (users 1 and 2) on their own transports into `mock`, both with post `id` open. */
export async function openPair(
  mock: MockWordPress,
  id: number,
  stores: RootStore[],
): Promise<{ a: RootStore; b: RootStore; ra: EntityRecord<object>; rb: EntityRecord<object> }> {
  const a = pollingStore(transportAs(mock), 1);
  const b = pollingStore(transportAs(mock), 2);
  stores.push(a, b);
  return { a, b, ra: await openPost(a, id), rb: await openPost(b, id) };
}
