/**
 * The shared-edit guard at the Yjs level, on the block editor's layout (root map `document`): a
 * contributor's client makes changes to its copy of a room, and the guard judges each update the
 * way the sync server does before the room applies it.
 */
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import {
  savedMarkupOf,
  savedValuesOf,
  SharedEditGuard,
  type SavedMarkup,
  type SavedValues,
} from '../../src/sync/shared/guardedFields.js';
import {
  ALL_CAPABILITIES,
  capabilitiesFromLinks,
  EDIT_ONLY,
  type RecordCapabilities,
} from '../../src/sync/shared/recordCapabilities.js';

/** A contributor on their own draft: may edit and assign terms, nothing else. */
const CONTRIBUTOR = capabilitiesFromLinks({
  'wp:action-assign-categories': [{ href: 'x' }],
  'wp:action-assign-tags': [{ href: 'x' }],
});

/** A room guarded like the server's, and clients that edit copies of it. */
function guardedRoom() {
  const room = new Y.Doc();
  room.transact(() => {
    const document = room.getMap('document');
    const content = new Y.Text();
    document.set('content', content);
    content.insert(0, '<!-- wp:paragraph --><p>Draft</p><!-- /wp:paragraph -->');
    document.set('title', new Y.Text('Draft title'));
    document.set('status', 'draft');
    document.set('meta', new Y.Map());
  });
  const guard = new SharedEditGuard(room);
  return {
    room,
    guard,
    /** A client holding the room's current state. */
    client(): Y.Doc {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(room));
      return doc;
    },
    /** Makes `change` on `client`, sends its update through the guard; applies it if accepted. */
    send(
      client: Y.Doc,
      can: RecordCapabilities,
      change: (document: Y.Map<unknown>) => void,
      saved?: SavedMarkup,
      savedValues?: SavedValues,
    ) {
      const updates: Uint8Array[] = [];
      const onUpdate = (update: Uint8Array): void => void updates.push(update);
      client.on('update', onUpdate);
      client.transact(() => change(client.getMap('document')));
      client.off('update', onUpdate);
      const update = Y.mergeUpdates(updates);
      const refused = guard.check(update, can, saved, savedValues);
      if (refused.length === 0) Y.applyUpdate(room, update);
      return refused;
    },
  };
}

const text = (document: Y.Map<unknown>, field: string): Y.Text => document.get(field) as Y.Text;

describe('SharedEditGuard: fields WordPress guards by capability', () => {
  it.each([
    ['status publish', (d: Y.Map<unknown>) => d.set('status', 'publish'), 'status'],
    ['status future', (d: Y.Map<unknown>) => d.set('status', 'future'), 'status'],
    ['status private', (d: Y.Map<unknown>) => d.set('status', 'private'), 'status'],
    ['author 1', (d: Y.Map<unknown>) => d.set('author', 1), 'author'],
    ['sticky', (d: Y.Map<unknown>) => d.set('sticky', true), 'sticky'],
    ['a password', (d: Y.Map<unknown>) => d.set('password', 'secret'), 'password'],
  ])("refuses a contributor's %s and leaves the room unchanged", (_what, change, field) => {
    const { room, client, send } = guardedRoom();
    const before = Y.encodeStateVector(room);

    const refused = send(client(), CONTRIBUTOR, change);

    expect(refused.map((entry) => entry.field)).toEqual([field]);
    expect(refused[0]?.reason).toMatch(/needs wp:action-/);
    expect(Y.encodeStateVector(room)).toEqual(before);
  });

  it('refuses terms of a taxonomy the user may not assign', () => {
    const { client, send } = guardedRoom();
    expect(send(client(), EDIT_ONLY, (d) => d.set('categories', [7])).map((r) => r.field)).toEqual([
      'categories',
    ]);
    expect(send(client(), CONTRIBUTOR, (d) => d.set('categories', [7]))).toEqual([]);
  });

  it('lets a contributor submit for review, retitle and type, and lets an editor do all of it', () => {
    const { room, client, send } = guardedRoom();
    const contributor = client();

    expect(send(contributor, CONTRIBUTOR, (d) => d.set('status', 'pending'))).toEqual([]);
    expect(send(contributor, CONTRIBUTOR, (d) => text(d, 'title').insert(0, 'My '))).toEqual([]);
    expect(send(client(), ALL_CAPABILITIES, (d) => d.set('status', 'publish'))).toEqual([]);
    expect(send(client(), ALL_CAPABILITIES, (d) => d.set('author', 1))).toEqual([]);
    const document = room.getMap('document');
    expect([document.get('status'), String(document.get('title'))]).toEqual(['publish', 'My Draft title']);
  });

  it('lets anyone set a guarded field to the value it already has', () => {
    const { client, send } = guardedRoom();
    expect(send(client(), CONTRIBUTOR, (d) => d.set('status', 'draft'))).toEqual([]);
  });
});

