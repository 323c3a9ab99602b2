/**
 * After a reload or a crash: "Restore N unsaved changes", with what they are. Restoring puts them
 * back as one undo step per record; a field someone else saved meanwhile comes back as an unsaved
 * edit in conflict, which the conflict dialog asks about (the save waits for the answer). With
 * collaboration on, edits the shared document brought back are not
 * offered again.
 *
 * @module
 */
import { useEffect, useState } from 'react';
import { isJournalError, type EntityRecord, type JournalEntry, type RootStore } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { ConflictCard } from './ConflictDialog.js';
import { describeError } from '../ui/describeError.js';
import { openRestoredDraft } from '../post/NewPost.js';
import { recordLabel, shownValue } from './neverLoseWorkLabels.js';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What the entry changed, for the offer: the fields, and the edited title when there is one. */
function describeEntry(entry: JournalEntry): string {
  const title = entry.edits['title'];
  const fields = Object.keys(entry.edits).join(', ');
  const named = typeof title === 'string' ? ` “${shownValue(title)}”` : '';
  const label =
    entry.isNew === true
      ? `New ${recordLabel(entry.name, undefined).toLowerCase()}`
      : recordLabel(entry.name, entry.id);
  return `${label}${named}: ${fields}`;
}

/** True when the record already shows every edit of the entry. */
function isShown(record: EntityRecord<object>, entry: JournalEntry): boolean {
  const edits = record.edits as Record<string, unknown>;
  return Object.keys(entry.edits).every(
    (field) => JSON.stringify(edits[field]) === JSON.stringify(entry.edits[field]),
  );
}

/**
 * The journal's entries worth offering. With collaboration on, the shared document's local copy
 * brings a synced record's unsaved edits back by itself (they are the room's, not only this
 * tab's): its room is opened so it can, and only what it did not bring back is offered.
 */
async function entriesToOffer(store: RootStore, read: JournalEntry[]): Promise<JournalEntry[]> {
  const sync = store.sync;
  if (sync === undefined) return read;
  const offered: JournalEntry[] = [];
  const shown: JournalEntry[] = [];
  for (const entry of read) {
    if (entry.isNew === true) {
      offered.push(entry);
      continue;
    }
    const record = store.record(entry.kind, entry.name, entry.id);
    if (sync.isSynced(record)) await sync.join(record).catch(() => undefined);
    (isShown(record, entry) ? shown : offered).push(entry);
  }
  // Already back on their records: this tab takes them over, so no later reload offers them again.
  if (shown.length > 0) await store.restoreJournal(shown);
  return offered;
}

/** The offer, shown once at start-up when the journal holds edits; also shows a journal that cannot be written. */
export const RestoreOffer = observer(function RestoreOffer() {
  const store = useStore();
  const [entries, setEntries] = useState<JournalEntry[]>();
  const [restored, setRestored] = useState<EntityRecord<object>[]>();
  const [isBusy, setBusy] = useState(false);
  const [restoreError, setRestoreError] = useState<unknown>();

  useEffect(() => {
    let isLive = true;
    store
      .readJournal()
      .then((read) => entriesToOffer(store, read))
      .then(
        (offered) => isLive && setEntries(offered),
        () => isLive && setEntries([]),
      );
    return () => {
      isLive = false;
    };
  }, [store]);

  const restore = async () => {
    setBusy(true);
    setRestoreError(undefined);
    let records: EntityRecord<object>[];
    try {
      records = await store.restoreJournal(entries);
    } catch (error) {
      // The offer stays, so the user can try again; the click itself must not throw in the page.
      setRestoreError(error);
      return;
    } finally {
      setBusy(false);
    }
    setEntries([]);
    setRestored(records);
    // A new post that was never saved has no address yet: its editor is opened on it.
    const draft = records.find((record) => record.id === undefined);
    if (draft !== undefined) openRestoredDraft(draft);
  };
  const discard = async () => {
    setBusy(true);
    await store.discardJournal(entries).catch(() => undefined);
    setBusy(false);
    setEntries([]);
  };

  const journalError = store.journalError;
  const conflicted = (restored ?? []).filter((record) => record.conflict !== undefined && !record.isDirty);
  return (
    <div className="restore-area">
      {isJournalError(journalError) && journalError.unreadable.length > 0 ? (
        <p className="notice notice-warning" role="alert" data-testid="journal-damaged">
          Some unsaved changes from before could not be read back: {journalError.message} The rest are offered
          below.
        </p>
      ) : journalError ? (
        <p className="notice notice-warning" role="alert">
          Unsaved changes cannot be kept across a reload right now: {describeError(journalError)} Editing goes
          on.
        </p>
      ) : null}
      {entries !== undefined && entries.length > 0 ? (
        <section className="notice notice-info restore-offer" aria-label="Unsaved changes from before">
          <p>
            You have {plural(entries.length, 'unsaved change', 'unsaved changes')} from before the page was
            reloaded:
          </p>
          <ul>
            {entries.map((entry) => (
              <li key={entry.key} data-testid="restore-entry">
                {describeEntry(entry)}
              </li>
            ))}
          </ul>
          <button type="button" className="primary" disabled={isBusy} onClick={() => void restore()}>
            Restore {plural(entries.length, 'unsaved change', 'unsaved changes')}
          </button>
          <button type="button" disabled={isBusy} onClick={() => void discard()}>
            Discard them
          </button>
          {restoreError !== undefined ? (
            <p role="alert" data-testid="restore-error">
              The changes could not be restored: {describeError(restoreError)}
            </p>
          ) : null}
        </section>
      ) : null}
      {restored !== undefined ? (
        <p className="notice notice-info" role="status" data-testid="restore-done">
          Restored unsaved changes to {plural(restored.length, 'record', 'records')}. Undo takes them back.
        </p>
      ) : null}
      {conflicted.map((record) => (
        <ConflictCard key={`${record.kind}/${record.name}/${String(record.id)}`} record={record} />
      ))}
    </div>
  );
});
