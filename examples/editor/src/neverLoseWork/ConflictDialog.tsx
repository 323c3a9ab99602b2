/**
 * Save conflicts, side by side: someone else saved fields you also changed. "Keep mine" makes the
 * next save send yours; "Take theirs" drops your value of those fields. Your other changes stay.
 *
 * @module
 */
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import { recordLabel, shownValue } from './neverLoseWorkLabels.js';

/** One record's conflict: each field with your value and theirs, and the two ways to settle it. */
export const ConflictCard = observer(function ConflictCard({ record }: { record: EntityRecord<object> }) {
  const conflict = record.conflict;
  if (conflict === undefined) return null;
  const local = conflict.local as Record<string, unknown>;
  const server = conflict.server as Record<string, unknown>;
  return (
    <div className="conflict-card" data-testid="conflict">
      <h3>{recordLabel(record.name, record.id)} was saved by someone else while you edited it</h3>
      <p>
        You both changed {conflict.fields.join(', ')}. Nothing of yours was saved yet; choose which to keep
        (your other changes stay).
      </p>
      <table className="conflict-fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Yours</th>
            <th scope="col">Theirs</th>
          </tr>
        </thead>
        <tbody>
          {conflict.fields.map((field) => (
            <tr key={field}>
              <th scope="row">{field}</th>
              <td data-testid="conflict-mine">{shownValue(local[field])}</td>
              <td data-testid="conflict-theirs">{shownValue(server[field])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="conflict-actions">
        <button type="button" className="primary" onClick={() => record.resolveConflict('mine')}>
          Keep mine
        </button>
        <button type="button" onClick={() => record.resolveConflict('theirs')}>
          Take theirs
        </button>
      </div>
    </div>
  );
});

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
