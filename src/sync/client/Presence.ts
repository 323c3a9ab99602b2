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
import {
  peerClientIds,
  type LocalPresence,
  type Peer,
  type PeerBlock,
  type PeerInfo,
  type PresenceBlock,
  type PresenceSelection,
  type SyncUser,
} from '../shared/presenceShape.js';

export type {
  LocalPresence,
  Peer,
  PeerBlock,
  PeerInfo,
  PresenceBlock,
  PresenceSelection,
  SyncUser,
} from '../shared/presenceShape.js';

interface PresenceState {
  user?: SyncUser;
  field?: string;
  selection?: PresenceSelection;
  /** Ours: where the selection is (a provider resolves a peer's to a {@link PeerBlock}). */
  block?: PresenceBlock | PeerBlock;
  /** A peer's `collaboratorInfo`, as a provider read it. */
  info?: PeerInfo;
  /**
   * The document client ids of every tab of the person's (the leader of tabs sharing a connection
   * writes it): read unchecked from the network, so through {@link peerClientIds}.
   */
  clientIds?: unknown;
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
    this.local = { field: state.field, selection: state.selection, block: state.block };
    const next: PresenceState = { user: this.user };
    if (state.field !== undefined) next.field = state.field;
    if (state.selection !== undefined)
      next.selection = { start: state.selection.start, end: state.selection.end };
    if (state.block !== undefined) {
      const { clientId, path, attribute } = state.block;
      next.block = { clientId, path: path === undefined ? undefined : [...path], attribute };
    }
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
        clientIds: peerClientIds(clientId, state.clientIds),
        user: state.user,
        lastSeenMs: meta?.lastUpdated ?? 0,
        ...(typeof state.field === 'string' ? { field: state.field } : {}),
        ...(state.selection !== undefined ? { selection: state.selection } : {}),
        ...(state.block !== undefined && Array.isArray(state.block.path)
          ? { block: state.block as PeerBlock }
          : {}),
        ...(state.info !== undefined ? { info: state.info } : {}),
      };
      peers.push(peer);
    });
    peers.sort((a, b) => a.clientId - b.clientId);
    this.peers = peers;
  };
}
