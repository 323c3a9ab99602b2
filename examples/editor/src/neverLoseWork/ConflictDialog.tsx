/**
 * Save conflicts, side by side: someone else saved fields you also changed. "Keep mine" makes the
 * next save send yours; "Take theirs" drops your value of those fields; "Edit the merge" starts
 * from both changes put together and lets you finish it. Your other changes stay. Values show as
 * text (a post's content paragraph by paragraph), never as block markup.
 *
 * @module
 */
import { useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { contentFromText, fieldLabel, readableValue } from './conflictText.js';
import { mergeText } from './mergeText.js';

const KIND_NAMES: Record<string, string> = { post: 'post', page: 'page', site: 'the site settings' };

/** "this post", "this page", "the site settings", "this wp_block". */
function thisRecord(name: string): string {
  const kind = KIND_NAMES[name] ?? name;
  return kind.startsWith('the ') ? kind : `this ${kind}`;
}

/** "the title", "the title and the content", "the title, the excerpt and the content". */
function listFields(fields: readonly string[]): string {
  const names = fields.map((field) => `the ${fieldLabel(field).toLowerCase()}`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The merge editor: one text box per field, started from both changes put together. */
const MergeEditor = observer(function MergeEditor({
  record,
  onCancel,
}: {
  record: EntityRecord<object>;
  onCancel(): void;
}) {
  const conflict = record.conflict;
  const [drafts, setDrafts] = useState<Record<string, string>>(() => {
    const start: Record<string, string> = {};
    if (conflict === undefined) return start;
    const values = (side: Partial<object>) => side as Record<string, unknown>;
    for (const field of conflict.fields) {
      const [base, mine, theirs] = [conflict.base, conflict.local, conflict.server].map((side) =>
        readableValue(field, values(side)[field] ?? '', true),
      );
      start[field] = mergeText(base ?? '', mine ?? '', theirs ?? '').text;
    }
    return start;
  });
  const [problem, setProblem] = useState<string>();
  if (conflict === undefined) return null;
  const local = conflict.local as Record<string, unknown>;
  const server = conflict.server as Record<string, unknown>;

  const apply = () => {
    try {
      const values: Record<string, unknown> = {};
      for (const field of conflict.fields) {
        const draft = drafts[field] ?? '';
        if (field === 'content') {
          // The blocks are theirs (the saved copy) unless yours has as many: the texts are the merge's.
          const mine = typeof local[field] === 'string' ? local[field] : '';
          const theirs = typeof server[field] === 'string' ? server[field] : '';
          try {
            values[field] = contentFromText(theirs, draft);
          } catch {
            values[field] = contentFromText(mine, draft);
          }
        } else if (typeof local[field] === 'string' || typeof server[field] === 'string') {
          values[field] = draft;
        } else {
          values[field] = JSON.parse(draft) as unknown;
        }
      }
      record.resolveConflict(values as Partial<object>);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="conflict-merge" data-testid="conflict-merge">
      {conflict.fields.map((field) => (
        <label key={field} className="conflict-merge-field">
          <span>{fieldLabel(field)}, merged</span>
          <textarea
            rows={field === 'content' ? 8 : 3}
            value={drafts[field] ?? ''}
            onChange={(event) => setDrafts({ ...drafts, [field]: event.target.value })}
          />
        </label>
      ))}
      {problem ? (
        <p className="item-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="conflict-actions">
        <button type="button" className="primary" onClick={apply}>
          Use the merge
        </button>
        <button type="button" onClick={onCancel}>
          Back
        </button>
      </div>
    </div>
  );
});

/** One record's conflict: each field with your value and theirs, and the ways to settle it. */
export const ConflictCard = observer(function ConflictCard({ record }: { record: EntityRecord<object> }) {
  const [isMerging, setMerging] = useState(false);
  const conflict = record.conflict;
  if (conflict === undefined) return null;
  const local = conflict.local as Record<string, unknown>;
  const server = conflict.server as Record<string, unknown>;
  return (
    <div className="conflict-card" data-testid="conflict">
      <h3>Someone saved {thisRecord(record.name)} while you were editing</h3>
      <p>
        You both changed {listFields(conflict.fields)}. Nothing of yours has been saved yet: choose what to
        keep. Your other changes stay either way.
      </p>
      <table className="conflict-fields">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Yours</th>
            <th scope="col">Theirs (saved)</th>
          </tr>
        </thead>
        <tbody>
          {conflict.fields.map((field) => (
            <tr key={field}>
              <th scope="row">{fieldLabel(field)}</th>
              <td data-testid="conflict-mine">{shown(readableValue(field, local[field]))}</td>
              <td data-testid="conflict-theirs">{shown(readableValue(field, server[field]))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {isMerging ? (
        <MergeEditor record={record} onCancel={() => setMerging(false)} />
      ) : (
        <div className="conflict-actions">
          <button type="button" className="primary" onClick={() => record.resolveConflict('mine')}>
            Keep mine
          </button>
          <button type="button" onClick={() => record.resolveConflict('theirs')}>
            Take theirs
          </button>
          <button type="button" onClick={() => setMerging(true)}>
            Edit the merge
          </button>
        </div>
      )}
    </div>
  );
});

/** Long values shortened for the table; the merge editor has them whole. */
function shown(text: string): string {
  return text.length > 600 ? `${text.slice(0, 600)}…` : text === '' ? '(empty)' : text;
}

/** Every unsaved record with a save conflict, as a dialog over the editor; nothing when there is none. */
export const ConflictDialog = observer(function ConflictDialog() {
  const store = useStore();
  const records = store.dirtyRecords.filter((record) => record.conflict !== undefined);
  if (records.length === 0) return null;
  return (
    <section className="conflict-dialog" role="dialog" aria-label="Save conflict">
      {records.map((record) => (
        <ConflictCard key={`${record.kind}/${record.name}/${String(record.id)}`} record={record} />
      ))}
    </section>
  );
});
