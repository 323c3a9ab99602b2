/**
 * Our React list: 1,000 `observer` rows over one `per_page: -1` query, one row edited 100 times.
 * Rows read `record.edited.title`, so an edit re-renders the edited row alone.
 *
 * @module
 */
import { spy } from 'mobx';
import { observer } from 'mobx-react-lite';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { EntityQuery } from '../../models/EntityQuery.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { Figures, RunContext } from './definitions.js';
import { newStore, type BenchPost } from './ours.js';

/** Render and derivation counters of one mounted list. */
interface Counts {
  rowRenders: number;
}

/** The longest a mount may take before the run is declared broken. */
const MOUNT_LIMIT_MS = 60_000;

const Row = observer(function Row({ record, counts }: { record: EntityRecord<BenchPost>; counts: Counts }) {
  counts.rowRenders++;
  const title = record.edited?.title;
  return <li data-id={String(record.id)}>{typeof title === 'string' ? title : ''}</li>;
});

const List = observer(function List({ query, counts }: { query: EntityQuery<BenchPost>; counts: Counts }) {
  const records = query.records;
  return (
    <ul>
      {records?.map((record) => (
        <Row key={String(record.id)} record={record} counts={counts} />
      ))}
    </ul>
  );
});

/**
 * Mounts the list, waits until every row is on screen, then edits one row `reactEdits` times,
 * each edit flushed synchronously. With `countDerivations` (MobX development build only), also
 * counts the reactions and changed computeds each edit causes through MobX's spy.
 */
export async function runReactList(
  context: RunContext,
  options: { countDerivations: boolean },
): Promise<Figures> {
  const { reactRows, reactEdits } = context.sizes;
  const { store, posts } = newStore(context);
  await store.entities.load('postType');
  context.server.resetCounters();
  const counts: Counts = { rowRenders: 0 };
  const query = posts.query({ per_page: -1 });
  const container = context.container();
  const root = createRoot(container);
  const mountMs = await context.measure(async () => {
    const start = performance.now();
    root.render(<List query={query} counts={counts} />);
    while (container.getElementsByTagName('li').length < reactRows) {
      if (performance.now() - start > MOUNT_LIMIT_MS)
        throw new Error('wp-entities: the list never showed every row');
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  const target = Math.ceil(reactRows / 2);
  const record = posts.record(target);
  const row = container.querySelector(`li[data-id="${target}"]`);
  let derivations = 0;
  const stopSpy = options.countDerivations
    ? spy((event) => {
        if (event.type === 'reaction' || (event.type === 'update' && event.observableKind === 'computed'))
          derivations++;
      })
    : undefined;
  const rendersBefore = counts.rowRenders;
  const totalMs = await context.measure(() => {
    for (let i = 0; i < reactEdits; i++) {
      flushSync(() => record.edit({ title: `Row edit ${i}` }));
    }
  });
  stopSpy?.();
  if (row?.textContent !== `Row edit ${reactEdits - 1}`) {
    throw new Error(`wp-entities: the edited row shows "${String(row?.textContent)}"`);
  }
  root.unmount();
  container.remove();
  const figures: Figures = {
    editMs: totalMs / reactEdits,
    rowRendersPerEdit: (counts.rowRenders - rendersBefore) / reactEdits,
    mountMs,
    rowsMs: mountMs,
    requests: context.server.requests,
  };
  if (options.countDerivations) figures.derivationsPerEdit = derivations / reactEdits;
  return figures;
}
