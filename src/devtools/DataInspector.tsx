/**
 * The data inspector: what a query library's devtools show, from the store's own observables.
 *
 * @module
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { EntityQuery } from '../../models/EntityQuery.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { UndoStep } from '../../stores/UndoHistory.js';
import { useStore } from '../react/StoreProvider.js';
import { requestLog } from './requestLog.js';
import { SyncRooms } from './SyncRooms.js';

function queryState(query: EntityQuery<object>): string {
  const status = query.status;
  if (status.isResolving) return 'fetching';
  if (status.error) return 'error';
  if (status.isStale) return 'stale';
  return status.hasResolved ? 'fresh' : 'idle';
}

/** How long ago a query's last answer came, for the freshness column (not observable: shown as of the last render). */
function answeredAgo(query: EntityQuery<object>): string {
  const at = query.dataUpdatedAtMs;
  if (at === 0) return '';
  const seconds = Math.max(0, Math.round((Date.now() - at) / 1000));
  return seconds < 60 ? ` ${seconds}s ago` : ` ${Math.round(seconds / 60)}min ago`;
}

function describeQuery(query: EntityQuery<object>): string {
  const text = Object.entries(query.query)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join('&');
  return text === '' ? '(all)' : text;
}

function recordPath(record: EntityRecord<object>): string {
  return `${record.kind}/${record.name}${record.id === undefined ? '' : `/${String(record.id)}`}`;
}

function stepLabel(step: UndoStep<EntityRecord<object>>): string {
  return step
    .map((entry) => `${recordPath(entry.record)}: ${Object.keys(entry.changes).join(', ')}`)
    .join('; ');
}

/** Props of {@link DataInspector}. */
export interface DataInspectorProps {
  /** Called by the close button and by Escape inside the panel. */
  onClose(): void;
}

/**
 * What a query library's devtools show, from the store's own observables: the cached records by
 * kind, the queries with their state and the age of their last answer, the dirty records and their
 * edits, the undo stack, the open sync rooms with their peers, and the last 50 requests with their timing (those sent through
 * {@link loggingFetch}). Mount it inside a `StoreProvider`; load it lazily
 * (`lazy(() => import('wp-entities/devtools').then((m) => ({ default: m.DataInspector })))`) so
 * a build that never opens it carries none of it. From the keyboard: the close button has focus
 * when it opens, Tab walks the panel, Escape closes it.
 */
export const DataInspector = observer(function DataInspector({ onClose }: DataInspectorProps): ReactNode {
  const store = useStore();
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  // Every list below is observable (collections, records and queries made or dropped included):
  // the inspector re-renders when the store changes, with no timer.

  const collections = store.allCollections
    .map((collection) => ({
      key: `${collection.kind}/${collection.name}`,
      records: collection.allRecords.filter(
        // Held in any context (a list reads the view context), or edited without a saved copy yet.
        (record) =>
          record.persisted !== undefined || record.inContext('view') !== undefined || record.hasEdits,
      ),
      queries: collection.allQueries,
    }))
    .filter((entry) => entry.records.length > 0 || entry.queries.length > 0);
  const history = store.history;
  const steps = history.steps;
  const requests = requestLog.slice().reverse();

  return (
    <aside
      className="inspector"
      aria-labelledby="inspector-heading"
      data-testid="data-inspector"
      onKeyDown={onKeyDown}
    >
      <div className="inspector-head">
        <h2 id="inspector-heading">Data inspector</h2>
        <button
          ref={closeButton}
          type="button"
          className="icon"
          aria-label="Close the data inspector"
          onClick={onClose}
        >
          ✕
        </button>
      </div>
      <div className="inspector-grid">
        <section aria-labelledby="inspector-cache">
          <h3 id="inspector-cache">Cache</h3>
          <table className="mini">
            <thead>
              <tr>
                <th scope="col">Entity</th>
                <th scope="col">Records</th>
                <th scope="col">Queries</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((entry) => (
                <tr key={entry.key}>
                  <td>{entry.key}</td>
                  <td>{entry.records.length}</td>
                  <td>{entry.queries.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="inspector-queries">
          <h3 id="inspector-queries">Queries</h3>
          <ul className="mini-list" data-testid="inspector-queries">
            {collections.flatMap((entry) =>
              entry.queries.map((query) => (
                <li key={`${entry.key}?${describeQuery(query)}`}>
                  <span className={`pill pill-${queryState(query)}`}>{queryState(query)}</span> {entry.key}?
                  {describeQuery(query)}
                  {answeredAgo(query)}
                </li>
              )),
            )}
          </ul>
        </section>
        <section aria-labelledby="inspector-dirty">
          <h3 id="inspector-dirty">Dirty records ({store.dirtyRecords.length})</h3>
          <ul className="mini-list" data-testid="inspector-dirty">
            {store.dirtyRecords.map((record) => (
              <li key={recordPath(record)}>
                {recordPath(record)}: {Object.keys(record.nonTransientEdits).join(', ') || '(saving)'}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="inspector-undo">
          <h3 id="inspector-undo">
            Undo stack ({history.undoCount} of {steps.length}
            {history.pending.length > 0 ? ', typing' : ''})
          </h3>
          <ol className="mini-list" data-testid="inspector-undo">
            {steps.map((step, index) => (
              <li key={index} className={index < history.undoCount ? undefined : 'is-undone'}>
                {stepLabel(step)}
              </li>
            ))}
          </ol>
        </section>
        <SyncRooms store={store} pathOf={recordPath} />
        <section aria-labelledby="inspector-requests" className="inspector-wide">
          <h3 id="inspector-requests">Last {requests.length} requests</h3>
          <table className="mini" data-testid="inspector-requests">
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Status</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <tr key={request.n}>
                  <td>{request.method}</td>
                  <td className="path">{request.path}</td>
                  <td>
                    {request.status === undefined ? '…' : request.status === 0 ? 'failed' : request.status}
                  </td>
                  <td>{request.durationMs === undefined ? '' : `${request.durationMs} ms`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </aside>
  );
});
