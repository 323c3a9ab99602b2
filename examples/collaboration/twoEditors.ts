import { when } from 'mobx';
import { RestTransport, RootStore } from 'wp-entities';
import { httpPollingProvider } from 'wp-entities/sync';
import { createMockWordPress, MOCK_USERS } from 'wp-entities/testing';

// Two people on one post, through the site's own relay (POST /wp-sync/v1/updates): the block
// editor's protocol, served by the mock, by plugins/wp-entities-sync and by Gutenberg.
const server = await createMockWordPress().listen();
const editorOf = (login: 'admin' | 'editor', name: string, color: string) => {
  const { id, username, appPassword } = MOCK_USERS[login];
  const auth = { username, applicationPassword: appPassword };
  const transport = new RestTransport({ root: server.root, auth });
  return new RootStore({
    transport,
    sync: { user: { id, name, color }, providers: [httpPollingProvider()] },
  });
};
const ana = editorOf('admin', 'Ana', '#c2185b');
const eddie = editorOf('editor', 'Eddie', '#00796b');

const [mine, theirs] = [ana.record('postType', 'post', 1), eddie.record('postType', 'post', 1)];
await Promise.all([mine.fetch(), theirs.fetch(), ana.sync?.join(mine), eddie.sync?.join(theirs)]);
mine.edit({ title: 'Written together' }); // unsaved, and shared at once
await when(() => theirs.edited?.title === 'Written together');
console.log(theirs.edited?.title, theirs.isDirty); // 'Written together' true

ana.dispose();
eddie.dispose();
await server.close();
