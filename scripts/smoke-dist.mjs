// Imports the built package through its `exports` map, as a user's plain Node script would.
import assert from 'node:assert/strict';

/** Each entry point and the functions it must export. */
const EXPECTED = {
  'wp-entities': ['RootStore', 'RestTransport', 'RestError'],
  'wp-entities/testing': ['createMockWordPress'],
  'wp-entities/react': ['useEntityRecord'],
  'wp-entities/sync': ['websocketProvider', 'httpPollingProvider'],
  'wp-entities/sync/server': ['createSyncServer'],
};
const entries = {};
for (const [entry, names] of Object.entries(EXPECTED)) {
  entries[entry] = await import(entry);
  for (const name of names) assert.equal(typeof entries[entry][name], 'function', `${entry} exports ${name}`);
}
const root = entries['wp-entities'];
const testing = entries['wp-entities/testing'];

// The built library works end to end: a store over the mock WordPress's Node server.
const wordpress = testing.createMockWordPress();
const server = await wordpress.listen();
try {
  const store = new root.RootStore({ transport: new root.RestTransport({ root: server.root }) });
  const post = await store.collection('postType', 'post').fetch(1);
  assert.equal(post?.id, 1, 'fetched post 1 through the built package');
  post.edit({ title: 'Edited from dist' });
  await post.save({ throwOnError: true });
  assert.equal(post.isDirty, false, 'the saved post is clean');
} finally {
  await server.close();
}
console.log('dist smoke: wp-entities, /react and /testing import from plain Node; fetch, edit and save work');
