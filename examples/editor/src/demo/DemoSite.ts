/**
 * What the demo controls and the editor's start-up need of the demo's mock WordPress, whichever
 * kind it is: the shared site of `npm run demo` (sharedSite.ts) or a site inside the tab
 * (tabSite.ts).
 *
 * @module
 */
import type { MOCK_USERS, MockWordPress } from 'wp-entities/testing';

/** A user the demo can sign in as. */
export type DemoLogin = keyof typeof MOCK_USERS;

/** Where the tab remembers who it is signed in as. */
const USER_KEY = 'wp-entities-demo:user';

/** The running demo site, for the demo controls (and, in a tab's own site, for the console: `wpMock`). */
export interface DemoSite {
  /** `shared`: one site for every window, in the demo's Node process; `tab`: a site inside this tab. */
  readonly kind: 'shared' | 'tab';
  /** The mock WordPress itself, when it runs in this tab. */
  readonly mock?: MockWordPress | undefined;
  /** The REST root the store talks to. */
  readonly restRoot: string;
  /** The `fetch` to reach it with (on the shared site, it says who this window is). */
  readonly fetch: typeof fetch;
  /** The login requests act as. */
  readonly login: DemoLogin;
  /** That user's id and display name, for presence in collaborative editing. */
  readonly user: { readonly id: number; readonly name: string };
  /**
   * Names this copy of the site: collaboration keeps the shared documents' local copies under it,
   * and the journal its entries, so they live exactly as long as the site they were made on. "Reset
   * demo data" starts a new site and finds none; on a tab's own site, so do a new tab and signing
   * in as someone else (its prompt told the user their unsaved changes go).
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

/**
 * Who this window is: `?user=editor` in the address (two windows, two people), remembered for the
 * tab; else what the tab remembers; else `admin`.
 */
export function chosenLogin(isLogin: (value: string) => boolean): DemoLogin {
  const asked = new URLSearchParams(window.location.search).get('user');
  if (asked !== null && isLogin(asked)) sessionStorage.setItem(USER_KEY, JSON.stringify(asked));
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(USER_KEY) ?? '"admin"');
  } catch {
    stored = 'admin';
  }
  return typeof stored === 'string' && isLogin(stored) ? (stored as DemoLogin) : 'admin';
}

/** Remembers `login` for the tab and reloads as them. */
export function signInAndReload(login: DemoLogin): void {
  sessionStorage.setItem(USER_KEY, JSON.stringify(login));
  // A `?user=` in the address would win over the choice at the reload.
  const url = new URL(window.location.href);
  url.searchParams.delete('user');
  window.history.replaceState(null, '', url);
  window.location.reload();
}
