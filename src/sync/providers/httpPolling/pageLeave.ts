/**
 * Leaving the relay's rooms when the page goes away (a reload, a closed tab, a link followed): one
 * `keepalive` request with `awareness: null` for every open room, sent from `pagehide`, so the
 * others stop seeing this person at once instead of after the relay's presence timeout (a reloaded
 * page otherwise showed beside itself as "1 other person" for seconds). A keepalive request
 * outlives the page; it carries no rows (browsers cap a keepalive body at 64 KiB, and unsent rows
 * are kept by the shared document's local copy and sent by the next page). Until the page shows
 * again the loop sends nothing more (an answer that still arrived would otherwise make it poll,
 * and so come back, as the page goes); a page the browser kept in its back/forward cache and shows
 * again polls at once, which brings its presence back.
 *
 * @module
 */
import type { RoomRequest, SyncRequestBody } from '../../shared/pollingProtocol.js';

/** The page going away and showing again, and a way to hear both. */
export interface PageLeaveSource {
  /**
   * Calls `onLeave` when the page is being hidden for good or for the back/forward cache, and
   * `onReturn` when it shows again; returns the unsubscribe function.
   */
  subscribe(onLeave: () => void, onReturn: () => void): () => void;
}

/** The window's `pagehide` and `pageshow` events, or nothing outside a browser. */
export function browserPageLeave(): PageLeaveSource {
  const scope = globalThis as {
    addEventListener?: (type: string, listener: () => void) => void;
    removeEventListener?: (type: string, listener: () => void) => void;
    document?: unknown;
  };
  if (scope.document === undefined || typeof scope.addEventListener !== 'function') {
    return { subscribe: () => () => undefined };
  }
  const add = scope.addEventListener.bind(scope);
  const remove = scope.removeEventListener?.bind(scope);
  return {
    subscribe: (onLeave, onReturn) => {
      add('pagehide', onLeave);
      add('pageshow', onReturn);
      return () => {
        remove?.('pagehide', onLeave);
        remove?.('pageshow', onReturn);
      };
    },
  };
}

/** What a room needs to say it leaves. */
export interface LeavingRoom {
  readonly name: string;
  readonly clientId: number;
  readonly cursor: number;
}

/** The body that takes this person out of every room in `rooms`, or `undefined` for none. */
export function leaveBody(rooms: readonly LeavingRoom[]): SyncRequestBody | undefined {
  if (rooms.length === 0) return undefined;
  return {
    rooms: rooms.map((room): RoomRequest => ({
      room: room.name,
      client_id: room.clientId,
      after: room.cursor,
      awareness: null,
      updates: [],
    })),
  };
}
