/**
 * Our React editor screen: one post, {@link EDITOR_FIELDS} `observer` components, each reading one
 * field with `useEntityProp` (the post is fetched by the hooks themselves), then one field edited
 * `editorEdits` times, each edit flushed synchronously.
 *
 * @module
 */
import { observer } from 'mobx-react-lite';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { StoreProvider } from '../../src/react/StoreProvider.js';
import { useEntityProp } from '../../src/react/useEntityProp.js';
import type { Figures, RunContext } from './definitions.js';
import { EDITOR_FIELDS, fieldText } from './editorFields.js';
import { newStore } from './ours.js';

/** The longest a mount may take before the run is declared broken. */
const MOUNT_LIMIT_MS = 60_000;

/** Renders of the field components. */
interface Counts {
  renders: number;
}

const Field = observer(function Field({ field, counts }: { field: string; counts: Counts }) {
  counts.renders++;
  const [value] = useEntityProp('postType', 'post', field, 1);
  return <output data-field={field}>{fieldText(value)}</output>;
});

/** Mounts the screen, waits until every field shows its value, then edits the title. */
export async function runReactEditor(context: RunContext): Promise<Figures> {
  const { editorEdits, editorFields } = context.sizes;
  const { store, posts } = newStore(context);
  await store.entities.load('postType');
  const counts: Counts = { renders: 0 };
  const container = context.container();
  const root = createRoot(container);
  const fields = EDITOR_FIELDS.slice(0, editorFields);
  const title = (): Element | null => container.querySelector('output[data-field="title"]');
  const mountMs = await context.measure(async () => {
    const start = performance.now();
    root.render(
      <StoreProvider store={store}>
        {fields.map((field) => (
          <Field key={field} field={field} counts={counts} />
        ))}
      </StoreProvider>,
    );
    while (!title()?.textContent) {
      if (performance.now() - start > MOUNT_LIMIT_MS) throw new Error('wp-entities: the post never showed');
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  // Not measured, as on core-data's side: React runs the mount's passive effects (where observers
  // subscribe) before the edits start.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
  const record = posts.record(1);
  const rendersBefore = counts.renders;
  const totalMs = await context.measure(() => {
    for (let i = 0; i < editorEdits; i++) flushSync(() => record.edit({ title: `Edit ${i}` }));
  });
  if (title()?.textContent !== `Edit ${editorEdits - 1}`) {
    throw new Error(`wp-entities: the title shows "${String(title()?.textContent)}"`);
  }
  root.unmount();
  container.remove();
  return {
    mountMs,
    editMs: totalMs / editorEdits,
    rendersPerEdit: (counts.renders - rendersBefore) / editorEdits,
  };
}
