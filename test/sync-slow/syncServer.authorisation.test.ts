/**
 * Who may join a room of the sync server, against the mock WordPress served over HTTP: the server
 * asks WordPress for the record in context=edit with the client's token, and only a 200 lets the
 * client in. A refused client gets `forbidden` and not one byte of the document.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSyncServer, siteOfRestRoot, type SyncServer } from '../../src/sync/server/index.js';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from '../../src/testing/index.js';
import { connectServerClient, type ServerClient } from '../helpers/syncServerClient.js';
import { expectRefusedWithoutDocument } from '../helpers/syncServerExpect.js';

const mock = createMockWordPress();
let wordpress: MockServerHandle;
let server: SyncServer;
let site = '';
let authorDraft = 0;
let editorPost = 0;
const clients: ServerClient[] = [];

function join(room: string, authorization: string | undefined): ServerClient {
  const client = connectServerClient({ url: server.url, room, ...(authorization ? { authorization } : {}) });
  clients.push(client);
  return client;
}
const postRoom = (id: number | string): string => `${site}/postType/post/${id}`;

/** An administrator writes `text` into the room first, so a refused client would have something to receive. */
async function seedRoom(room: string, text: string): Promise<void> {
  const admin = join(room, MOCK_USERS.admin.authorization);
  await admin.waitForStatus('connected');
  admin.doc.getMap('edits').set('title', text);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

beforeAll(async () => {
  authorDraft = mock.addPost('post', {
    title: 'Author draft',
    status: 'draft',
    author: MOCK_USERS.author.id,
  });
  editorPost = mock.addPost('post', {
    title: 'Editor post',
    status: 'publish',
    author: MOCK_USERS.editor.id,
  });
  wordpress = await mock.listen();
  site = siteOfRestRoot(wordpress.root);
  server = await createSyncServer({ wordpress: wordpress.root });
  await seedRoom(postRoom(authorDraft), 'shared draft title');
  await seedRoom(postRoom(editorPost), 'shared editor title');
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await server?.close();
  await wordpress?.close();
});

describe('the sync server asks WordPress who may join a room', () => {
  it('lets an author join the room of their own draft and receive its shared edits', async () => {
    const author = join(postRoom(authorDraft), MOCK_USERS.author.authorization);

    await author.waitForStatus('connected');
    await author.waitFor(() => author.doc.getMap('edits').get('title') === 'shared draft title');
    expect(author.errors).toEqual([]);
  });

  it("refuses an author the room of another author's post, sending nothing of the document", async () => {
    const author = join(postRoom(editorPost), MOCK_USERS.author.authorization);

    await expectRefusedWithoutDocument(author);
    expect(author.errors[0]?.message).toContain(postRoom(editorPost));
  });

  it('lets an administrator join both rooms', async () => {
    const draft = join(postRoom(authorDraft), MOCK_USERS.admin.authorization);
    const other = join(postRoom(editorPost), MOCK_USERS.admin.authorization);

    await draft.waitFor(() => draft.doc.getMap('edits').get('title') === 'shared draft title');
    await other.waitFor(() => other.doc.getMap('edits').get('title') === 'shared editor title');
    expect(draft.statuses.at(-1)).toBe('connected');
    expect(other.statuses.at(-1)).toBe('connected');
  });

  it('refuses a wrong application password', async () => {
    const wrong = `Basic ${btoa('admin:wrong wrong wrong wrong wrong wrong')}`;
    await expectRefusedWithoutDocument(join(postRoom(authorDraft), wrong));
  });

  it('refuses a client without a token, even though WordPress has a current user for cookie-less requests', async () => {
    mock.setCurrentRole('administrator');
    await expectRefusedWithoutDocument(join(postRoom(authorDraft), undefined));
  });

  it.each([
    ['a name with no record in it', 'hello'],
    ['a non-numeric post id', `SITE/postType/post/abc`],
    ['a kind that never syncs', `SITE/taxonomy/category/1`],
    ['another site', `example.org/wp-json/postType/post/AUTHOR_DRAFT`],
    ['a record that does not exist', `SITE/postType/post/999999`],
  ])('refuses a room name with %s', async (_what, pattern) => {
    const room = pattern.replace('SITE', site).replace('AUTHOR_DRAFT', String(authorDraft));
    await expectRefusedWithoutDocument(join(room, MOCK_USERS.admin.authorization));
  });

  it('keeps a refused client from changing the document others see', async () => {
    const reader = join(postRoom(editorPost), MOCK_USERS.admin.authorization);
    await reader.waitForStatus('connected');
    const intruder = join(postRoom(editorPost), MOCK_USERS.author.authorization);
    intruder.doc.getMap('edits').set('title', 'defaced');

    await expectRefusedWithoutDocument(intruder).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reader.doc.getMap('edits').get('title')).toBe('shared editor title');
    expect(intruder.errors.map((error) => error.code)).toContain('forbidden');
  });

  it('asks WordPress once per token and record within the cache time', async () => {
    const before = mock.requests.filter((request) => request.path === `/wp/v2/posts/${authorDraft}`).length;
    const first = join(postRoom(authorDraft), MOCK_USERS.editor.authorization);
    const second = join(postRoom(authorDraft), MOCK_USERS.editor.authorization);
    await first.waitForStatus('connected');
    await second.waitForStatus('connected');

    const after = mock.requests.filter((request) => request.path === `/wp/v2/posts/${authorDraft}`).length;
    expect(after - before).toBe(1);
  });

  it('never writes a token to the console', async () => {
    const lines: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      });
    }
    const secret = `Basic ${btoa('author:not-the-password-zz9')}`;
    await expectRefusedWithoutDocument(join(postRoom(authorDraft), secret));

    expect(lines.join('\n')).not.toContain('not-the-password-zz9');
    expect(lines.join('\n')).not.toContain(secret);
  });
});
