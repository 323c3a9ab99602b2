/**
 * The sync server's permission check against a real WordPress 6.1: the server asks WordPress for
 * the record in context=edit with the client's application password, and only a 200 lets the
 * client into the record's room. (No Redis here: the check is the same with or without it.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncServer, siteOfRestRoot, type SyncServer } from '../../src/sync/server/index.js';
import { connectServerClient, type ServerClient } from '../helpers/syncServerClient.js';
import { expectRefusedWithoutDocument } from '../helpers/syncServerExpect.js';
import { createPosts, deletePosts, uniqueToken } from './posts.js';
import { wordpressSite } from './site.js';

const site = wordpressSite();
const token = uniqueToken('syncserver');
let server: SyncServer;
let authorDraft = 0;
let adminPost = 0;
const clients: ServerClient[] = [];

const roomOf = (id: number | string): string => `${siteOfRestRoot(site.restRoot)}/postType/post/${id}`;

function join(id: number | string, authorization: string): ServerClient {
  const client = connectServerClient({
    url: server.url,
    room: typeof id === 'string' && id.includes('/') ? id : roomOf(id),
    authorization,
  });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  [authorDraft = 0] = await createPosts(site, 'author', [
    { title: `${token} author draft`, status: 'draft' },
  ]);
  [adminPost = 0] = await createPosts(site, 'admin', [{ title: `${token} admin post`, status: 'publish' }]);
  server = await createSyncServer({ wordpress: site.restRoot });
  // The administrator opens both rooms first and types, so a refused client would have something to receive.
  for (const [id, title] of [
    [authorDraft, 'shared draft title'],
    [adminPost, 'shared admin title'],
  ] as const) {
    const admin = join(id, site.users.admin.authorization);
    await admin.waitForStatus('connected');
    admin.doc.getMap('edits').set('title', title);
  }
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await server?.close();
  await deletePosts(site, [authorDraft, adminPost]);
});

describe('the sync server against WordPress 6.1', () => {
  it('lets an author join the room of their own draft', async () => {
    const author = join(authorDraft, site.users.author.authorization);

    await author.waitFor(() => author.doc.getMap('edits').get('title') === 'shared draft title');
    expect(author.statuses.at(-1)).toBe('connected');
  });

  it("refuses an author the room of the administrator's post, sending nothing of it", async () => {
    await expectRefusedWithoutDocument(join(adminPost, site.users.author.authorization));
  });

  it('lets the administrator join both rooms', async () => {
    const draft = join(authorDraft, site.users.admin.authorization);
    const other = join(adminPost, site.users.admin.authorization);

    await draft.waitFor(() => draft.doc.getMap('edits').get('title') === 'shared draft title');
    await other.waitFor(() => other.doc.getMap('edits').get('title') === 'shared admin title');
  });

  it('refuses a wrong application password', async () => {
    const wrong = `Basic ${btoa(`${site.users.admin.username}:aaaa bbbb cccc dddd eeee ffff`)}`;
    await expectRefusedWithoutDocument(join(authorDraft, wrong));
  });

  it.each([
    ['no record in it', 'nonsense'],
    ['a non-numeric id', `${siteOfRestRoot(site.restRoot)}/postType/post/first`],
    ['another site', `example.org/wp-json/postType/post/1`],
  ])('refuses a malformed room name with %s', async (_what, room) => {
    await expectRefusedWithoutDocument(join(room, site.users.admin.authorization));
  });
});
