/**
 * Which journal writers are alive: each store holds a Web Lock named after its writer for as long
 * as it lives (a closed or crashed tab releases it), so another tab can tell the entries of a tab
 * still open (not offered: they follow that tab's records) from those a closed or crashed one
 * left. Where there are no Web Locks (Node, old browsers) every other writer counts as gone.
 *
 * @module
 */

/** The prefix of the lock names; the writer id follows it. */
const LOCK_PREFIX = 'wp-entities-journal-writer:';

/** The part of the Web Locks API used here. */
interface WriterLockManager {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
  query?(): Promise<{ held?: readonly { name?: string }[] }>;
}

function lockManager(): WriterLockManager | undefined {
  return (globalThis as { navigator?: { locks?: WriterLockManager } }).navigator?.locks;
}

/** Holds the writer's lock until the returned function is called (or the page goes away). */
export function holdWriterLock(writer: string): () => void {
  const locks = lockManager();
  if (locks === undefined) return () => undefined;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  void locks.request(`${LOCK_PREFIX}${writer}`, () => held).catch(() => undefined);
  return release;
}

/** The writers whose stores are alive now (in any tab of this origin); empty without Web Locks. */
export async function liveWriters(): Promise<ReadonlySet<string>> {
  const locks = lockManager();
  if (locks?.query === undefined) return new Set();
  try {
    const snapshot = await locks.query();
    const live = new Set<string>();
    for (const lock of snapshot.held ?? []) {
      if (lock.name?.startsWith(LOCK_PREFIX) === true) live.add(lock.name.slice(LOCK_PREFIX.length));
    }
    return live;
  } catch {
    return new Set();
  }
}
