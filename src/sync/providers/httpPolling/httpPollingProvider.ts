/**
 * `httpPollingProvider()`: collaboration through the WordPress site itself, on the protocol the
 * block editor speaks (`POST /wp-sync/v1/updates`, `@wordpress/sync` 1.56), through the store's own
 * transport, so whatever authenticates the app's REST requests (application passwords, cookie +
 * nonce) authenticates sync too. Works with the Gutenberg plugin's "Real-Time Collaboration"
 * server as it is, with this repository's plugin, and with the test kit's mock WordPress; on the
 * latter two it long-polls (see `PollingLoop.ts`).
 *
 * @module
 */
import { ArgumentError } from '../../../../core/errors.js';
import type { Transport } from '../../../../core/transport/types.js';
import type { ProviderContext, ProviderFactory, RoomProvider } from '../provider.js';
import {
  PollingLoop,
  type NetworkSource,
  type PageExitSource,
  type PollingLoopSettings,
  type VisibilitySource,
} from './PollingLoop.js';
import { PollingRoom } from './PollingRoom.js';
import { ROOM_PATTERN, SYNC_UPDATES_PATH } from '../../shared/pollingProtocol.js';

/** Options of {@link httpPollingProvider}. Durations are milliseconds. */
export interface HttpPollingProviderOptions {
  /**
   * The relay's REST path.
   * @default '/wp-sync/v1/updates'
   */
  path?: string;
  /**
   * The room of a record on the relay. The block editor names a post's room
   * `postType/{post type}:{id}`; keep that to edit together with it.
   * @default `${kind}/${name}:${id}` (`${kind}/${name}` without an id)
   */
  room?: (entity: { kind: string; name: string; id: string | number | undefined }) => string;
  /**
   * How long a request with nothing to send asks the relay to hold it (our relays do; the block
   * editor's ignores it and the provider falls back to interval polling). `0` never asks.
   * @default 20000
   */
  longPollMs?: number;
  /** Interval polling alone in the room (relays that do not hold requests). @default 4000 */
  soloIntervalMs?: number;
  /** Interval polling with others in the room. @default 1000 */
  withPeersIntervalMs?: number;
  /** Interval polling in a hidden tab. @default 25000 */
  hiddenIntervalMs?: number;
  /**
   * Local changes are sent at once, `sendBurst` requests in a row, then at most one per this long
   * (changes made meanwhile travel together).
   * @default 1000
   */
  sendIntervalMs?: number;
  /**
   * Requests that may go in a row before `sendIntervalMs` applies. With 2 and 1000 ms a person
   * typing makes no more requests than the block editor's 1 s poll (bench:sync).
   * @default 2
   */
  sendBurst?: number;
  /** How often a room the relay refused (403) is tried again. @default 60000 */
  forbiddenRetryMs?: number;
  /**
   * Gets a fresh REST nonce after the relay answered `rest_cookie_invalid_nonce` (cookie
   * authentication whose nonce expired). The provider also keeps the fresh nonce WordPress sends in
   * every cookie-authenticated answer (`X-WP-Nonce`), so this is needed only after a long sleep.
   * @default GET `{site}/wp-admin/admin-ajax.php?action=rest-nonce` with the browser's cookies
   */
  refreshNonce?: () => Promise<string | undefined>;
  /**
   * The heartbeat: how long past its expected moment (at once for a send, after its wait for a
   * long poll) an answer may be before the request counts as failed, the rooms show
   * `disconnected` and the loop retries. With a long poll of `longPollMs`, a cut that leaves
   * requests hanging shows within `longPollMs + answerGraceMs`.
   * @default 10000
   */
  answerGraceMs?: number;
  /**
   * Whether the device is offline: while it is, rooms show `disconnected` and no request is sent
   * (each would fail); back online, the loop retries at once.
   * @default `navigator.onLine` and the window's `online`/`offline` events, where there are; else always online
   */
  network?: NetworkSource;
  /**
   * Whether the page is hidden.
   * @default `document.visibilityState` where there is a document, else always visible
   */
  visibility?: VisibilitySource;
  /**
   * When the page goes away: every room then sends one leave (`awareness: null`, a `keepalive`
   * request that outlives the page, as the block editor's provider does) and nothing more, so
   * the others see the person go at once instead of after the relay's 30 s.
   * @default the window's `pagehide` event, where there is a window; else never
   */
  pageExit?: PageExitSource;
}

