/**
 * Whose unsaved changes a record holds: this person's ("yours") or someone else's in the room (by
 * name); changes nobody here made (a reload's local copy) count as this person's. The header
 * says "2 unsaved changes — 1 yours, 1 from Eddie Editor" from it, so nobody is blamed for
 * another's typing.
 *
 * Read from the record's shared document: a transaction of this window (typing, undo) is this
 * person's; one that came from elsewhere is by the clients whose content it added (Yjs client ids,
 * which each peer's presence lists in `clientIds`), or, when it only deleted, by the one other person in the
 * room if there is exactly one; one that changed nothing (an update already held) is no one's. The set starts afresh whenever the record has no unsaved edits.
 *
 * @module
 */
import { observable, reaction, runInAction } from 'mobx';
import { useEffect } from 'react';
import type { EntityRecord, RootStore } from 'wp-entities';
import { useStore } from 'wp-entities/react';
import type * as Y from 'yjs';

/** This person, among the authors. */
export const YOU = 'you';

/** The authors of each watched record's unsaved changes (observable). */
const authorsByRecord = observable.map<EntityRecord<object>, ReadonlySet<string>>(undefined, {
  deep: false,
});
/** Records whose document is watched (one watcher each, for the document's life). */
const watched = new WeakSet<object>();

/** The clients whose content `transaction` added (their clock moved). */
function addingClients(transaction: Y.Transaction): number[] {
  const clients: number[] = [];
  for (const [client, clock] of transaction.afterState) {
    if ((transaction.beforeState.get(client) ?? 0) < clock) clients.push(client);
  }
  return clients;
}

function authorsOf(store: RootStore, record: EntityRecord<object>, transaction: Y.Transaction): string[] {
  if (transaction.local) return [YOU];
  const peers = store.sync?.peers(record) ?? [];
  const adding = addingClients(transaction);
  if (adding.length === 0) {
    // Nothing added and nothing deleted: an update this document already held (a field's genesis,
    // which every window applies alike and sends, arriving here after this window applied it).
    if (transaction.deleteSet.clients.size === 0) return [];
    // Only deletions: Yjs does not say by whom. With one other person here, it was them.
    return peers.length === 1 && peers[0] ? [peers[0].user.name] : [];
  }
  // Content of clients nobody here is (a reload's local copy, the saved text every window seeds
  // alike) is no one's change to name.
  // A person whose tabs share one connection writes under each tab's client id: any names them.
  return adding.flatMap((client) => peers.find((peer) => peer.clientIds.includes(client))?.user.name ?? []);
}

/**
 * Starts watching `record`'s shared document (once per document, until it is destroyed).
 *
 * The watcher may be registered before the binding's own listener (the binding starts listening
 * only once local persistence has loaded, after the editor opened the room): a transaction's
 * authors are taken at once, but whether the record holds unsaved changes is read only after every
 * listener of the transaction ran (a microtask later). Read at once, the first change arriving
 * when the record had none (the first change after a save) was dropped as "nothing unsaved".
 */
function watch(store: RootStore, record: EntityRecord<object>): void {
  const sync = store.sync;
  if (sync === undefined || !sync.isJoined(record)) return;
  const doc = sync.doc(record);
  if (watched.has(doc)) return;
  watched.add(doc);
  let pending = new Set<string>();
  let isQueued = false;
  const settle = () => {
    isQueued = false;
    const added = pending;
    pending = new Set();
    runInAction(() => {
      if (!record.hasEdits) {
        authorsByRecord.delete(record);
        return;
      }
      if (added.size === 0) return;
      const before = authorsByRecord.get(record) ?? new Set<string>();
      if ([...added].every((name) => before.has(name))) return;
      authorsByRecord.set(record, new Set([...before, ...added]));
    });
  };
  const onTransaction = (transaction: Y.Transaction) => {
    for (const name of authorsOf(store, record, transaction)) pending.add(name);
    if (isQueued) return;
    isQueued = true;
    queueMicrotask(settle);
  };
  doc.on('afterTransaction', onTransaction);
  // Saved or discarded (whether by a transaction or not): the next change starts a new set.
  const stopClean = reaction(
    () => record.hasEdits,
    (hasEdits) => {
      if (!hasEdits) authorsByRecord.delete(record);
    },
  );
  doc.once('destroy', () => {
    doc.off('afterTransaction', onTransaction);
    stopClean();
    runInAction(() => authorsByRecord.delete(record));
  });
}

/**
 * Opens `record`'s room (as the record's own hook does) and watches its unsaved changes for their
 * authors, as the editor does while it shows the record; returns the release of the room. Nothing
 * to watch (no sync, a record that does not sync): a no-op.
 */
export function watchChangeAuthors(store: RootStore, record: EntityRecord<object>): () => void {
  const sync = store.sync;
  if (sync === undefined || !sync.isSynced(record)) return () => undefined;
  // Opens the room now, so the watcher sees every change.
  const release = sync.retain(record);
  watch(store, record);
  return release;
}

/** Watches `record`'s unsaved changes for their authors while the editor shows it. */
export function useChangeAuthors(record: EntityRecord<object> | undefined): void {
  const store = useStore();
  useEffect(() => (record === undefined ? undefined : watchChangeAuthors(store, record)), [store, record]);
}

/**
 * The authors of `record`'s unsaved changes, for `observer` components: this person alone when
 * the record is not watched (edits in a window that does not share them can only be theirs).
 */
export function changeAuthors(record: EntityRecord<object>): ReadonlySet<string> {
  const authors = authorsByRecord.get(record);
  return record.hasEdits && authors !== undefined && authors.size > 0 ? authors : new Set([YOU]);
}

/** "yours", "Eddie Editor's", "yours and Eddie Editor's": whose a record's changes are, this person first. */
function whoseOf(authors: ReadonlySet<string>): string {
  const names = [...authors].sort((a, b) => (a === YOU ? -1 : b === YOU ? 1 : a.localeCompare(b)));
  const owned = names.map((name) => (name === YOU ? 'yours' : `${name}'s`));
  return owned.length === 1 ? (owned[0] ?? '') : `${owned.slice(0, -1).join(', ')} and ${owned.at(-1) ?? ''}`;
}

/**
 * Whose the unsaved changes of records with the given authors are, each record counted once:
 * "yours and Eddie Editor's" when every record has the same authors, else "2 yours, 1 Eddie
 * Editor's" (the counts add up to the number of records); `undefined` when they are all this
 * person's alone (nothing worth saying).
 */
export function describeAuthorSets(recordAuthors: readonly ReadonlySet<string>[]): string | undefined {
  const counts = new Map<string, number>();
  for (const authors of recordAuthors) {
    const whose = whoseOf(authors);
    counts.set(whose, (counts.get(whose) ?? 0) + 1);
  }
  if (counts.size === 0 || (counts.size === 1 && counts.has('yours'))) return undefined;
  if (counts.size === 1) return [...counts.keys()][0];
  return [...counts].map(([whose, count]) => `${count} ${whose}`).join(', ');
}

/** Whose the unsaved changes of `records` are (see {@link describeAuthorSets}), for `observer` components. */
export function describeAuthors(records: readonly EntityRecord<object>[]): string | undefined {
  return describeAuthorSets(records.map(changeAuthors));
}