describe('SharedEditGuard: HTML a user without unfiltered_html may not post', () => {
  it('refuses a <script> typed into the content, and an event handler on an allowed tag', () => {
    const { client, send } = guardedRoom();
    const refused = send(client(), CONTRIBUTOR, (d) =>
      text(d, 'content').insert(0, '<script>alert(1)</script>'),
    );
    expect(refused.map((entry) => entry.field)).toEqual(['content']);
    expect(refused[0]?.reason).toContain('<script>');
    expect(
      send(client(), CONTRIBUTOR, (d) => text(d, 'content').insert(0, '<img src=x onerror=alert(1)>')),
    ).toHaveLength(1);
    expect(
      send(client(), CONTRIBUTOR, (d) => text(d, 'content').insert(0, '<a href="javascript:alert(1)">x</a>')),
    ).toHaveLength(1);
    expect(send(client(), CONTRIBUTOR, (d) => text(d, 'title').insert(0, '<p>in a title</p>'))).toHaveLength(
      1,
    );
  });

  it('accepts the markup WordPress keeps for such a user', () => {
    const { client, send } = guardedRoom();
    expect(
      send(client(), CONTRIBUTOR, (d) =>
        text(d, 'content').insert(0, '<p><strong>Hi</strong> <a href="/x">there</a></p>'),
      ),
    ).toEqual([]);
  });

  it('refuses a tag typed one character per update the moment it is complete', () => {
    const { client, send } = guardedRoom();
    const contributor = client();
    const results = [...'<script>'].map(
      (character, index) =>
        send(contributor, CONTRIBUTOR, (d) => text(d, 'content').insert(index, character)).length,
    );
    expect(results).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it('refuses a deletion that joins two harmless pieces into a <script> tag', () => {
    const { client, send } = guardedRoom();
    const contributor = client();
    expect(send(contributor, CONTRIBUTOR, (d) => text(d, 'content').insert(0, '<scrip<b>t>'))).toEqual([]);

    expect(send(contributor, CONTRIBUTOR, (d) => text(d, 'content').delete(6, 3))).toHaveLength(1);
  });

  it("lets a contributor type next to an administrator's embed, and refuses a second one", () => {
    const { client, send } = guardedRoom();
    expect(
      send(client(), ALL_CAPABILITIES, (d) => text(d, 'content').insert(0, '<iframe src="/embed"></iframe>')),
    ).toEqual([]);
    const contributor = client();

    expect(send(contributor, CONTRIBUTOR, (d) => text(d, 'content').insert(40, 'more words'))).toEqual([]);
    expect(
      send(contributor, CONTRIBUTOR, (d) => text(d, 'content').insert(0, '<iframe src="/x"></iframe>')),
    ).toHaveLength(1);
  });

  it('accepts markup the saved record already has (a client seeding the saved text), and only that', () => {
    const { client, send } = guardedRoom();
    const saved = savedMarkupOf({ content: { raw: '<p>Saved</p><iframe src="/embed"></iframe>' } });

    expect(
      send(
        client(),
        CONTRIBUTOR,
        (d) => text(d, 'content').insert(0, '<iframe src="/embed"></iframe>'),
        saved,
      ),
    ).toEqual([]);
    expect(
      send(client(), CONTRIBUTOR, (d) => text(d, 'content').insert(0, '<script></script>'), saved),
    ).toHaveLength(1);
  });

  it('judges a text field replaced by a new Y.Text as well as one typed into', () => {
    const { client, send } = guardedRoom();
    expect(send(client(), CONTRIBUTOR, (d) => d.set('excerpt', new Y.Text('<style>x</style>')))).toHaveLength(
      1,
    );
  });
});

describe('SharedEditGuard: what it cannot judge, and after a refusal', () => {
  it("holds an update that depends on changes the room lacks, and judges it with its sender's capabilities when they arrive", () => {
    const { client, guard } = guardedRoom();
    const contributor = client();
    const updates: Uint8Array[] = [];
    contributor.on('update', (update: Uint8Array) => void updates.push(update));
    text(contributor.getMap('document'), 'content').insert(0, 'a');
    text(contributor.getMap('document'), 'content').insert(1, '<script>x</script>');

    // The second update first (a reconnecting client's edit before its sync answer): held back.
    expect(guard.check(updates[1] as Uint8Array, CONTRIBUTOR)).toEqual([]);
    // An administrator's update that completes it still brings the contributor's script in: refused.
    expect(guard.check(updates[0] as Uint8Array, ALL_CAPABILITIES).map((r) => r.field)).toEqual(['content']);
    // Still held back (the room holds it as it was accepted): refused again, also from its sender.
    expect(guard.check(updates[0] as Uint8Array, CONTRIBUTOR)).toHaveLength(1);
  });

  it('refuses the same update again after a refusal, and accepts the next harmless one', () => {
    const { client, send, guard } = guardedRoom();
    const contributor = client();
    const updates: Uint8Array[] = [];
    contributor.on('update', (update: Uint8Array) => void updates.push(update));
    contributor.getMap('document').set('sticky', true);

    expect(guard.check(updates[0] as Uint8Array, CONTRIBUTOR)).toHaveLength(1);
    expect(guard.check(updates[0] as Uint8Array, CONTRIBUTOR)).toHaveLength(1);
    expect(send(client(), CONTRIBUTOR, (d) => text(d, 'title').insert(0, 'ok '))).toEqual([]);
  });

  it("keeps another user's accepted update that the room has not applied yet when it rebuilds after a refusal", () => {
    const { client, guard } = guardedRoom();
    const author = client();
    const updates: Uint8Array[] = [];
    author.on('update', (update: Uint8Array) => void updates.push(update));
    text(author.getMap('document'), 'title').insert(0, 'A');
    // Accepted, but (like a message waiting for its store) not applied to the room yet.
    expect(guard.check(updates[0] as Uint8Array, CONTRIBUTOR)).toEqual([]);
    const attacker = client();
    attacker.getMap('document').set('author', 1);
    expect(guard.check(Y.encodeStateAsUpdate(attacker), CONTRIBUTOR)).toHaveLength(1);

    // The author's next keystroke depends on the first: still judged, not refused as incomplete.
    text(author.getMap('document'), 'title').insert(1, 'B');
    expect(guard.check(updates[1] as Uint8Array, CONTRIBUTOR)).toEqual([]);
  });
});

describe('SharedEditGuard: an update held back for good', () => {
  /** A contributor's keystroke `held` that depends on `missing`, an earlier one the room never gets. */
  function heldBackScript() {
    const room = guardedRoom();
    const contributor = room.client();
    const updates: Uint8Array[] = [];
    contributor.on('update', (update: Uint8Array) => void updates.push(update));
    text(contributor.getMap('document'), 'content').insert(0, 'a');
    text(contributor.getMap('document'), 'content').insert(1, '<script>x</script>');
    return { ...room, missing: updates[0] as Uint8Array, held: updates[1] as Uint8Array };
  }

  /** `count` harmless updates from another contributor, each checked and applied to the room. */
  function harmlessChecks(room: ReturnType<typeof guardedRoom>, count: number): void {
    const other = room.client();
    for (let index = 0; index < count; index += 1)
      expect(room.send(other, CONTRIBUTOR, (d) => d.set('slug', `slug-${index % 2}`))).toEqual([]);
  }

  /** The `Set.prototype.has` calls one check makes: grows if every check walks a growing list. */
  function workOfOneCheck(room: ReturnType<typeof guardedRoom>): number {
    const has = vi.spyOn(Set.prototype, 'has');
    try {
      harmlessChecks(room, 1);
      return has.mock.calls.length;
    } finally {
      has.mockRestore();
    }
  }

  it('keeps the work of each check bounded while the room holds the update back', () => {
    const room = heldBackScript();
    expect(room.guard.check(room.held, CONTRIBUTOR)).toEqual([]);
    Y.applyUpdate(room.room, room.held); // the room holds it back too
    harmlessChecks(room, 20);
    const early = workOfOneCheck(room);
    harmlessChecks(room, 400);
    const late = workOfOneCheck(room);

    expect(room.room.store.pendingStructs).not.toBeNull();
    expect(late).toBeLessThanOrEqual(early + 8);
  });

  it("never judges the held-back change with a later sender's rights, however many checks pass", () => {
    const room = heldBackScript();
    expect(room.guard.check(room.held, CONTRIBUTOR)).toEqual([]);
    Y.applyUpdate(room.room, room.held);
    harmlessChecks(room, 400);

    // An administrator's update that completes the contributor's script is refused.
    expect(room.guard.check(room.missing, ALL_CAPABILITIES).map((r) => r.field)).toEqual(['content']);
    expect(room.room.getMap('document').get('content')?.toString()).not.toContain('<script>');
  });

  it('forgets an update the room never applied once it is no longer in flight', () => {
    const room = heldBackScript();
    // Accepted by the guard, then dropped before the room applied it (a later hook refused it).
    expect(room.guard.check(room.held, CONTRIBUTOR)).toEqual([]);
    harmlessChecks(room, 300);

    // The editor's publish is judged with the editor's rights, not the contributor's.
    expect(room.send(room.client(), ALL_CAPABILITIES, (d) => d.set('status', 'publish'))).toEqual([]);
    // The dropped update, sent again, is judged again: still refused to its sender.
    expect(room.guard.check(room.held, CONTRIBUTOR)).toEqual([]);
    expect(room.guard.check(room.missing, CONTRIBUTOR).map((r) => r.field)).toEqual(['content']);
  });
});

describe('SharedEditGuard: two servers relaying one room', () => {
  /** Two copies of a room, each with its guard, and the relay between them (a state-vector sync). */
  function twoServers() {
    const first = guardedRoom();
    const second = new Y.Doc();
    Y.applyUpdate(second, Y.encodeStateAsUpdate(first.room));
    return {
      first,
      second,
      secondGuard: new SharedEditGuard(second),
      /** What the first server sends the second: all it has that the second lacks, held back or not. */
      relay: () => Y.applyUpdate(second, Y.encodeStateAsUpdate(first.room, Y.encodeStateVector(second))),
    };
  }

  it.each([
    ['its sender', CONTRIBUTOR],
    ['an administrator', ALL_CAPABILITIES],
  ])(
    "refuses, on the other server, the change that completes a contributor's held-back script, sent by %s",
    (_who, completer) => {
      const { first, second, secondGuard, relay } = twoServers();
      const contributor = first.client();
      const updates: Uint8Array[] = [];
      contributor.on('update', (update: Uint8Array) => void updates.push(update));
      text(contributor.getMap('document'), 'content').insert(0, 'a');
      text(contributor.getMap('document'), 'content').insert(1, '<script>x</script>');
      // The script to the first server: held back there, and relayed to the second held back.
      expect(first.guard.check(updates[1] as Uint8Array, CONTRIBUTOR)).toEqual([]);
      Y.applyUpdate(first.room, updates[1] as Uint8Array);
      relay();
      expect(second.store.pendingStructs).not.toBeNull();

      // The harmless keystroke it waits for, to the second server: it would bring the script in.
      expect(secondGuard.check(updates[0] as Uint8Array, completer).map((r) => r.field)).toEqual(['content']);
    },
  );
});

describe('capabilitiesFromLinks', () => {
  it("reads WordPress's wp:action-* relations, curied or not", () => {
    const can = capabilitiesFromLinks({
      'wp:action-publish': [],
      'https://api.w.org/action-unfiltered-html': [],
      'wp:action-sticky': [],
      'wp:action-assign-author': [],
      'wp:action-assign-tags': [],
      'wp:action-create-tags': [],
    });
    expect(can).toMatchObject({
      canPublish: true,
      canPostUnfilteredHtml: true,
      canStick: true,
      canAssignAuthor: true,
    });
    expect([...can.assignableTaxonomies]).toEqual(['tags']);
    expect(capabilitiesFromLinks(undefined)).toMatchObject(EDIT_ONLY);
  });
});

/** An editor: publishes, assigns authors and every taxonomy. */
const EDITOR = capabilitiesFromLinks({
  'wp:action-publish': [{ href: 'x' }],
  'wp:action-assign-author': [{ href: 'x' }],
  'wp:action-assign-categories': [{ href: 'x' }],
  'wp:action-assign-tags': [{ href: 'x' }],
  'wp:action-assign-genres': [{ href: 'x' }],
});

/** The `wp:term` links WordPress puts on a post whose type has categories, tags and a custom `genres`. */
const TERM_LINKS = {
  'wp:term': [
    { taxonomy: 'category', embeddable: true, href: 'http://127.0.0.1/wp-json/wp/v2/categories?post=5' },
    { taxonomy: 'post_tag', embeddable: true, href: 'http://127.0.0.1/wp-json/wp/v2/tags?post=5' },
    { taxonomy: 'genre', embeddable: true, href: 'http://127.0.0.1/?rest_route=/wp/v2/genres&post=5' },
  ],
};

const meta = (document: Y.Map<unknown>): Y.Map<unknown> => document.get('meta') as Y.Map<unknown>;

describe('SharedEditGuard: dates, every taxonomy, meta', () => {
  it("lets a contributor date their draft (their own save could), refuses re-dating a public post's without wp:action-publish", () => {
    const { client, send } = guardedRoom();
    const contributor = client();
    expect(send(contributor, CONTRIBUTOR, (d) => d.set('date', '2030-01-01T00:00:00'))).toEqual([]);

    const published = guardedRoom();
    expect(published.send(published.client(), EDITOR, (d) => d.set('status', 'publish'))).toEqual([]);
    const refused = published.send(published.client(), EDIT_ONLY, (d) => {
      d.set('date', '2030-01-01T00:00:00');
      d.set('date_gmt', '2030-01-01T00:00:00');
    });
    expect(refused.map((entry) => entry.field)).toEqual(['date', 'date_gmt']);
    expect(refused[0]?.reason).toMatch(/needs wp:action-publish/);
    expect(published.send(published.client(), EDITOR, (d) => d.set('date', '2030-01-01T00:00:00'))).toEqual(
      [],
    );
  });

  it('refuses a date and a publishing status sent together by a contributor', () => {
    const { client, send } = guardedRoom();
    const refused = send(client(), CONTRIBUTOR, (d) => {
      d.set('status', 'publish');
      d.set('date', '2001-01-01T00:00:00');
    });
    expect(refused.map((entry) => entry.field).sort()).toEqual(['date', 'status']);
  });

  it("guards the terms of every taxonomy in the record's wp:term links, not only categories and tags", () => {
    const contributor = capabilitiesFromLinks({
      ...TERM_LINKS,
      'wp:action-assign-categories': [{ href: 'x' }],
    });
    expect([...(contributor.termFields ?? [])].sort()).toEqual(['categories', 'genres', 'tags']);
    const { client, send } = guardedRoom();
    expect(send(client(), contributor, (d) => d.set('categories', [3]))).toEqual([]);
    expect(send(client(), contributor, (d) => d.set('genres', [7])).map((entry) => entry.field)).toEqual([
      'genres',
    ]);
    const editor = capabilitiesFromLinks({ ...TERM_LINKS, 'wp:action-assign-genres': [{ href: 'x' }] });
    expect(send(client(), editor, (d) => d.set('genres', [7]))).toEqual([]);
  });

  it("refuses protected meta to a user who may not edit others' posts, keeps other meta open", () => {
    const { client, send } = guardedRoom();
    expect(
      send(client(), CONTRIBUTOR, (d) => meta(d).set('subtitle', 'Open to editors of the post')),
    ).toEqual([]);
    const refused = send(client(), CONTRIBUTOR, (d) => meta(d).set('_featured_flag', true));
    expect(refused.map((entry) => entry.field)).toEqual(['meta._featured_flag']);
    expect(refused[0]?.reason).toMatch(/edit_post_meta/);
    expect(send(client(), EDITOR, (d) => meta(d).set('_featured_flag', true))).toEqual([]);
  });

  it("accepts protected meta set to the record's saved value (a client writing the base before its first edit) and a removal", () => {
    const { client, send } = guardedRoom();
    const saved = savedValuesOf({ meta: { _layout: 'wide', subtitle: '' } });
    expect(send(client(), CONTRIBUTOR, (d) => meta(d).set('_layout', 'wide'), new Map(), saved)).toEqual([]);
    expect(send(client(), CONTRIBUTOR, (d) => meta(d).delete('_layout'), new Map(), saved)).toEqual([]);
    expect(
      send(client(), CONTRIBUTOR, (d) => meta(d).set('_layout', 'narrow'), new Map(), saved).map(
        (entry) => entry.field,
      ),
    ).toEqual(['meta._layout']);
  });

  it('takes a server rule for meta keys whose auth_callback is stricter than the default', () => {
    const room = new Y.Doc();
    room.getMap('document').set('meta', new Y.Map());
    const guard = new SharedEditGuard(room, {
      mayChangeMeta: (key, can) => key !== 'price' || can.canPublish,
    });
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(room));
    const before = Y.encodeStateVector(client);
    (client.getMap('document').get('meta') as Y.Map<unknown>).set('price', 10);
    const update = Y.encodeStateAsUpdate(client, before);
    expect(guard.check(update, CONTRIBUTOR).map((entry) => entry.field)).toEqual(['meta.price']);
    expect(guard.check(update, EDITOR)).toEqual([]);
  });
});