/** The block editor's default intervals and retry schedule (`@wordpress/sync` 1.56 `config.ts`). */
const DEFAULTS = {
  longPollMs: 20_000,
  soloIntervalMs: 4000,
  withPeersIntervalMs: 1000,
  hiddenIntervalMs: 25_000,
  sendIntervalMs: 1000,
  sendBurst: 2,
  forbiddenRetryMs: 60_000,
  answerGraceMs: 10_000,
  soloRetryDelaysMs: [2000, 4000, 8000, 12_000],
  withPeersRetryDelaysMs: [1000, 2000, 4000, 8000],
  disconnectedRetryMs: 30_000,
} as const;

/** The page's visibility from `document`, or always visible outside a browser. */
export function documentVisibility(): VisibilitySource {
  const doc = (globalThis as { document?: Document }).document;
  if (doc === undefined || typeof doc.addEventListener !== 'function') {
    return { isHidden: () => false, subscribe: () => () => undefined };
  }
  return {
    isHidden: () => doc.visibilityState === 'hidden',
    subscribe: (listener) => {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}

/** The device's network state from `navigator.onLine` and the window's events, or always online outside a browser. */
export function browserNetwork(): NetworkSource {
  const scope = globalThis as {
    navigator?: { onLine?: unknown };
    addEventListener?: (type: string, listener: () => void) => void;
    removeEventListener?: (type: string, listener: () => void) => void;
  };
  if (typeof scope.addEventListener !== 'function' || typeof scope.removeEventListener !== 'function') {
    return { isOffline: () => false, subscribe: () => () => undefined };
  }
  const add = scope.addEventListener.bind(scope);
  const remove = scope.removeEventListener.bind(scope);
  return {
    isOffline: () => scope.navigator?.onLine === false,
    subscribe: (listener) => {
      add('online', listener);
      add('offline', listener);
      return () => {
        remove('online', listener);
        remove('offline', listener);
      };
    },
  };
}

/** The window's `pagehide` event, or never outside a browser. */
export function windowPageExit(): PageExitSource {
  const scope = globalThis as {
    addEventListener?: (type: string, listener: () => void) => void;
    removeEventListener?: (type: string, listener: () => void) => void;
  };
  if (typeof scope.addEventListener !== 'function' || typeof scope.removeEventListener !== 'function') {
    return { subscribe: () => () => undefined };
  }
  const add = scope.addEventListener.bind(scope);
  const remove = scope.removeEventListener.bind(scope);
  return {
    subscribe: (listener) => {
      add('pagehide', listener);
      return () => remove('pagehide', listener);
    },
  };
}

/** The site address of a REST root (`https://x.org/wp-json` and `https://x.org/?rest_route=` → `https://x.org`). */
export function siteRootOf(restRoot: string): string {
  const url = new URL(restRoot);
  url.search = '';
  url.hash = '';
  return url
    .toString()
    .replace(/\/wp-json\/?$/, '')
    .replace(/\/$/, '');
}

/** The default nonce refresh: WordPress's `rest-nonce` AJAX action, with the page's cookies. */
function adminAjaxNonce(transport: Transport): (() => Promise<string | undefined>) | undefined {
  const root = (transport as { root?: unknown }).root;
  if (typeof root !== 'string' || typeof globalThis.fetch !== 'function') return undefined;
  let url: string;
  try {
    url = `${siteRootOf(root)}/wp-admin/admin-ajax.php?action=rest-nonce`;
  } catch {
    return undefined;
  }
  return async () => {
    const response = await globalThis.fetch(url, { credentials: 'include' });
    const text = (await response.text()).trim();
    // admin-ajax answers "0" (or -1) when nobody is logged in.
    return response.ok && /^[A-Za-z0-9]+$/.test(text) && text !== '0' ? text : undefined;
  };
}

function positive(name: string, value: number | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new ArgumentError(
      `httpPollingProvider option "${name}" must be a ${allowZero ? 'non-negative' : 'positive'} number of milliseconds, got ${String(value)}.`,
    );
  }
  return value;
}

function defaultRoom(entity: { kind: string; name: string; id: string | number | undefined }): string {
  return entity.id === undefined
    ? `${entity.kind}/${entity.name}`
    : `${entity.kind}/${entity.name}:${entity.id}`;
}

class HttpPollingRoomProvider implements RoomProvider {
  readonly kind = 'network';
  readonly whenLoaded = Promise.resolve();
  private readonly loop: PollingLoop;
  private readonly room: PollingRoom;
  private isDestroyed = false;

  constructor(context: ProviderContext, loop: PollingLoop, name: string) {
    this.loop = loop;
    this.room = new PollingRoom(context, name, loop, loop.origin);
    loop.add(this.room);
  }

  storeDocument(value: string): Promise<void> {
    if (this.isDestroyed) return Promise.resolve();
    return this.loop.storeDocument(this.room, value);
  }

  destroy(): void {
    if (this.isDestroyed) return;
    this.isDestroyed = true;
    this.loop.remove(this.room);
    this.room.context.setStatus('destroyed');
  }
}

/**
 * A {@link ProviderFactory} that syncs each record through the WordPress site's
 * `/wp-sync/v1/updates` relay (the block editor's protocol): every open room of the store in one
 * request, through the store's transport.
 *
 * ```ts
 * new RootStore({ transport, sync: { user, providers: [httpPollingProvider()] } });
 * ```
 *
 * @throws ArgumentError for options of the wrong type.
 */
export function httpPollingProvider(options: HttpPollingProviderOptions = {}): ProviderFactory {
  if (typeof options !== 'object' || options === null) {
    throw new ArgumentError('httpPollingProvider takes an options object.');
  }
  const path = options.path ?? SYNC_UPDATES_PATH;
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new ArgumentError(`httpPollingProvider option "path" must start with "/", got ${String(path)}.`);
  }
  for (const name of ['room', 'refreshNonce'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new ArgumentError(`httpPollingProvider option "${name}" must be a function.`);
    }
  }
  const burst = options.sendBurst ?? DEFAULTS.sendBurst;
  if (!Number.isInteger(burst) || burst < 1) {
    throw new ArgumentError(
      `httpPollingProvider option "sendBurst" must be a whole number ≥ 1, got ${String(burst)}.`,
    );
  }
  const base = {
    path,
    longPollMs: positive('longPollMs', options.longPollMs, DEFAULTS.longPollMs, true),
    soloIntervalMs: positive('soloIntervalMs', options.soloIntervalMs, DEFAULTS.soloIntervalMs),
    withPeersIntervalMs: positive(
      'withPeersIntervalMs',
      options.withPeersIntervalMs,
      DEFAULTS.withPeersIntervalMs,
    ),
    hiddenIntervalMs: positive('hiddenIntervalMs', options.hiddenIntervalMs, DEFAULTS.hiddenIntervalMs),
    sendIntervalMs: positive('sendIntervalMs', options.sendIntervalMs, DEFAULTS.sendIntervalMs, true),
    sendBurst: burst,
    forbiddenRetryMs: positive('forbiddenRetryMs', options.forbiddenRetryMs, DEFAULTS.forbiddenRetryMs),
    answerGraceMs: positive('answerGraceMs', options.answerGraceMs, DEFAULTS.answerGraceMs),
    soloRetryDelaysMs: DEFAULTS.soloRetryDelaysMs,
    withPeersRetryDelaysMs: DEFAULTS.withPeersRetryDelaysMs,
    disconnectedRetryMs: DEFAULTS.disconnectedRetryMs,
  };
  const roomOf = options.room ?? defaultRoom;
  // One loop per transport: all of a store's rooms share its requests.
  const loops = new WeakMap<Transport, PollingLoop>();
  const factory = (context: ProviderContext): RoomProvider => {
    const entity = context.entity;
    if (entity === undefined) {
      throw new ArgumentError(`httpPollingProvider needs the record of room "${context.room}".`);
    }
    const name = roomOf(entity);
    if (typeof name !== 'string' || !ROOM_PATTERN.test(name)) {
      throw new ArgumentError(
        `httpPollingProvider: room "${String(name)}" is not a relay room name ({kind}/{name} or {kind}/{name}:{id}).`,
      );
    }
    let loop = loops.get(context.transport);
    if (loop === undefined || loop.disposed) {
      const settings: PollingLoopSettings = {
        ...base,
        refreshNonce: options.refreshNonce ?? adminAjaxNonce(context.transport),
        visibility: options.visibility ?? documentVisibility(),
        network: options.network ?? browserNetwork(),
        pageExit: options.pageExit ?? windowPageExit(),
      };
      loop = new PollingLoop(context.transport, settings);
      loops.set(context.transport, loop);
    }
    return new HttpPollingRoomProvider(context, loop, name);
  };
  return Object.assign(factory, { storesDocuments: true });
}
