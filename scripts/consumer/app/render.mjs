/* global document */
// A jsdom render in the consumer app: components made with the app's own `observer` (one through
// wp-entities/react's hook, one reading the record directly) and the app's own `autorun` all follow
// an edit of a record. A second copy of React inside the package fails here ("Invalid hook call").
// Two MobX 6 copies share their global state and would still track, so the one-copy check in
// run.ts is what proves a single MobX.
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url: 'http://localhost/',
});
globalThis.window = dom.window;
globalThis.document = dom.window.document;
// Node 20 has no `navigator`; Node 21+ has a read-only one. react-dom reads it when it loads.
Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true });

const { createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { observer } = await import('mobx-react-lite');
const { autorun } = await import('mobx');
const { RootStore, RestTransport } = await import('wp-entities');
const { StoreProvider, useEntityRecord } = await import('wp-entities/react');
const { createMockWordPress } = await import('wp-entities/testing');

/** Polls the DOM until `predicate` holds, so no test-only `act` API is needed (React 18.3.0 has none). */
async function until(predicate, what) {
  const deadline = Date.now() + 10_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const server = await createMockWordPress().listen();
const root = createRoot(document.getElementById('root'));
try {
  const store = new RootStore({ transport: new RestTransport({ root: server.root }) });
  const post = await store.collection('postType', 'post').fetch(1);
  assert.ok(post, 'post 1 is fetched');

  const seen = [];
  const stopAutorun = autorun(() => seen.push(post.edited.title));

  let hookRenders = 0;
  const HookTitle = observer(function HookTitle() {
    hookRenders += 1;
    const { edited } = useEntityRecord('postType', 'post', 1);
    return createElement('h1', { id: 'hook' }, edited?.title ?? '');
  });
  const PlainTitle = observer(function PlainTitle() {
    return createElement('h2', { id: 'plain' }, post.edited.title);
  });
  root.render(createElement(StoreProvider, { store }, createElement(HookTitle), createElement(PlainTitle)));
  const text = (id) => document.getElementById(id)?.textContent;
  await until(
    () => text('hook') === post.edited.title && text('plain') === post.edited.title,
    'first render',
  );
  const rendersBefore = hookRenders;

  post.edit({ title: 'Edited by the consumer app' });
  await until(
    () => text('hook') === 'Edited by the consumer app' && text('plain') === 'Edited by the consumer app',
    'the observers to show the edit',
  );
  assert.ok(hookRenders > rendersBefore, 'the hook component re-rendered');
  assert.equal(seen.at(-1), 'Edited by the consumer app', "the app's autorun saw the edit");
  stopAutorun();
  store.dispose();
  console.log(
    `  jsdom: both observers re-rendered on post.edit (hook component rendered ${hookRenders} times)`,
  );
} finally {
  root.unmount();
  await server.close();
}
