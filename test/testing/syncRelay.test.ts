/**
 * The mock WordPress's `/wp-sync/v1/updates` and `/save` as the block editor's server answers
 * them: who may sync which room, client ids owned by another user, what presence keeps, the
 * request limits, which rows come back, compaction and its bounds.
 */
import { describe, expect, it } from 'vitest';
import { createMockWordPress, MOCK_USERS, type MockWordPress } from '../../src/testing/index.js';

type Role = 'administrator' | 'editor' | 'author' | 'contributor' | 'anonymous';

interface Answer {
  status: number;
  body: {
    code?: string;
    data?: { status: number; rooms?: string[] };
    rooms?: Array<{
      room: string;
      end_cursor: number;
      updates: Array<{ type: string; data: string }>;
      awareness: Record<string, Record<string, unknown>>;
      should_compact: boolean;
    }>;
  };
}

function siteWithPosts(): {
  mock: MockWordPress;
  adminPost: number;
  authorPost: number;
  authorPublished: number;
} {
  const mock = createMockWordPress();
  mock.addUser({ id: 9, username: 'contrib', name: 'Connie Contributor', role: 'contributor' });
  return {
    mock,
    adminPost: mock.addPost('post', { title: 'Admin draft', status: 'draft', author: 1 }),
    authorPost: mock.addPost('post', { title: 'Author draft', status: 'draft', author: 3 }),
    authorPublished: mock.addPost('post', { title: 'Author live', status: 'publish', author: 3 }),
  };
}

