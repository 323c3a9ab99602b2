import { when } from 'mobx';
import { WebSocket } from 'ws';
import { RestTransport, RootStore } from 'wp-entities';
import { websocketProvider, type WebSocketConstructor } from 'wp-entities/sync';
import { createSyncServer } from 'wp-entities/sync/server';
import { createMockWordPress, MOCK_USERS } from 'wp-entities/testing';

// The sync server lets a person into a post's room only when WordPress, asked with their
// application password, lets them edit the post. Add `redis` to share rooms between processes.
const wordpress = await createMockWordPress().listen();
const sync = await createSyncServer({ wordpress: wordpress.root, port: 0 });
const editorOf = (login: 'admin' | 'editor') => {
  const { id, username, appPassword } = MOCK_USERS[login];
  const auth = { username, applicationPassword: appPassword };
  const transport = new RestTransport({ root: wordpress.root, auth });
  // Node 20 has no WebSocket of its own: `ws` stands in (browsers and Node 22+ need nothing).
  const server = websocketProvider({
    url: sync.url,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
  });
  const user = { id, name: username, color: '#c2185b' };
  return new RootStore({ transport, sync: { user, providers: [server] } });
};
const [ana, eddie] = [editorOf('admin'), editorOf('editor')];

const [mine, theirs] = [ana.record('postType', 'post', 1), eddie.record('postType', 'post', 1)];
await Promise.all([mine.fetch(), theirs.fetch(), ana.sync?.join(mine), eddie.sync?.join(theirs)]);
mine.edit({ excerpt: 'Shared through the sync server' });
await when(() => theirs.edited?.excerpt === 'Shared through the sync server');
console.log(theirs.edited?.excerpt); // 'Shared through the sync server'

ana.dispose();
eddie.dispose();
await sync.close();
await wordpress.close();
