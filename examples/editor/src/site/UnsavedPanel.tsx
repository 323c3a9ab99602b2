import { useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { changeAuthors, YOU } from '../collaboration/changeAuthors.js';
import { typingUndoOf } from '../text/typingUndo.js';
import { isHeldByOthers } from './useLeaveWarning.js';
import { describeError } from '../ui/describeError.js';
import { hrefOf } from '../app/router.js';
import { TYPE_LABELS } from '../app/types.js';

function linkOf(record: EntityRecord<object>): string | undefined {
  if (record.kind !== 'postType' || typeof record.id !== 'number') return undefined;
  if (record.name === 'post' || record.name === 'page')
    return hrefOf({ screen: 'edit', type: record.name, id: record.id });
  return undefined;
}

function labelOf(record: EntityRecord<object>): string {
  if (record.kind === 'root' && record.name === 'site') return 'Site title';
  const type =
    record.kind === 'postType' && (record.name === 'post' || record.name === 'page')
      ? TYPE_LABELS[record.name].one
      : (record.config?.label ?? record.name);
  return `${type}: ${record.title.trim() === '' ? '(no title)' : record.title}`;
}

/**
 * Who else has a record with unsaved changes open: they see these changes too (some may be theirs),
 * and closing this window does not lose them.
 */
const SharedWith = observer(function SharedWith({ record }: { record: EntityRecord<object> }) {
  const store = useStore();
  if (!isHeldByOthers(store, record)) return null;
  const names = (store.sync?.peers(record) ?? []).map((peer) => peer.user.name);
  return (
    <div className="muted" data-testid="unsaved-shared-with">
      Shared with {names.join(', ')}, who {names.length === 1 ? 'has' : 'have'} it open too
    </div>
  );
});

/** Whose the record's unsaved changes are, when not only this person's. */
const Authors = observer(function Authors({ record }: { record: EntityRecord<object> }) {
  const authors = [...changeAuthors(record)];
  if (authors.length === 1 && authors[0] === YOU) return null;
  return (
    <div className="muted" data-testid="unsaved-authors">
      Changes by {authors.join(' and ')}
    </div>
  );
});

/**
 * Every record with unsaved changes (posts, pages, the site title, …) and "Save all", which sends
 * them in one `/batch/v1` request. A record that fails keeps its edits and shows why.
 */
export const UnsavedPanel = observer(function UnsavedPanel() {
  const store = useStore();
  const [summary, setSummary] = useState<string>();
  const [isSaving, setSaving] = useState(false);
  const dirty = store.dirtyRecords;

  const saveAll = async () => {
    typingUndoOf(store).closeStep();
    setSaving(true);
    setSummary(undefined);
    try {
      const results = await store.saveDirty();
      const failed = results.filter((result) => !result.ok).length;
      const saved = results.length - failed;
      setSummary(
        failed === 0
          ? `Saved ${saved} ${saved === 1 ? 'change' : 'changes'}.`
          : `${saved} saved, ${failed} could not be saved (see below). Their changes are kept.`,
      );
    } catch (error) {
      setSummary(describeError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel unsaved" id="unsaved" aria-labelledby="unsaved-heading" tabIndex={-1}>
      <h2 id="unsaved-heading">Unsaved changes</h2>
      {dirty.length === 0 ? (
        <p className="muted">Everything is saved.</p>
      ) : (
        <ul>
          {dirty.map((record) => {
            const href = linkOf(record);
            return (
              <li key={`${record.kind}/${record.name}/${String(record.id)}`} data-testid="unsaved-item">
                {href ? <a href={href}>{labelOf(record)}</a> : <span>{labelOf(record)}</span>}
                {record.isWaiting ? (
                  <span className="muted" data-testid="unsaved-waiting">
                    {' '}
                    saved when you're back online
                  </span>
                ) : record.isSaving ? (
                  <span className="muted"> saving…</span>
                ) : null}
                <Authors record={record} />
                <SharedWith record={record} />
                {record.saveError ? (
                  <div className="item-error" role="alert">
                    {describeError(record.saveError)} Its changes are kept.
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="primary"
        onClick={() => void saveAll()}
        disabled={isSaving || dirty.length === 0}
      >
        {isSaving ? 'Saving…' : 'Save all'}
      </button>
      {summary ? (
        <p className="summary" role="status">
          {summary}
        </p>
      ) : null}
    </section>
  );
});
