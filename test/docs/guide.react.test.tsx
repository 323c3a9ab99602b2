// @vitest-environment jsdom
/**
 * docs/guide.md §6 "React": the guide's components word for word, rendered into jsdom over the
 * mock WordPress (msw), with the assertions on what the guide says they do.
 */
import { setupServer } from 'msw/node';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestTransport, RootStore, type EntityRecord } from 'wp-entities';
import {
  observer,
  StoreProvider,
  useEntityProp,
  useEntityRecord,
  useEntityRecords,
  useStore,
} from 'wp-entities/react';
import { createMockWordPress } from 'wp-entities/testing';

vi.mock('wp-entities', () => import('../../src/index.js'));
// useEntityRecords is wrapped in a spy: its calls count the renders of the component using it.
vi.mock('wp-entities/react', async () => {
  const react = await import('../../src/react/index.js');
  return { ...react, useEntityRecords: vi.fn(react.useEntityRecords) };
});
vi.mock('wp-entities/testing', () => import('../../src/testing/index.js'));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const wordpress = createMockWordPress();
const server = setupServer(...wordpress.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// The guide's components, unchanged.

const TitleField = observer(function TitleField({ id }: { id: number }) {
  const post = useEntityRecord('postType', 'post', id);
  if (!post.hasResolved) return <p>Loading…</p>;
  return (
    <>
      <input
        value={String(post.edited?.title ?? '')}
        onChange={(e) => post.edit({ title: e.target.value })}
      />
      <button disabled={!post.isDirty} onClick={() => void post.save({ throwOnError: false })}>
        Save
      </button>
      {post.saveError && <p role="alert">{post.saveError.message}</p>}
    </>
  );
});

const SiteTitle = observer(function SiteTitle() {
  const [title, setTitle] = useEntityProp('root', 'site', 'title');
  return <input value={String(title ?? '')} onChange={(e) => setTitle(e.target.value)} />;
});

const Row = observer(function Row({ post }: { post: EntityRecord }) {
  return <li>{post.title}</li>; // reads one record: re-renders when this title changes
});

const Drafts = observer(function Drafts() {
  const { records, totalItems } = useEntityRecords('postType', 'post', {
    status: 'draft',
    per_page: 3,
  });
  if (records === null) return <p>Loading…</p>;
  return (
    <>
      <p>{totalItems} drafts</p>
      <ul>
        {records.map((post) => (
          <Row key={post.id} post={post} />
        ))}
      </ul>
    </>
  );
});

const UnsavedCount = observer(function UnsavedCount() {
  const store = useStore();
  return <p>{store.dirtyRecords.length} unsaved</p>;
});

function App({ store, children }: { store: RootStore; children: ReactNode }) {
  return <StoreProvider store={store}>{children}</StoreProvider>;
}

// The test harness.

let store: RootStore;
let container: HTMLDivElement;
let root: Root;

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
}

async function render(node: ReactNode): Promise<void> {
  await act(async () => root.render(<App store={store}>{node}</App>));
  await settle();
}

function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(() => {
  wordpress.reset();
  store = new RootStore({ transport: new RestTransport({ root: wordpress.restRoot }) });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  store.dispose();
});

describe('guide §6 React', () => {
  it('edits and saves a title with useEntityRecord', async () => {
    await render(<TitleField id={1} />);
    const input = container.querySelector('input') as HTMLInputElement;
    const button = container.querySelector('button') as HTMLButtonElement;
    expect(input.value).toBe('Hello world!');
    expect(button.disabled).toBe(true);

    type(input, 'Hello, React');
    expect(store.record('postType', 'post', 1).edits).toEqual({ title: 'Hello, React' });
    expect(button.disabled).toBe(false);

    act(() => button.click());
    await settle();
    expect(wordpress.getPost(1)?.title).toBe('Hello, React');
    expect(button.disabled).toBe(true);
  });

  it('shows the error of a failed save and keeps the edit', async () => {
    await render(<TitleField id={1} />);
    const input = container.querySelector('input') as HTMLInputElement;
    type(input, 'Will fail');
    wordpress.failNext(1, {
      status: 500,
      body: { code: 'db_down', message: 'Database unavailable.', data: { status: 500 } },
    });
    act(() => (container.querySelector('button') as HTMLButtonElement).click());
    await settle();

    expect(container.querySelector('[role=alert]')?.textContent).toBe('Database unavailable.');
    expect(input.value).toBe('Will fail');
    expect(store.record('postType', 'post', 1).isDirty).toBe(true);
  });

  it('rejects from the hook save by default', async () => {
    let handle: ReturnType<typeof useEntityRecord> | undefined;
    const Probe = observer(function Probe() {
      handle = useEntityRecord('postType', 'post', 1);
      return null;
    });
    await render(<Probe />);
    act(() => handle?.edit({ title: 'x' }));
    wordpress.failNext(1, { status: 500 });
    await expect(handle?.save()).rejects.toMatchObject({ status: 500 });
  });

  it('binds one field of a singleton with useEntityProp', async () => {
    await render(<SiteTitle />);
    const input = container.querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('WP REST Test Site');
    type(input, 'My blog');
    expect(store.record('root', 'site').edits).toEqual({ title: 'My blog' });
  });

  it('lists drafts and re-renders only the row whose record changed', async () => {
    await render(
      <>
        <Drafts />
        <UnsavedCount />
      </>,
    );
    const items = [...container.querySelectorAll('li')];
    expect(items.length).toBe(3);
    expect(container.textContent).toContain('4 drafts');
    expect(container.textContent).toContain('0 unsaved');
    const listRenders = vi.mocked(useEntityRecords).mock.calls.length;

    const first = store.collection('postType', 'post').query({ status: 'draft', per_page: 3 }).records?.[0];
    act(() => first?.edit({ title: 'Renamed draft' }));
    expect(items[0]?.textContent).toBe('Renamed draft');
    expect(container.textContent).toContain('1 unsaved');
    expect(vi.mocked(useEntityRecords).mock.calls.length).toBe(listRenders);
  });
});
