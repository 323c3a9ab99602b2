/**
 * The mock WordPress the demo runs on when no real site is named: `wp-entities/testing` served
 * inside the browser by msw. Its writes are kept in sessionStorage and replayed at start-up, so a
 * reload shows what was saved (until the tab is closed or "Reset demo data" is pressed).
 *
 * @module
 */
import { setupWorker } from 'msw/browser';
import { chosenLogin, signInAndReload, type DemoLogin, type DemoSite } from './DemoSite.js';
import { armedFailure, failNextWrite, isFailingWrite } from './saveFailure.js';
import { DEMO_EMBEDS, DEMO_SEED, generatedPosts, MAX_GENERATED_POSTS } from './siteSeed.js';
import {
  createMockWordPress,
  MOCK_USERS,
  type MockRequestLogEntry,
  type MockWordPress,
} from 'wp-entities/testing';

const WRITES_KEY = 'wp-entities-demo:writes';
const SESSION_KEY = 'wp-entities-demo:session';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** One successful write, as replayed at start-up. */
interface StoredWrite {
  method: string;
  url: string;
  userId: number;
  body: unknown;
}

function readJson<T>(key: string, fallback: T): T {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

function authorizationOf(userId: number): string | undefined {
  return Object.values(MOCK_USERS).find((user) => user.id === userId)?.authorization;
}

function seedEmbeds(mock: MockWordPress): void {
  for (const [url, answer] of DEMO_EMBEDS) mock.setEmbed(url, answer);
}

/**
 * Creates the mock site under `${origin}/mock-wordpress`, replays the writes of this browser
 * session, starts msw's service worker and begins recording new writes.
 */
/**
 * msw's worker unregisters itself when its last tab closes, and `worker.start()` calls
 * `registration.update()` without awaiting it. When a tab closes just as another opens (a reload in a
 * second window, or the browser tests opening their next tab), that update rejects with "Not found"
 * and nobody catches it. The page keeps working: the old worker still controls it, and the next load
 * registers a new one. So that one rejection is not reported as a page error.
 */
function ignoreStaleWorkerUpdate(): void {
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    if (message.startsWith('Failed to update a ServiceWorker') && message.includes('mockServiceWorker.js')) {
      event.preventDefault();
      console.info('[demo] the mock worker was unregistered by a closing tab; this tab keeps using it.');
    }
  });
}

export async function startTabSite(): Promise<DemoSite & { readonly mock: MockWordPress }> {
  const login = chosenLogin((value) => Object.prototype.hasOwnProperty.call(MOCK_USERS, value));
  // `?posts=N` adds N generated posts: a large site for the post list's one scrolling list.
  const extra = Math.min(
    MAX_GENERATED_POSTS,
    Number(new URLSearchParams(window.location.search).get('posts')) || 0,
  );
  const mock = createMockWordPress({
    root: `${window.location.origin}/mock-wordpress`,
    ...DEMO_SEED,
    posts: [...(DEMO_SEED.posts ?? []), ...generatedPosts(extra)],
  });
  seedEmbeds(mock);

  // Replay this session's writes, as the user who made each one.
  const writes = readJson<StoredWrite[]>(WRITES_KEY, []);
  for (const write of writes) {
    const headers = new Headers({ 'content-type': 'application/json' });
    const authorization = authorizationOf(write.userId);
    if (authorization) headers.set('authorization', authorization);
    await mock.handle(
      new Request(write.url, {
        method: write.method,
        headers,
        body: write.body === undefined ? null : JSON.stringify(write.body),
      }),
    );
  }
  mock.setCurrentUser(login);
  // Asked of the mock directly (not through msw), so the editor's request log does not show it.
  const me = (await (await mock.handle(new Request(`${mock.restRoot}/wp/v2/users/me`))).json()) as {
    id: number;
    name: string;
  };
  mock.clearRequests();
  let sessionId = sessionStorage.getItem(SESSION_KEY);
  if (sessionId === null) {
    sessionId = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, sessionId);
  }

  const worker = setupWorker(...mock.handlers);
  ignoreStaleWorkerUpdate();
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });

  // The log is scanned from the first request that was still in flight at the last scan; each
  // finished entry is looked at once. `clearRequests()` (the browser tests use it) empties the log.
  const looked = new WeakSet<MockRequestLogEntry>();
  let from = 0;
  const record = (entries: readonly MockRequestLogEntry[]) => {
    if (entries.length < from) from = 0;
    let firstInFlight: number | undefined;
    let changed = false;
    for (let i = from; i < entries.length; i++) {
      const entry = entries[i];
      if (!entry || looked.has(entry)) continue;
      if (entry.status === undefined) {
        firstInFlight ??= i;
        continue;
      }
      looked.add(entry);
      if (READ_METHODS.has(entry.method) || entry.status < 200 || entry.status >= 300) continue;
      writes.push({ method: entry.method, url: entry.url, userId: entry.userId, body: entry.body });
      changed = true;
    }
    from = firstInFlight ?? entries.length;
    if (changed) sessionStorage.setItem(WRITES_KEY, JSON.stringify(writes));
  };
  const armed = armedFailure();
  /** The length of the request log when the failure was armed: only later requests can have used it. */
  let armedAt = 0;

  worker.events.on('response:mocked', () => {
    record(mock.requests);
    // The armed failure has been used once a write answered 500.
    const since = mock.requests.length < armedAt ? mock.requests : mock.requests.slice(armedAt);
    if (armed.isArmed && since.some((entry) => isFailingWrite(entry) && entry.status === 500))
      armed.set(false);
  });
  // Also when the page goes away: the last writes may not have reported yet.
  window.addEventListener('pagehide', () => record(mock.requests));

  return {
    kind: 'tab',
    mock,
    restRoot: mock.restRoot,
    fetch: (input, init) => fetch(input, init),
    login,
    user: { id: me.id, name: me.name },
    sessionId,
    signInAs(next: DemoLogin) {
      sessionStorage.removeItem(SESSION_KEY);
      signInAndReload(next);
    },
    get isSaveFailureArmed() {
      return armed.isArmed;
    },
    subscribe: armed.subscribe,
    failNextSave() {
      armedAt = mock.requests.length;
      armed.set(true);
      failNextWrite(mock);
    },
    resetData() {
      sessionStorage.removeItem(WRITES_KEY);
      sessionStorage.removeItem(SESSION_KEY);
      window.location.reload();
    },
  };
}
