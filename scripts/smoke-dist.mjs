// Imports the built package through its `exports` map, as a user's plain Node script would.
import assert from 'node:assert/strict';

const root = await import('wp-entities');
assert.equal(typeof root.RootStore, 'function', 'wp-entities exports RootStore');
assert.equal(typeof root.RestTransport, 'function', 'wp-entities exports RestTransport');
assert.equal(typeof root.RestError, 'function', 'wp-entities exports RestError');
const testing = await import('wp-entities/testing');
assert.equal(
  typeof testing.createMockWordPress,
  'function',
  'wp-entities/testing exports createMockWordPress',
);
const react = await import('wp-entities/react');
assert.equal(typeof react.useEntityRecord, 'function', 'wp-entities/react exports useEntityRecord');

const sync = await import('wp-entities/sync');
assert.equal(typeof sync.websocketProvider, 'function', 'wp-entities/sync exports websocketProvider');
const syncServer = await import('wp-entities/sync/server');
assert.equal(
  typeof syncServer.createSyncServer,
  'function',
  'wp-entities/sync/server exports createSyncServer',
);

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
