// @vitest-environment jsdom
/**
 * The README's React snippet (examples/quickstart/TitleField.tsx) in jsdom over the mock WordPress
 * (msw): it loads the post, edits, saves, undoes, shows a failed save, and re-renders for what it
 * reads only.
 */
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestTransport, RootStore } from 'wp-entities';
import { StoreProvider } from 'wp-entities/react';
import { createMockWordPress, MOCK_USERS } from 'wp-entities/testing';
import { TitleField } from '../../examples/quickstart/TitleField.js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const wordpress = createMockWordPress({ currentUser: null });
const server = setupServer(...wordpress.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let store: RootStore;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  wordpress.reset();
  const { username, appPassword } = MOCK_USERS.admin;
  store = new RootStore({
    transport: new RestTransport({
      root: wordpress.restRoot,
      auth: { username, applicationPassword: appPassword },
    }),
  });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  store.dispose();
});

/** Waits, letting React commit, until `check` passes. */
async function eventually(check: () => void): Promise<void> {
  await vi.waitFor(async () => {
    await act(async () => {
      await Promise.resolve();
    });
    check();
  });
}

const input = () => container.querySelector('input') as HTMLInputElement;
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;

function type(value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('README quick start: TitleField', () => {
  it('loads, edits, saves and undoes a title', async () => {
    act(() =>
      root.render(
        <StoreProvider store={store}>
          <TitleField id={1} />
        </StoreProvider>,
      ),
    );
    expect(container.textContent).toBe('Loading…');
    await eventually(() => expect(input().value).toBe('Hello world!'));
    expect(button('Save').disabled).toBe(true);
    expect(button('Undo').disabled).toBe(true);

    type('Hello from React');
    expect(button('Save').disabled).toBe(false);
    act(() => button('Save').click());
    await eventually(() => expect(button('Save').disabled).toBe(true));
    expect(wordpress.requests.some((r) => r.method === 'PUT' && r.path === '/wp/v2/posts/1')).toBe(true);

    act(() => button('Undo').click());
    expect(input().value).toBe('Hello world!');
    expect(button('Save').disabled).toBe(false); // the title before, as an unsaved edit
  });

  it('shows a failed save and keeps the edit', async () => {
    act(() =>
      root.render(
        <StoreProvider store={store}>
          <TitleField id={1} />
        </StoreProvider>,
      ),
    );
    await eventually(() => expect(input().value).toBe('Hello world!'));
    wordpress.failNext(1, { status: 500, body: { code: 'db_down', message: 'The database is down.' } });
    type('Kept');
    act(() => button('Save').click());
    await eventually(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Not saved: The database is down.'),
    );
    expect(input().value).toBe('Kept');
  });
});
