/**
 * The mock relay's shared-edit guard (the sync server's `SharedEditGuard` rules on
 * `/wp-sync/v1/updates`): a contributor's rows that set what WordPress would not let them save
 * are refused with a 403 naming the room, and never reach the room; anything else goes through.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { toBase64 } from '../../src/sync/shared/pollingProtocol.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';

type Role = 'administrator' | 'contributor';

interface Answer {
  status: number;
  body: {
    code?: string;
    message?: string;
    data?: { status: number; rooms?: string[]; refused?: { room: string; field: string; reason: string }[] };
    rooms?: Array<{ room: string; updates: Array<{ type: string; data: string }> }>;
  };
}

async function send(mock: MockWordPress, role: Role, rooms: unknown[]): Promise<Answer> {
  mock.setCurrentRole(role);
  const response = await mock.handle(
    new Request(`${mock.restRoot}/wp-sync/v1/updates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rooms }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A client's document, whose changes become `update` rows (V2, as the block editor sends them). */
class Client {
  readonly doc = new Y.Doc();
  private rows: { type: string; data: string }[] = [];
  constructor(readonly clientId: number) {
    this.doc.clientID = clientId;
    this.doc.on('updateV2', (update: Uint8Array) =>
      this.rows.push({ type: 'update', data: toBase64(update) }),
    );
  }
  get map(): Y.Map<unknown> {
    return this.doc.getMap('document');
  }
  /** The rows made since the last call. */
  take(): { type: string; data: string }[] {
    return this.rows.splice(0);
  }
  room(name: string, updates = this.take()): Record<string, unknown> {
    return { room: name, client_id: this.clientId, after: 0, awareness: {}, updates };
  }
}

function contributorDraft(): { mock: MockWordPress; room: string } {
  const mock = createMockWordPress();
  mock.addUser({ id: 9, username: 'contrib', name: 'Connie Contributor', role: 'contributor' });
  const id = mock.addPost('post', { title: 'Draft', content: '<p>Body</p>', status: 'draft', author: 9 });
  return { mock, room: `postType/post:${id}` };
}

/** A contributor's client that has joined the draft's document (title and content as texts). */
async function joinedContributor(mock: MockWordPress, room: string): Promise<Client> {
  const client = new Client(501);
  client.doc.transact(() => {
    const title = new Y.Text();
    client.map.set('title', title);
    title.insert(0, 'Draft');
    const content = new Y.Text();
    client.map.set('content', content);
    content.insert(0, '<p>Body</p>');
    client.map.set('status', 'draft');
  });
  const answer = await send(mock, 'contributor', [client.room(room)]);
  expect(answer.status).toBe(200);
  return client;
}

const guarded: [string, (client: Client) => void, string][] = [
  ['status publish', (client) => client.map.set('status', 'publish'), 'status'],
  ['status future', (client) => client.map.set('status', 'future'), 'status'],
  ['another author', (client) => client.map.set('author', 1), 'author'],
  ['sticky', (client) => client.map.set('sticky', true), 'sticky'],
  ['a password', (client) => client.map.set('password', 'secret'), 'password'],
  [
    'a script in the content',
    (client) => (client.map.get('content') as Y.Text).insert(0, '<script>alert(1)</script>'),
    'content',
  ],
  [
    'an event handler in the title',
    (client) => (client.map.get('title') as Y.Text).insert(0, '<b onclick="x()">'),
    'title',
  ],
];

