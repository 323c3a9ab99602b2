/**
 * Collaborative editing in the demo: who you are in presence, and the store's `sync` option
 * (`httpPollingProvider`: through the site's own `/wp-sync/v1/updates` relay, which the mock
 * WordPress serves and a real one has with the relay plugin or Gutenberg's collaboration; plus
 * IndexedDB so unsaved shared edits survive a reload). No other server is involved. Off when the
 * page was built with collaboration off.
 *
 * URL switches: `?user=editor` signs in as another mock user (see demo/DemoSite.ts; on a real
 * WordPress it only renames you in presence), `?presenceTimeoutMs=3000` makes people who left
 * disappear after 3 s instead of y-protocols' 30 s (the browser tests use it), `?collab=off` edits
 * alone in this window (the two browser tests about editing alone use it), `?codec=blocks` joins
 * posts with a block codec: the content is then edited as the shared document's blocks, a
 * keystroke one block's text change (post/sharedBlocks/SharedBlocks.tsx).
 *
 * @module
 */
import type { SyncOptions, SyncUser } from 'wp-entities/sync';
import { exampleBlockCodec } from '../post/sharedBlocks/exampleBlockCodec.js';

/** Colours of people in presence, picked by user id, distinct for the mock's three users. */
const PRESENCE_COLORS = ['#c2185b', '#1565c0', '#2e7d32', '#a84300', '#6a1b9a', '#00838f'];

/** The page's URL parameters, parsed once per address (components ask on every render). */
let parsedParams: { search: string; params: URLSearchParams } | undefined;

/** A URL parameter of the page, or `undefined`. */
export function pageParam(name: string): string | undefined {
  const search = window.location.search;
  if (parsedParams?.search !== search) parsedParams = { search, params: new URLSearchParams(search) };
  return parsedParams.params.get(name) ?? undefined;
}

/**
 * How long a person's presence is kept after their last sign of life, when the URL shortens it
 * (`?presenceTimeoutMs=`); `undefined` leaves it to y-protocols (30 s).
 */
export function presenceTimeoutMs(): number | undefined {
  const value = Number(pageParam('presenceTimeoutMs'));
  return Number.isFinite(value) && value >= 500 ? value : undefined;
}

/**
 * Whether posts are joined with a block codec (`?codec=blocks`): the editor then types through the
 * blocks view (`store.sync.blocks` / `editBlock`) instead of the content's text.
 */
export function hasBlockCodec(): boolean {
  return pageParam('codec') === 'blocks';
}

/** A colour for a user, stable across windows. */
export function colorOf(userId: number): string {
  return PRESENCE_COLORS[Math.abs(userId) % PRESENCE_COLORS.length] ?? '#444';
}

/**
 * Who this window is in presence: the signed-in WordPress user (`/wp/v2/users/me`), or a visitor
 * when nobody is signed in. A `?user=` that is not a mock login (real WordPress) renames you.
 */
export async function presenceUser(restRoot: string, fetchFn: typeof fetch): Promise<SyncUser> {
  let id = 0;
  let name = 'Visitor';
  try {
    const response = await fetchFn(`${restRoot}/wp/v2/users/me?context=view`);
    if (response.ok) {
      const me = (await response.json()) as { id?: unknown; name?: unknown };
      if (typeof me.id === 'number') id = me.id;
      if (typeof me.name === 'string' && me.name) name = me.name;
    }
  } catch {
    // Not signed in, or the site is down: the editor still opens, as a visitor.
  }
  const asked = pageParam('user');
  if (import.meta.env.VITE_WP_BACKEND === 'proxy' && asked) name = asked;
  return { id, name, color: colorOf(id) };
}

/**
 * How long the relay may hold an idle request (`longPollMs`): every window asks at least this
 * often, which is its heartbeat. A cut shows as "Offline" within about this long (a request that
 * fails, or none answered), and the relay drops a window that stopped asking (its presence timeout,
 * examples/editor/server/sharedSite.ts) soon after.
 */
export const HEARTBEAT_MS = 1000;

/** The least time between two requests that carry changes, after a burst of two. */
const SEND_INTERVAL_MS = 100;

/**
 * Whether others can reach this window through the site's relay: on the shared site and on a real
 * WordPress, not on a mock inside the tab (a site of its own per tab).
 */
export function hasRelayPeers(): boolean {
  return import.meta.env.VITE_WP_BACKEND !== 'mock';
}

/**
 * The store's `sync` option, or `undefined` when the page was built with collaboration off.
 * `localCopyPrefix` names where the shared documents' local copies live in IndexedDB: on the
 * in-tab mock site it is that site's session, so a copy never outlives the data it was made on.
 */
export async function syncOptions(
  user: SyncUser,
  localCopyPrefix: string | undefined,
): Promise<SyncOptions | undefined> {
  if (import.meta.env.VITE_COLLABORATION !== 'on' || pageParam('collab') === 'off') return undefined;
  // Loaded only when collaboration is on: `wp-entities/sync` is what brings Yjs in.
  const { httpPollingProvider, indexeddbProvider } = await import('wp-entities/sync');
  return {
    user,
    // Ctrl+Z takes back a word, as when editing alone: no extra grouping of quick edits.
    undoCaptureTimeoutMs: 0,
    // One connection for a person's tabs (the library's default); ?tabs=separate gives each tab
    // its own, to compare (see docs/demo.md).
    tabs: pageParam('tabs') === 'separate' ? 'separate' : 'shared',
    ...(hasBlockCodec() ? { blockCodec: exampleBlockCodec } : {}),
    providers: [
      // Through the site itself, with the store's transport (and so its credentials). A mock
      // inside the tab is a site of its own, where nobody else can ever be: no relay there.
      ...(hasRelayPeers()
        ? [
            httpPollingProvider({
              longPollMs: HEARTBEAT_MS,
              answerGraceMs: HEARTBEAT_MS,
              // Each keystroke shows in the other window at once, at most ten requests a second
              // (the block editor's budget, one a second, would make the other window lag a second).
              sendIntervalMs: SEND_INTERVAL_MS,
              hiddenIntervalMs: 2 * HEARTBEAT_MS,
            }),
          ]
        : []),
      indexeddbProvider(localCopyPrefix === undefined ? {} : { prefix: localCopyPrefix }),
    ],
  };
}
