/**
 * Issue 25, failure 6: privilege escalation through shared edits. A contributor joins their own
 * draft and, as unsaved shared edits, publishes it, gives it to the administrator, makes it sticky
 * and puts a <script> in it, hoping the administrator's next save sends all of that. The server
 * must refuse each of those updates for the contributor (WordPress's `wp:action-*` links say what
 * they may do), deliver none of them to the administrator, and still pass what the contributor
 * may do. Against the real WordPress 6.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createSyncServer, siteOfRestRoot, type SyncServer } from '../../src/sync/server/index.js';
import { connectServerClient, waitUntil, type ServerClient } from '../helpers/syncServerClient.js';
import { wordpressSite } from '../wordpress/site.js';
import {
  createPost,
  createUser,
  deletePosts,
  deleteUsers,
  readPost,
  reportBound,
  type TestUser,
} from './wordpress.js';

const site = wordpressSite();
let server: SyncServer;
let contributor: TestUser | undefined;
let draft = 0;
let admin: ServerClient;
const clients: ServerClient[] = [];

const room = (id: number): string => `${siteOfRestRoot(site.restRoot)}/postType/post/${id}`;
const documentOf = (client: ServerClient): Y.Map<unknown> => client.doc.getMap('document');

function join(authorization: string): ServerClient {
  const client = connectServerClient({ url: server.url, room: room(draft), authorization });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  contributor = await createUser(site, 'contributor');
  draft = await createPost(site, {
    title: 'Contributor draft',
    content: '<p>Draft</p>',
    status: 'draft',
    author: contributor.id,
  });
  server = await createSyncServer({ wordpress: site.restRoot });
  // The administrator is in the room first, holding what their next save would send.
  admin = join(site.users.admin.authorization);
  await admin.waitForStatus('connected');
  admin.doc.transact(() => {
    documentOf(admin).set('title', new Y.Text('Contributor draft'));
    documentOf(admin).set('content', new Y.Text('<p>Draft</p>'));
  });
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await server?.close();
  await deletePosts(site, [draft]);
  await deleteUsers(site, [contributor]);
});

describe('WordPress 6.1 tells the server what each user may do to a post', () => {
  it('gives the contributor no publish, sticky, author or unfiltered-html links and the administrator all four', async () => {
    const asContributor = await readPost(site, draft, contributor?.authorization ?? '', '_links');
    const asAdmin = await readPost(site, draft, site.users.admin.authorization, '_links');
    const actions = (body: Record<string, unknown>): string[] =>
      Object.keys((body._links ?? {}) as object).filter((relation) => relation.startsWith('wp:action-'));

    expect(asContributor.status).toBe(200);
    for (const relation of [
      'wp:action-publish',
      'wp:action-sticky',
      'wp:action-assign-author',
      'wp:action-unfiltered-html',
    ]) {
      expect(actions(asContributor.body)).not.toContain(relation);
      expect(actions(asAdmin.body)).toContain(relation);
    }
  });
});

describe("a contributor's shared edits cannot do what their own save could not", () => {
  it.each([
    ['publishes the draft', (d: Y.Map<unknown>) => d.set('status', 'publish'), 'status'],
    ['gives it to the administrator', (d: Y.Map<unknown>) => d.set('author', site.users.admin.id), 'author'],
    ['makes it sticky', (d: Y.Map<unknown>) => d.set('sticky', true), 'sticky'],
    ['protects it with a password', (d: Y.Map<unknown>) => d.set('password', 'hunter2'), 'password'],
    [
      'puts a <script> into the content',
      (d: Y.Map<unknown>) =>
        (d.get('content') as Y.Text).insert(0, '<script>alert(document.cookie)</script>'),
      'content',
    ],
  ])('refuses the contributor who %s, and the administrator never sees it', async (_what, change, field) => {
    const attacker = join(contributor?.authorization ?? '');
    await attacker.waitForStatus('connected');
    await attacker.waitFor(() => documentOf(attacker).get('content') instanceof Y.Text);

    attacker.doc.transact(() => change(documentOf(attacker)));

    await waitUntil(() => attacker.errors.some((error) => error.code === 'forbidden'), 10_000, 'a refusal');
    expect(attacker.errors.at(-1)?.message).toContain('refused-change');
    expect(attacker.errors.at(-1)?.message).toContain(field);
    expect(attacker.statuses.at(-1)).toBe('disconnected');
    // What the administrator's save would send: none of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = documentOf(admin);
    expect(seen.get('status')).toBeUndefined();
    expect(seen.get('author')).toBeUndefined();
    expect(seen.get('sticky')).toBeUndefined();
    expect(seen.get('password')).toBeUndefined();
    expect(String(seen.get('content'))).not.toContain('<script');
    reportBound(`contributor's shared edit that ${_what}`, 'refused, administrator received nothing of it');
  });

  it('passes what the contributor may do: typing, markup WordPress keeps, submitting for review', async () => {
    const writer = join(contributor?.authorization ?? '');
    await writer.waitForStatus('connected');
    await writer.waitFor(() => documentOf(writer).get('content') instanceof Y.Text);

    writer.doc.transact(() => {
      (documentOf(writer).get('content') as Y.Text).insert(0, '<p><strong>New</strong> paragraph</p>');
      (documentOf(writer).get('title') as Y.Text).insert(0, 'Reviewed: ');
      documentOf(writer).set('status', 'pending');
      // A draft's date: WordPress keeps it from the contributor's own save too.
      documentOf(writer).set('date', '2031-05-01T10:00:00');
    });

    await admin.waitFor(() => documentOf(admin).get('status') === 'pending', 10_000);
    expect(documentOf(admin).get('date')).toBe('2031-05-01T10:00:00');
    expect(String(documentOf(admin).get('title'))).toBe('Reviewed: Contributor draft');
    expect(String(documentOf(admin).get('content'))).toContain('<strong>New</strong>');
    expect(writer.errors).toEqual([]);
  });
});