describe('the mock relay refuses shared edits a contributor could not save', () => {
  it.each(guarded)(
    '%s: 403 naming the room, and nothing of the request stored',
    async (_name, change, field) => {
      const { mock, room } = contributorDraft();
      const client = await joinedContributor(mock, room);
      const rowsBefore = mock.syncRelay.rows(room).length;
      change(client);
      const answer = await send(mock, 'contributor', [client.room(room)]);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('rest_sync_change_refused');
      expect(answer.body.data?.rooms).toEqual([room]);
      expect(answer.body.data?.refused?.map((refused) => refused.field)).toContain(field);
      expect(answer.body.message).toContain(room);
      expect(mock.syncRelay.rows(room)).toHaveLength(rowsBefore);
      // Another person in the room never receives it.
      const admin = await send(mock, 'administrator', [new Client(777).room(room, [])]);
      expect(admin.status).toBe(200);
      const seen = new Y.Doc();
      for (const row of admin.body.rooms?.[0]?.updates ?? [])
        Y.applyUpdateV2(
          seen,
          Uint8Array.from(atob(row.data), (c) => c.charCodeAt(0)),
        );
      expect(seen.getMap('document').get('status')).toBe('draft');
      expect(String(seen.getMap('document').get('content'))).toBe('<p>Body</p>');
    },
  );

  it('takes the same changes from an administrator', async () => {
    const { mock, room } = contributorDraft();
    const client = await joinedContributor(mock, room);
    const admin = new Client(600);
    Y.applyUpdate(admin.doc, Y.encodeStateAsUpdate(client.doc));
    admin.take();
    admin.doc.transact(() => {
      admin.map.set('status', 'publish');
      admin.map.set('sticky', true);
      (admin.map.get('content') as Y.Text).insert(0, '<script>ok()</script>');
    });
    const answer = await send(mock, 'administrator', [admin.room(room)]);
    expect(answer.status).toBe(200);
  });

  it('takes a contributor’s ordinary typing, and markup already in the saved post', async () => {
    const mock = createMockWordPress();
    mock.addUser({ id: 9, username: 'contrib', name: 'Connie Contributor', role: 'contributor' });
    const id = mock.addPost('post', {
      title: 'Draft',
      content: '<p>Body</p><iframe src="https://example.com"></iframe>',
      status: 'draft',
      author: 9,
    });
    const room = `postType/post:${id}`;
    const client = new Client(501);
    client.doc.transact(() => {
      const content = new Y.Text();
      client.map.set('content', content);
      content.insert(0, '<p>Body</p><iframe src="https://example.com"></iframe>');
      client.map.set('status', 'pending');
    });
    expect((await send(mock, 'contributor', [client.room(room)])).status).toBe(200);
    (client.map.get('content') as Y.Text).insert(3, 'More <em>text</em> ');
    expect((await send(mock, 'contributor', [client.room(room)])).status).toBe(200);
    // Terms: WordPress lets a contributor assign them (assign_terms is edit_posts), so does the relay.
    client.map.set('categories', [1]);
    client.map.set('tags', [2]);
    expect((await send(mock, 'contributor', [client.room(room)])).status).toBe(200);
    expect(mock.syncRelay.rows(room)).toHaveLength(4);
  });

  it('lets a refused client go on once it undoes the change (the refused rows sent again with the undo)', async () => {
    const { mock, room } = contributorDraft();
    const client = await joinedContributor(mock, room);
    const undo = new Y.UndoManager(client.map, { captureTimeout: 0 });
    client.map.set('status', 'publish');
    const refusedRows = client.take();
    expect((await send(mock, 'contributor', [client.room(room, refusedRows)])).status).toBe(403);
    // Typed meanwhile, then the change undone: all of it goes again, and changes nothing guarded.
    (client.map.get('title') as Y.Text).insert(5, ' typed');
    undo.undo();
    undo.undo();
    (client.map.get('title') as Y.Text).insert(5, ' kept');
    const answer = await send(mock, 'contributor', [client.room(room, [...refusedRows, ...client.take()])]);
    expect(answer.status).toBe(200);
    expect(client.map.get('status')).toBe('draft');
  });

  it('refuses a guarded change carried by a sync_step2 message', async () => {
    const { mock, room } = contributorDraft();
    const client = await joinedContributor(mock, room);
    client.map.set('status', 'publish');
    client.take();
    // y-protocols: messageYjsSyncStep2 (1), then the V1 update as a length-prefixed byte array.
    const update = Y.encodeStateAsUpdate(client.doc);
    const lengthBytes: number[] = [];
    for (let n = update.length; ; n >>>= 7) {
      if (n < 0x80) {
        lengthBytes.push(n);
        break;
      }
      lengthBytes.push((n & 0x7f) | 0x80);
    }
    const message = Uint8Array.from([1, ...lengthBytes, ...update]);
    const answer = await send(mock, 'contributor', [
      client.room(room, [{ type: 'sync_step2', data: toBase64(message) }]),
    ]);
    expect(answer.status).toBe(403);
    expect(answer.body.data?.refused?.map((refused) => refused.field)).toEqual(['status']);
  });

  it('refuses only the request of the room with the refused change; other rooms of the user are untouched', async () => {
    const { mock, room } = contributorDraft();
    const other = `postType/post:${mock.addPost('post', { title: 'Second', status: 'draft', author: 9 })}`;
    const client = await joinedContributor(mock, room);
    client.map.set('status', 'publish');
    const second = new Client(502);
    second.map.set('excerpt', 'fine');
    const answer = await send(mock, 'contributor', [client.room(room), second.room(other)]);
    expect(answer.status).toBe(403);
    expect(answer.body.data?.rooms).toEqual([room]);
    // Nothing of the request was stored: the client sends the other room's rows again.
    expect(mock.syncRelay.rows(other)).toHaveLength(0);
  });
});
