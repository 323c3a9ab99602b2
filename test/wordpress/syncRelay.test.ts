/**
 * The repository's relay plugin (plugins/wp-entities-sync) on a real WordPress 6.1: the block
 * editor server's permission rules for every role, a client id owned by another user, and two
 * stores collaborating through the site with `httpPollingProvider` (edits, concurrent typing,
 * presence from WordPress's users, the long poll).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { RestTransport, RootStore, type EntityRecord } from 'wp-entities';
import { httpPollingProvider } from '../../src/sync/providers/httpPolling/httpPollingProvider.js';
import '../../src/sync/index.js';
import { wordpressSite, type WordPressUser } from './site.js';

const site = wordpressSite();
const created: number[] = [];

async function rest<T>(
  user: WordPressUser | undefined,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${site.restRoot}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(user === undefined ? {} : { Authorization: user.authorization }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function draftBy(user: WordPressUser, title: string): Promise<number> {
  const answer = await rest<{ id: number }>(user, '/wp/v2/posts', {
    method: 'POST',
    body: { title, status: 'draft' },
  });
  expect(answer.status).toBe(201);
  created.push(answer.body.id);
  return answer.body.id;
}

function sync(
  user: WordPressUser | undefined,
  room: string,
  clientId: number,
): Promise<{ status: number; body: { code?: string; data?: { rooms?: string[] } } }> {
  return rest(user, '/wp-sync/v1/updates', {
    method: 'POST',
    body: { rooms: [{ room, client_id: clientId, after: 0, awareness: {}, updates: [] }] },
  });
}

let adminPost = 0;
let authorPost = 0;
let contributorPost = 0;

beforeAll(async () => {
  adminPost = await draftBy(site.users.admin, 'Relay: admin draft');
  authorPost = await draftBy(site.users.author, 'Relay: author draft');
  if (site.users.contributor)
    contributorPost = await draftBy(site.users.contributor, 'Relay: contributor draft');
});

afterAll(async () => {
  for (const id of created)
    await rest(site.users.admin, `/wp/v2/posts/${id}?force=true`, { method: 'DELETE' });
});

describe('the relay plugin on WordPress 6.1: who may sync what', () => {
  it('gives each role exactly what the block editor server gives it', async () => {
    const { editor, contributor, subscriber } = site.users;
    if (!editor || !contributor || !subscriber)
      throw new Error('scripts/wordpress makes an editor, a contributor and a subscriber');
    const cases: Array<[string, WordPressUser | undefined, number, number]> = [
      ['admin, others', site.users.admin, authorPost, 200],
      ['admin, own', site.users.admin, adminPost, 200],
      ['editor, others', editor, authorPost, 200],
      ['author, own', site.users.author, authorPost, 200],
      ['author, others', site.users.author, adminPost, 403],
      ['contributor, own draft', contributor, contributorPost, 200],
      ['contributor, others', contributor, authorPost, 403],
      ['subscriber', subscriber, authorPost, 403],
      ['no login', undefined, authorPost, 401],
    ];
    for (const [index, [label, user, id, status]] of cases.entries()) {
      const answer = await sync(user, `postType/post:${id}`, 1000 + index);
      expect([label, answer.status]).toEqual([label, status]);
      if (status !== 200) expect(answer.body.code).toBe('rest_cannot_edit');
    }
  });

  it('names the refused rooms, and refuses pages as posts, unknown kinds and ids that are not numbers', async () => {
    const refused = await sync(site.users.author, `postType/post:${adminPost}`, 2001);
    expect(refused.body.data?.rooms).toEqual([`postType/post:${adminPost}`]);
    for (const room of [`postType/page:${adminPost}`, 'postType/post:abc', 'nope/thing:1']) {
      expect((await sync(site.users.admin, room, 2002)).status).toBe(403);
    }
  });

  it('serves the root rooms its generated list names, to users with the capability the list gives', async () => {
    const { editor } = site.users;
    if (!editor) throw new Error('scripts/wordpress makes an editor');
    // includes/synced-entities.php, generated from the entities' sync rules: root/site needs manage_options.
    expect((await sync(site.users.admin, 'root/site', 4001)).status).toBe(200);
    expect((await sync(editor, 'root/site', 4002)).status).toBe(403);
    expect((await sync(site.users.admin, 'root/site:1', 4003)).status).toBe(403);
    expect((await sync(site.users.admin, 'root/user', 4004)).status).toBe(403);
  });

  it("refuses a client id that another user's live presence holds", async () => {
    expect((await sync(site.users.author, `postType/post:${authorPost}`, 3001)).status).toBe(200);
    const stolen = await sync(site.users.admin, `postType/post:${authorPost}`, 3001);
    expect(stolen.status).toBe(403);
  });
});

describe('two stores collaborating through WordPress 6.1', () => {
  function storeAs(user: WordPressUser): RootStore {
    return new RootStore({
      transport: new RestTransport({
        root: site.restRoot,
        auth: { username: user.username, applicationPassword: user.applicationPassword },
      }),
      sync: {
        user: { id: user.id, name: user.username, color: '#333' },
        providers: [httpPollingProvider()],
        undoCaptureTimeoutMs: 0,
      },
    });
  }

  async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("brings edits and presence across, and keeps both people's characters", async () => {
    // A post of its own: the presence the tests above left in their rooms lives 30 s.
    const id = await draftBy(site.users.author, 'Relay: author draft');
    const a = storeAs(site.users.admin);
    const b = storeAs(site.users.author);
    try {
      const ra = a.record('postType', 'post', id) as EntityRecord<object>;
      const rb = b.record('postType', 'post', id) as EntityRecord<object>;
      await ra.fetch();
      await rb.fetch();
      await a.sync!.join(ra);
      await b.sync!.join(rb);
      await until(() => a.sync!.peers(ra).length === 1 && b.sync!.peers(rb).length === 1, 20_000, 'presence');
      expect(a.sync!.peers(ra)[0]?.user.id).toBe(site.users.author.id);
      const title = (record: EntityRecord<object>): string => (record.edited as { title: string }).title;
      ra.edit({ title: 'Relay: author draft, by admin' });
      await until(
        () => title(rb) === 'Relay: author draft, by admin',
        20_000,
        "admin's title on the author's side",
      );
      ra.edit({ title: `A ${title(ra)}` });
      rb.edit({ title: `${title(rb)} B` });
      await until(
        () => title(ra) === title(rb) && title(ra).startsWith('A ') && title(ra).endsWith(' B'),
        20_000,
        'convergence',
      );
      expect(a.sync!.connection(ra)).toBe('connected');
    } finally {
      a.dispose();
      b.dispose();
    }
  });

  it('writes the stored document (_crdt_document) with a save, and a later store starts from it', async () => {
    const id = await draftBy(site.users.author, 'Relay: stored');
    const a = storeAs(site.users.author);
    const c = storeAs(site.users.admin);
    try {
      const ra = a.record('postType', 'post', id) as EntityRecord<object>;
      await ra.fetch();
      await a.sync!.join(ra);
      ra.edit({ title: 'Relay: stored, typed' });
      await ra.save({ throwOnError: true });
      const saved = await rest<{ meta: Record<string, unknown> }>(
        site.users.author,
        `/wp/v2/posts/${id}?context=edit`,
      );
      const value = saved.body.meta['_crdt_document'];
      expect(typeof value).toBe('string');
      const stored = new Y.Doc();
      const { document } = JSON.parse(value as string) as { document: string };
      Y.applyUpdateV2(stored, Uint8Array.from(Buffer.from(document, 'base64')));
      expect(String(stored.getMap('document').get('title'))).toBe('Relay: stored, typed');
      const rc = c.record('postType', 'post', id) as EntityRecord<object>;
      await rc.fetch();
      await c.sync!.join(rc);
      const title = (record: EntityRecord<object>): string => (record.edited as { title: string }).title;
      expect(title(rc)).toBe('Relay: stored, typed');
      expect(rc.isDirty).toBe(false);
      expect(c.sync!.errors).toEqual([]);
      expect(ra.isDirty).toBe(false);
    } finally {
      a.dispose();
      c.dispose();
    }
  });
});