async function post(
  mock: MockWordPress,
  role: Role,
  body: unknown,
  path = '/wp-sync/v1/updates',
): Promise<Answer> {
  mock.setCurrentRole(role);
  const response = await mock.handle(
    new Request(`${mock.restRoot}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

function room(name: string, clientId = 11, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { room: name, client_id: clientId, after: 0, awareness: {}, updates: [], ...extra };
}

describe("mock /wp-sync/v1/updates permissions (the block editor server's rules)", () => {
  it('lets each role sync exactly the posts it may edit', async () => {
    const { mock, adminPost, authorPost, authorPublished } = siteWithPosts();
    const expectations: Array<[Role, number, number]> = [
      ['administrator', adminPost, 200],
      ['administrator', authorPost, 200],
      ['editor', adminPost, 200],
      ['author', authorPost, 200],
      ['author', authorPublished, 200],
      ['author', adminPost, 403],
      ['contributor', authorPost, 403],
      ['anonymous', authorPost, 401],
    ];
    for (const [index, [role, id, status]] of expectations.entries()) {
      const answer = await post(mock, role, { rooms: [room(`postType/post:${id}`, 100 + index)] });
      expect([role, id, answer.status]).toEqual([role, id, status]);
      if (status !== 200) expect(answer.body.code).toBe('rest_cannot_edit');
    }
  });

  it('lists the refused rooms in data.rooms and refuses the whole request', async () => {
    const { mock, adminPost, authorPost } = siteWithPosts();
    const answer = await post(mock, 'author', {
      rooms: [room(`postType/post:${authorPost}`), room(`postType/post:${adminPost}`, 12)],
    });
    expect(answer.status).toBe(403);
    expect(answer.body.data?.rooms).toEqual([`postType/post:${adminPost}`]);
  });

  it('refuses rooms of the wrong post type, non-numeric ids, and types without custom-fields', async () => {
    const { mock, adminPost } = siteWithPosts();
    mock.addPostType({ slug: 'book', name: 'Books', supports: ['title', 'editor'] });
    const book = mock.addPost('book', { title: 'B', status: 'draft' });
    for (const name of [
      `postType/page:${adminPost}`,
      'postType/post:abc',
      `postType/book:${book}`,
      'weird/kind:1',
    ]) {
      const answer = await post(mock, 'administrator', { rooms: [room(name)] });
      expect([name, answer.status]).toEqual([name, 403]);
    }
  });

  it("refuses a client id that another user's live presence holds", async () => {
    const { mock, authorPost } = siteWithPosts();
    expect((await post(mock, 'author', { rooms: [room(`postType/post:${authorPost}`, 77)] })).status).toBe(
      200,
    );
    const stolen = await post(mock, 'administrator', { rooms: [room(`postType/post:${authorPost}`, 77)] });
    expect(stolen.status).toBe(403);
    expect(stolen.body.code).toBe('rest_cannot_edit');
  });

  it('validates rooms, rows and sizes as WordPress does', async () => {
    const { mock, adminPost } = siteWithPosts();
    const name = `postType/post:${adminPost}`;
    const bad = [
      { rooms: [room('no-slash')] },
      { rooms: [room(name, 0)] },
      { rooms: [room(name, 5, { after: -1 })] },
      { rooms: [room(name, 5, { updates: [{ type: 'other', data: '' }] })] },
      { rooms: [room(name, 5, { updates: [{ type: 'update', data: 'x'.repeat(1024 * 1024 + 1) }] })] },
      { rooms: Array.from({ length: 51 }, (_, i) => room(name, i + 1)) },
      { rooms: [room(name, 5, { awareness: { collaboratorInfo: {}, other: true } })] },
    ];
    for (const body of bad) expect((await post(mock, 'administrator', body)).status).toBe(400);
    const huge = {
      rooms: Array.from({ length: 17 }, (_, i) =>
        room(name, i + 1, { updates: [{ type: 'update', data: 'x'.repeat(1_000_000) }] }),
      ),
    };
    const tooLarge = await post(mock, 'administrator', huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('rest_sync_body_too_large');
  });
});

describe('mock /wp-sync/v1/updates rows and presence', () => {
  it("answers others' rows after the cursor, never the requester's own (its compactions excepted)", async () => {
    const { mock, adminPost } = siteWithPosts();
    const name = `postType/post:${adminPost}`;
    await post(mock, 'administrator', {
      rooms: [room(name, 1, { updates: [{ type: 'update', data: 'AAE=' }] })],
    });
    const other = await post(mock, 'administrator', { rooms: [room(name, 2)] });
    expect(other.body.rooms?.[0]?.updates).toEqual([{ type: 'update', data: 'AAE=' }]);
    const own = await post(mock, 'administrator', { rooms: [room(name, 1)] });
    expect(own.body.rooms?.[0]?.updates).toEqual([]);
    const cursor = other.body.rooms?.[0]?.end_cursor ?? 0;
    const after = await post(mock, 'administrator', { rooms: [room(name, 2, { after: cursor })] });
    expect(after.body.rooms?.[0]?.updates).toEqual([]);
  });

  it("shows who someone is from WordPress's users, not from what the client claims", async () => {
    const { mock, authorPost } = siteWithPosts();
    const name = `postType/post:${authorPost}`;
    const claim = {
      collaboratorInfo: { id: 1, name: 'The Admin', slug: 'admin', browserType: 'X', enteredAt: 5 },
      editorState: { selection: { type: 'none' } },
    };
    await post(mock, 'author', { rooms: [room(name, 31, { awareness: claim })] });
    const seen = await post(mock, 'administrator', { rooms: [room(name, 32)] });
    const info = seen.body.rooms?.[0]?.awareness['31']?.collaboratorInfo as Record<string, unknown>;
    expect(info.id).toBe(MOCK_USERS.author.id);
    expect(info.name).not.toBe('The Admin');
    expect(seen.body.rooms?.[0]?.awareness['31']?.editorState).toEqual({ selection: { type: 'none' } });
  });

  it('asks the lowest live client to compact past 50 rows, and a compaction drops what it replaces', async () => {
    const { mock, adminPost } = siteWithPosts();
    const name = `postType/post:${adminPost}`;
    for (let i = 0; i < 51; i++) {
      await post(mock, 'administrator', {
        rooms: [room(name, 8, { updates: [{ type: 'update', data: 'AAE=' }] })],
      });
    }
    const high = await post(mock, 'administrator', { rooms: [room(name, 9)] });
    expect(high.body.rooms?.[0]?.should_compact).toBe(false);
    const low = await post(mock, 'administrator', { rooms: [room(name, 3)] });
    expect(low.body.rooms?.[0]?.should_compact).toBe(true);
    const cursor = low.body.rooms?.[0]?.end_cursor ?? 0;
    await post(mock, 'administrator', {
      rooms: [room(name, 3, { after: cursor, updates: [{ type: 'compaction', data: 'AAI=' }] })],
    });
    expect(mock.syncRelay.rows(name).map((row) => row.type)).toEqual(['update', 'compaction']);
  });

  it('refuses plain rows once a room is full, and still takes the compaction that empties it', async () => {
    const mock = createMockWordPress({ syncRelay: { maxRowsPerRoom: 5 } });
    const id = mock.addPost('post', { title: 'T', status: 'draft' });
    const name = `postType/post:${id}`;
    let answer: Answer | undefined;
    for (let i = 0; i < 6; i++) {
      answer = await post(mock, 'administrator', {
        rooms: [room(name, 4, { updates: [{ type: 'update', data: 'AAE=' }] })],
      });
    }
    expect(answer?.status).toBe(507);
    expect(mock.syncRelay.rows(name)).toHaveLength(5);
    const last = mock.syncRelay.rows(name).at(-1)!.id;
    const compacted = await post(mock, 'administrator', {
      rooms: [room(name, 4, { after: last, updates: [{ type: 'compaction', data: 'AAI=' }] })],
    });
    expect(compacted.status).toBe(200);
    expect(mock.syncRelay.rows(name)).toHaveLength(2);
  });
});

describe('mock /wp-sync/v1/save', () => {
  it('stores the document in post meta _crdt_document for people who may edit the post', async () => {
    const { mock, adminPost, authorPost } = siteWithPosts();
    const doc = JSON.stringify({ document: 'AAA=', updateId: 1 });
    expect(
      (await post(mock, 'author', { room: `postType/post:${adminPost}`, doc }, '/wp-sync/v1/save')).status,
    ).toBe(403);
    expect(
      (await post(mock, 'author', { room: `postType/post:${authorPost}`, doc }, '/wp-sync/v1/save')).status,
    ).toBe(200);
    expect(mock.getPost(authorPost)?.meta['_crdt_document']).toBe(doc);
  });
});
