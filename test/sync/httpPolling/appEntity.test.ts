/**
 * An app adds an entity of its own that syncs with one config entry (its `sync` says which fields
 * are shared texts and who may join its rooms) and the mock serves its route: two people co-edit
 * it through the mock's relay like a post, and a person the entity's rules leave out is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EntityConfig, type EntityRecord, type RootStore } from 'wp-entities';
import { mockWithPost, pollingStore, transportAs, until } from './helpers.js';

const stores: RootStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

/** The whole entity: a plugin's shared note, its `body` merged character by character. */
const NOTE = {
  kind: 'root',
  name: 'note',
  baseURL: '/my-notes/v1/note',
  singleton: true,
  sync: { textFields: ['body'], roomCapability: 'edit_posts' },
};

function bodyOf(record: EntityRecord<object>): string {
  return String((record.edited as { body?: unknown } | undefined)?.body ?? '');
}

async function openNote(
  n: number,
  mock: ReturnType<typeof mockWithPost>['mock'],
): Promise<EntityRecord<object>> {
  const store = pollingStore(transportAs(mock), n);
  stores.push(store);
  store.entities.register(new EntityConfig(NOTE));
  const record = store.record('root', 'note', undefined) as EntityRecord<object>;
  await record.fetch();
  await store.sync?.join(record);
  return record;
}

describe('an entity of an app that syncs, from its config entry', () => {
  it('is co-edited by two stores through the relay, both people keeping their characters', async () => {
    const { mock } = mockWithPost();
    mock.serveEntity(new EntityConfig(NOTE), { body: 'Hello', color: 'red' });
    const a = await openNote(1, mock);
    const b = await openNote(2, mock);
    expect(stores[0]?.sync?.isSynced(a)).toBe(true);
    await until(() => (stores[0]?.sync?.peers(a).length ?? 0) === 1, 5000, 'presence');
    a.edit({ body: '>Hello' });
    b.edit({ body: 'Hello<' });
    await until(() => bodyOf(a) === bodyOf(b) && bodyOf(a).length === 7, 5000, 'convergence');
    expect(bodyOf(a)).toBe('>Hello<');
    // The body is a shared text (character merge), as its config says; the room is the relay's.
    expect(stores[0]?.sync?.sharedText(a, 'body')?.toString()).toBe('>Hello<');
    expect(mock.syncRelay.presence('root/note')).toHaveLength(2);
    // A plain field stays a plain value: the last writer wins.
    b.edit({ color: 'blue' });
    await until(() => (a.edited as { color?: string }).color === 'blue', 5000, "B's color on A");
  });

  it('lets in only people with the capability its rules name', async () => {
    const { mock } = mockWithPost();
    mock.serveEntity(
      new EntityConfig({ ...NOTE, sync: { ...NOTE.sync, roomCapability: 'manage_options' } }),
      {
        body: 'Hello',
      },
    );
    expect(mock.syncRelay.rulesOf('root', 'note')?.textFields).toEqual(['body']);
    mock.setCurrentRole('editor');
    const response = await mock.handle(
      new Request(`${mock.restRoot}/wp-sync/v1/updates`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          rooms: [{ room: 'root/note', client_id: 5, after: 0, awareness: null, updates: [] }],
        }),
      }),
    );
    expect(response.status).toBe(403);
    mock.setCurrentRole('administrator');
    const allowed = await mock.handle(
      new Request(`${mock.restRoot}/wp-sync/v1/updates`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          rooms: [{ room: 'root/note', client_id: 5, after: 0, awareness: null, updates: [] }],
        }),
      }),
    );
    expect(allowed.status).toBe(200);
  });
});
