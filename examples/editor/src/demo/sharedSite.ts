/**
 * The browser's side of the demo's shared site (examples/editor/server/sharedSite.ts): one mock
 * WordPress for every window, reached at `/wp-json` on the editor's own origin. This window says
 * who it is by sending its mock user's `Authorization` header with each request.
 *
 * @module
 */
import type { DemoLogin, DemoSite } from './DemoSite.js';
import { chosenLogin, signInAndReload } from './DemoSite.js';
import { armedFailure } from './saveFailure.js';

/** What `GET /__demo/site` answers (server/sharedSite.ts, `SharedSiteInfo`). */
interface SiteInfo {
  siteId: string;
  users: Record<string, { id: number; name: string; authorization: string }>;
}

function isSiteInfo(value: unknown): value is SiteInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return typeof info.siteId === 'string' && typeof info.users === 'object' && info.users !== null;
}

async function control(action: 'fail-next-save' | 'reset'): Promise<void> {
  const response = await fetch(`/__demo/${action}`, { method: 'POST', headers: { 'x-demo-control': '1' } });
  if (!response.ok) throw new Error(`The demo site refused "${action}" (HTTP ${response.status}).`);
}

/** A `fetch` that adds `authorization` to every request that has none. */
function signedFetch(authorization: string): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    if (!request.headers.has('authorization')) request.headers.set('authorization', authorization);
    return fetch(request);
  };
}

/** Connects to the shared site; throws when the page was not served by `npm run demo`. */
export async function startSharedSite(): Promise<DemoSite> {
  const response = await fetch('/__demo/site', { cache: 'no-store' });
  const info: unknown = response.ok ? await response.json() : undefined;
  if (!isSiteInfo(info)) throw new Error(`The demo's shared site did not answer (HTTP ${response.status}).`);
  const login = chosenLogin((value) => Object.prototype.hasOwnProperty.call(info.users, value));
  const user = info.users[login];
  if (!user) throw new Error(`The shared site has no user "${login}".`);
  const signed = signedFetch(user.authorization);
  const armed = armedFailure();
  return {
    kind: 'shared',
    restRoot: `${window.location.origin}/wp-json`,
    async fetch(input, init) {
      const answer = await signed(input, init);
      // The armed failure is used by the first write that answers 500 (from any window).
      if (armed.isArmed && answer.status === 500) armed.set(false);
      return answer;
    },
    login,
    user: { id: user.id, name: user.name },
    sessionId: `${info.siteId}:${login}`,
    signInAs(next: DemoLogin) {
      signInAndReload(next);
    },
    get isSaveFailureArmed() {
      return armed.isArmed;
    },
    subscribe: armed.subscribe,
    failNextSave() {
      armed.set(true);
      control('fail-next-save').catch(() => armed.set(false));
    },
    resetData() {
      void control('reset').finally(() => window.location.reload());
    },
  };
}
