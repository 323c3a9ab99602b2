/**
 * The demo's shared site: one mock WordPress (`wp-entities/testing`) in `npm run demo`'s own Node
 * process, served over HTTP on 127.0.0.1, which every window of the demo reaches through the dev
 * server (`/wp-json` is proxied to it). Two windows on one post then save to one site and agree,
 * as on a real WordPress. The same site relays their collaboration (`/wp-sync/v1/updates`), so
 * the demo needs no other server.
 *
 * Each window says who it is with the `Authorization` header of its mock user (`?user=editor`);
 * the site itself has no signed-in user. A few demo controls live beside it under `/__demo/`:
 *
 * - `GET /__demo/site`: the site's id (new at every reset) and the mock users' names and headers;
 * - `POST /__demo/fail-next-save`: the next write (autosaves aside) answers 500;
 * - `POST /__demo/reset`: the site goes back to its seed.
 *
 * The POSTs must carry `X-Demo-Control: 1`: a header a page on another origin cannot send without a
 * CORS preflight, which the dev server does not grant, so no other site can reset this one.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Plugin } from 'vite';
import { createMockWordPress, MOCK_USERS, type MockWordPress } from '../../../src/testing/index.js';
import { failNextWrite } from '../src/demo/saveFailure.js';
import { DEMO_EMBEDS, DEMO_SEED } from '../src/demo/siteSeed.js';

/** Where the demo controls are served, on the editor's own origin. */
export const DEMO_CONTROL_PATH = '/__demo';

/** The header the control POSTs must carry. */
export const DEMO_CONTROL_HEADER = 'x-demo-control';

/** What `GET /__demo/site` answers. */
export interface SharedSiteInfo {
  /** Names this version of the site: a reset makes a new one, so local copies made before are not reused. */
  siteId: string;
  /** The mock's users by login: display name and the `Authorization` header that signs in as them. */
  users: Record<string, { id: number; name: string; authorization: string }>;
}

/** A running shared site. */
export interface SharedSite {
  /** The HTTP address of the mock WordPress (`http://127.0.0.1:port`); its REST root is `${url}/wp-json`. */
  readonly url: string;
  /** The mock itself, for tests. */
  readonly mock: MockWordPress;
  /** The Vite plugin that serves the demo controls. */
  plugin(): Plugin;
  /** Stops the HTTP server. */
  close(): Promise<void>;
}

function seedEmbeds(mock: MockWordPress): void {
  for (const [url, answer] of DEMO_EMBEDS) mock.setEmbed(url, answer);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * How long the relay keeps a window's presence after its last request. Windows ask every second
 * (their heartbeat, `HEARTBEAT_MS` in src/collaboration/collaboration.ts; every 2 s in a hidden
 * tab), so one that was closed or cut off leaves the others' view within this long, instead of the
 * block editor server's 30 s.
 */
export const DEMO_PRESENCE_TIMEOUT_MS = 6000;

/** How often the mock's request log is emptied. */
const LOG_TRIM_MS = 10_000;

/** Starts the shared mock WordPress on 127.0.0.1 (a free port). */
export async function startSharedSite(): Promise<SharedSite> {
  const mock = createMockWordPress({
    ...DEMO_SEED,
    currentUser: null,
    syncRelay: { awarenessTimeoutMs: DEMO_PRESENCE_TIMEOUT_MS },
  });
  seedEmbeds(mock);
  let siteId = randomUUID();
  const server = await mock.listen({ host: '127.0.0.1', port: 0 });

  const users: SharedSiteInfo['users'] = {};
  for (const [login, user] of Object.entries(MOCK_USERS)) {
    const answer = await mock.handle(
      new Request(`${server.root}/wp/v2/users/me`, { headers: { authorization: user.authorization } }),
    );
    const me = (await answer.json()) as { id: number; name: string };
    users[login] = { id: me.id, name: me.name, authorization: user.authorization };
  }
  mock.clearRequests();
  // Every window polls the relay each second: the mock's request log (unused here) would grow
  // for as long as the demo runs.
  const logTrim = setInterval(() => mock.clearRequests(), LOG_TRIM_MS);
  logTrim.unref();

  const control = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/site') {
      send(res, 200, { siteId, users } satisfies SharedSiteInfo);
      return;
    }
    if (req.method !== 'POST' || (path !== '/fail-next-save' && path !== '/reset')) {
      next();
      return;
    }
    if (req.headers[DEMO_CONTROL_HEADER] !== '1') {
      send(res, 403, { message: `Demo controls need the ${DEMO_CONTROL_HEADER} header.` });
      return;
    }
    if (path === '/reset') {
      mock.reset();
      seedEmbeds(mock);
      siteId = randomUUID();
    } else {
      failNextWrite(mock);
    }
    send(res, 200, { siteId });
  };

  return {
    url: server.url,
    mock,
    plugin: () => ({
      name: 'wp-entities-demo-controls',
      configureServer(vite) {
        vite.middlewares.use(DEMO_CONTROL_PATH, control);
      },
      // A production build served by `vite preview` (bench:typing) asks the same questions.
      configurePreviewServer(vite) {
        vite.middlewares.use(DEMO_CONTROL_PATH, control);
      },
    }),
    close: () => {
      clearInterval(logTrim);
      return server.close();
    },
  };
}
