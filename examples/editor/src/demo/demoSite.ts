/**
 * The mock WordPress the demo runs on when no real site is named: `wp-entities/testing` served
 * inside the browser by msw. Its writes are kept in sessionStorage and replayed at start-up, so a
 * reload shows what was saved (until the tab is closed or "Reset demo data" is pressed).
 *
 * @module
 */
import { setupWorker } from 'msw/browser';
import { SAMPLE_CONTENT } from '../post/blocks/sampleContent.js';
import {
  createMockWordPress,
  MOCK_USERS,
  type MockRequestLogEntry,
  type MockWordPress,
} from 'wp-entities/testing';

const WRITES_KEY = 'wp-entities-demo:writes';
const USER_KEY = 'wp-entities-demo:user';
const SESSION_KEY = 'wp-entities-demo:session';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A user the demo can sign in as. */
export type DemoLogin = keyof typeof MOCK_USERS;

/** One successful write, as replayed at start-up. */
interface StoredWrite {
  method: string;
  url: string;
  userId: number;
  body: unknown;
}

/** The running demo site, for the demo controls (and for the console: `wpMock`). */
export interface DemoSite {
  /** The mock WordPress. */
  readonly mock: MockWordPress;
  /** The login requests act as. */
  readonly login: DemoLogin;
  /** That user's id and display name, for presence in collaborative editing. */
  readonly user: { readonly id: number; readonly name: string };
  /**
   * Names this tab's copy of the site (kept in sessionStorage like its data): collaboration keeps
   * the shared documents' local copies under it, so they live exactly as long as the site they
   * were made on. A new tab or "Reset demo data" starts a new site and finds none; signing in as
   * someone else starts a new session too, since its prompt told the user their unsaved changes go.
   */
  readonly sessionId: string;
  /** Signs in as another user (reloads the page). */
  signInAs(login: DemoLogin): void;
  /** Makes the next save (any write except autosaves) fail with a server error. */
  failNextSave(): void;
  /** A failure is waiting for the next save. */
  readonly isSaveFailureArmed: boolean;
  /** Calls `listener` when {@link DemoSite.isSaveFailureArmed} changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Forgets every change and reloads. */
  resetData(): void;
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

function isLogin(value: unknown): value is DemoLogin {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MOCK_USERS, value);
}

/** Answers for the embed box: a rich preview, and an address WordPress can only show as a link. */
function seedEmbeds(mock: MockWordPress): void {
  mock.setEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ', {
    type: 'video',
    version: '1.0',
    title: 'A video about the block editor',
    provider_name: 'YouTube',
    provider_url: 'https://www.youtube.com/',
    width: 560,
    height: 315,
    html: '<div style="font:16px system-ui;background:#111;color:#fff;height:300px;display:grid;place-items:center;border-radius:8px">▶ A video about the block editor</div>',
  });
  mock.setEmbed('https://wordpress.org/news/', {
    type: 'rich',
    version: '1.0',
    title: 'News – WordPress.org',
    provider_name: 'WordPress.org',
    provider_url: 'https://wordpress.org',
    html: '<blockquote style="font:15px system-ui;border-left:4px solid #3858e9;margin:0;padding:12px 16px">WordPress 6.1 “Misha” is out: a better writing experience, more design tools.</blockquote>',
  });
  mock.setEmbed('https://example.com/not-embeddable', 'fallback');
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

export async function startDemoSite(): Promise<DemoSite> {
  // `?user=editor` picks who this window is (two windows, two people); it is remembered for the tab.
  const askedLogin = new URLSearchParams(window.location.search).get('user');
  if (isLogin(askedLogin)) sessionStorage.setItem(USER_KEY, JSON.stringify(askedLogin));
  const storedLogin = readJson<unknown>(USER_KEY, 'admin');
  const login: DemoLogin = isLogin(storedLogin) ? storedLogin : 'admin';
  const mock = createMockWordPress({
    root: `${window.location.origin}/mock-wordpress`,
    settings: { title: 'Field Notes', description: 'A demo site for wp-entities' },
    posts: [
      // A post with the blocks a real one has: text blocks to edit, and others kept as cards.
      {
        type: 'post',
        author: 1,
        status: 'publish',
        title: 'Notes from the salt marsh',
        excerpt: 'What to pack, what to write down, and the weather.',
        content: SAMPLE_CONTENT,
        date: '2026-11-20T17:30:00',
      },
      // An autosave newer than "Hello world!": opening that post offers to restore it.
      {
        type: 'revision',
        parent: 1,
        author: 1,
        slug: '1-autosave-v1',
        status: 'inherit',
        title: 'Hello world! (edited on another computer)',
        content:
          '<!-- wp:paragraph -->\n<p>Welcome to WordPress. This text was autosaved but never saved.</p>\n<!-- /wp:paragraph -->',
        excerpt: '',
        date: '2026-11-21T09:30:00',
      },
    ],
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
  let isSaveFailureArmed = false;
  /** The length of the request log when the failure was armed: only later requests can have used it. */
  let armedAt = 0;
  const listeners = new Set<() => void>();
  const setArmed = (value: boolean) => {
    if (value === isSaveFailureArmed) return;
    isSaveFailureArmed = value;
    for (const listener of listeners) listener();
  };
  const isFailingWrite = (request: { method: string; path: string }) =>
    !READ_METHODS.has(request.method) && !request.path.endsWith('/autosaves');

  worker.events.on('response:mocked', () => {
    record(mock.requests);
    // The armed failure has been used once a write answered 500.
    const since = mock.requests.length < armedAt ? mock.requests : mock.requests.slice(armedAt);
    if (isSaveFailureArmed && since.some((entry) => isFailingWrite(entry) && entry.status === 500))
      setArmed(false);
  });
  // Also when the page goes away: the last writes may not have reported yet.
  window.addEventListener('pagehide', () => record(mock.requests));

  return {
    mock,
    login,
    user: { id: me.id, name: me.name },
    sessionId,
    signInAs(next) {
      sessionStorage.setItem(USER_KEY, JSON.stringify(next));
      sessionStorage.removeItem(SESSION_KEY);
      // A `?user=` in the address would win over the choice at the reload.
      const url = new URL(window.location.href);
      url.searchParams.delete('user');
      window.history.replaceState(null, '', url);
      window.location.reload();
    },
    get isSaveFailureArmed() {
      return isSaveFailureArmed;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    failNextSave() {
      armedAt = mock.requests.length;
      setArmed(true);
      mock.failNext(
        1,
        {
          status: 500,
          body: {
            code: 'internal_server_error',
            message: 'The database is not answering.',
            data: { status: 500 },
          },
        },
        isFailingWrite,
      );
    },
    resetData() {
      sessionStorage.removeItem(WRITES_KEY);
      sessionStorage.removeItem(SESSION_KEY);
      window.location.reload();
    },
  };
}
