/**
 * What a screen shows while the browser is offline and the site has not answered: the unsaved
 * changes this device keeps for it (the journal), and that the rest comes when the connection is
 * back, instead of "Loading…" while requests retry.
 *
 * @module
 */
import { useEffect, useState } from 'react';
import type { JournalEntry } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { recordLabel, shownValue } from '../neverLoseWork/neverLoseWorkLabels.js';

/** Which records the screen is about: one post, or every record of a type. */
export interface OfflineSubject {
  readonly kind: string;
  readonly name: string;
  /** One record; every record of the type when left out. */
  readonly id?: number;
  /** How the screen names what it could not load (`this post`, `the list of posts`). */
  readonly what: string;
}

function matches(entry: JournalEntry, subject: OfflineSubject): boolean {
  return (
    entry.kind === subject.kind &&
    entry.name === subject.name &&
    (subject.id === undefined || entry.id === subject.id)
  );
}

/** The offline state of a screen, with the journal's entries for what it shows. */
export const OfflineState = observer(function OfflineState({ subject }: { subject: OfflineSubject }) {
  const store = useStore();
  const [entries, setEntries] = useState<JournalEntry[] | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    store.readJournal().then(
      (read) => isCurrent && setEntries(read.filter((entry) => matches(entry, subject))),
      () => isCurrent && setEntries([]),
    );
    return () => {
      isCurrent = false;
    };
  }, [store, subject.kind, subject.name, subject.id]);

  return (
    <div className="notice notice-warning offline-state" role="status" data-testid="offline-state">
      <p>
        You are offline. {subject.what[0]?.toUpperCase()}
        {subject.what.slice(1)} is not stored on this device, so it will load when the connection is back.
      </p>
      {entries !== undefined && entries.length > 0 ? (
        <>
          <p>
            Unsaved changes kept on this device (nothing is lost: the restore offer on this page brings them
            back):
          </p>
          <ul>
            {entries.map((entry) => (
              <li key={entry.key} data-testid="offline-kept">
                {entry.isNew === true
                  ? `New ${recordLabel(entry.name, undefined).toLowerCase()}`
                  : recordLabel(entry.name, entry.id)}
                {typeof entry.edits['title'] === 'string' ? ` “${shownValue(entry.edits['title'])}”` : ''}:{' '}
                {Object.keys(entry.edits).join(', ')}
                {entry.waiting !== undefined && entry.waiting.length > 0
                  ? ' (a save waits for the connection)'
                  : ''}
              </li>
            ))}
          </ul>
        </>
      ) : entries !== undefined ? (
        <p>This device keeps no unsaved changes for it.</p>
      ) : null}
    </div>
  );
});
