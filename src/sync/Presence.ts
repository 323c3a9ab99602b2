/**
 * Who else has a record open, and where: y-protocols awareness over the room's providers. A state
 * times out after 30 s without an update and the local state is renewed every 15 s (awareness's
 * own timer, checked every 3 s).
 *
 * @module
 */
import { action, makeObservable, observable } from 'mobx';
import { Awareness, removeAwarenessStates } from 'y-protocols/awareness';
import type * as Y from 'yjs';

/** What peers see of a person. */
export interface SyncUser {
  /** The WordPress user id. */
  readonly id: number;
  /** The display name. */
  readonly name: string;
  /** A CSS colour for cursors and avatars. */
  readonly color: string;
}

/** A text selection within a field (UTF-16 offsets). */
export interface PresenceSelection {
  /** Where the selection starts. */
  readonly start: number;
  /** Where it ends (equal to `start` for a caret). */
  readonly end: number;
}

/** What a person shares about where they are in a record. */
export interface LocalPresence {
  /** The field being edited. @default undefined */
  readonly field?: string | undefined;
  /** The selection in that field. @default undefined */
  readonly selection?: PresenceSelection | undefined;
}

/** Another person in the room, as `sync.peers(record)` lists them. */
export interface Peer {
  /** Their awareness client id (one per open document). */
  readonly clientId: number;
  /** Who they are. */
  readonly user: SyncUser;
  /** The field they are in, if any. */
  readonly field?: string | undefined;
  /** Their selection in that field, if any. */
  readonly selection?: PresenceSelection | undefined;
  /** When their state was last updated (ms since the epoch, this machine's clock). */
  readonly lastSeenMs: number;
}

interface PresenceState {
  user?: SyncUser;
  field?: string;
  selection?: PresenceSelection;
}

function isUser(value: unknown): value is SyncUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'number' && typeof user.name === 'string' && typeof user.color === 'string';
}

/**
 * The presence of one room: this person's state and an observable list of the others. Made by
 * `SyncManager` per joined record; {@link destroy} removes the local state (peers see the person
 * leave at once) and stops the awareness timer.
 */
export class Presence {
  /** The y-protocols awareness the providers carry. */
  readonly awareness: Awareness;
  /** The other people in the room, ordered by client id (observable). */
  peers: readonly Peer[] = [];
  private readonly user: SyncUser;
  private local: LocalPresence = {};

  /** Starts presence on `doc` as `user`; the awareness timer runs until {@link destroy}. */
  constructor(doc: Y.Doc, user: SyncUser) {
    this.user = user;
    this.awareness = new Awareness(doc);
    makeObservable<Presence, 'refreshPeers'>(this, {
      peers: observable.ref,
      refreshPeers: action,
    });
    this.awareness.setLocalState({ user });
    // `update` also fires on renewals, which move `lastSeenMs`.
    this.awareness.on('update', this.onAwarenessUpdate);
  }

  /** Shares where this person is (the field, the selection); `{}` clears both. */
  setLocal(state: LocalPresence): void {
    this.local = { field: state.field, selection: state.selection };
    const next: PresenceState = { user: this.user };
    if (state.field !== undefined) next.field = state.field;
    if (state.selection !== undefined)
      next.selection = { start: state.selection.start, end: state.selection.end };
    this.awareness.setLocalState(next);
  }

  /** What this person currently shares. */
  get localState(): LocalPresence {
    return this.local;
  }

  /** Removes this person from the room's presence and stops the awareness timer. */
  destroy(): void {
    this.awareness.off('update', this.onAwarenessUpdate);
    removeAwarenessStates(this.awareness, [this.awareness.clientID], 'destroy');
    this.awareness.destroy();
  }

  /**
   * Only a change of someone else's state changes the peers: this person's own (the caret moving
   * with each keystroke) would otherwise make a new, equal list each time, and re-render every
   * component that shows the peers.
   */
  private readonly onAwarenessUpdate = (changes: {
    added: readonly number[];
    updated: readonly number[];
    removed: readonly number[];
  }): void => {
    const own = this.awareness.clientID;
    const isOwnOnly = [changes.added, changes.updated, changes.removed].every((ids) =>
      ids.every((id) => id === own),
    );
    if (!isOwnOnly) this.refreshPeers();
  };

  private readonly refreshPeers = (): void => {
    const peers: Peer[] = [];
    this.awareness.getStates().forEach((raw, clientId) => {
      if (clientId === this.awareness.clientID) return;
      const state = raw as PresenceState;
      if (!isUser(state.user)) return;
      const meta = this.awareness.meta.get(clientId);
      const peer: Peer = {
        clientId,
        user: state.user,
        lastSeenMs: meta?.lastUpdated ?? 0,
        ...(typeof state.field === 'string' ? { field: state.field } : {}),
        ...(state.selection !== undefined ? { selection: state.selection } : {}),
      };
      peers.push(peer);
    });
    peers.sort((a, b) => a.clientId - b.clientId);
    this.peers = peers;
  };
}
