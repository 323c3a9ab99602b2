/**
 * Our React editor screen: one post, {@link EDITOR_FIELDS} `observer` components, each reading one
 * field with `useEntityProp` (the post is fetched by the hooks themselves), then one field edited
 * `editorEdits` times, each edit flushed synchronously, then the screen mounted again on the cached
 * post.
 *
 * @module
 */
import { observer } from 'mobx-react-lite';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { StoreProvider } from '../../src/react/StoreProvider.js';
import { useEntityProp } from '../../src/react/useEntityProp.js';
import type { Figures, RunContext } from './definitions.js';
import { EDITOR_FIELDS, fieldText, titleWatcher } from './editorFields.js';
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

/**
 * Mounts the screen on a post nobody fetched yet (the hooks fetch it), waits until every field
 * shows its value, edits the title, unmounts, then mounts it again on the now cached post.
 */
export async function runReactEditor(context: RunContext): Promise<Figures> {
  const { editorEdits, editorFields } = context.sizes;
  const { store, posts } = newStore(context);
  await store.entities.load('postType');
  const counts: Counts = { renders: 0 };
  const container = context.container();
  const fields = EDITOR_FIELDS.slice(0, editorFields);
  const title = (): Element | null => container.querySelector('output[data-field="title"]');
  const screen = (
    <StoreProvider store={store}>
      {fields.map((field) => (
        <Field key={field} field={field} counts={counts} />
      ))}
    </StoreProvider>
  );
  /** Renders the screen into a new root and waits until the title shows. */
  const mount = async (): Promise<Root> => {
    const start = performance.now();
    const root = createRoot(container);
    const titleShows = titleWatcher(container);
    root.render(screen);
    while (!titleShows()) {
      if (performance.now() - start > MOUNT_LIMIT_MS) throw new Error('wp-entities: the post never showed');
      await new Promise((resolve) => setImmediate(resolve));
    }
    return root;
  };
  let root: Root | undefined;
  const mountMs = await context.measure(async () => {
    root = await mount();
  });
  const mountRenders = counts.renders;
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
  const rendersPerEdit = (counts.renders - rendersBefore) / editorEdits;
  root?.unmount();
  // The same screen again, now on a cached post: the render work alone, no request.
  let warmMountCpuMs = 0;
  const rendersBeforeWarmMount = counts.renders;
  const warmMountMs = await context.measure(async () => {
    const cpuStart = process.cpuUsage();
    root = await mount();
    const cpu = process.cpuUsage(cpuStart);
    warmMountCpuMs = (cpu.user + cpu.system) / 1000;
  });
  const warmMountRenders = counts.renders - rendersBeforeWarmMount;
  root?.unmount();
  container.remove();
  return {
    mountMs,
    warmMountMs,
    warmMountCpuMs,
    editMs: totalMs / editorEdits,
    rendersPerEdit,
    mountRenders,
    warmMountRenders,
  };
}
