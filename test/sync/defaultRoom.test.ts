import { describe, expect, it } from 'vitest';
import { RestTransport, RootStore } from 'wp-entities';
import { SyncManager, type ProviderFactory } from 'wp-entities/sync';
import { siteOfRestRoot } from '../../src/sync/shared/roomName.js';

describe('default room names', () => {
  it('name the site by the REST root, as the sync server expects, and not by the store wrapper', async () => {
    const rooms: string[] = [];
    const recordRooms: ProviderFactory = (context) => {
      rooms.push(context.room);
      return { kind: 'local', whenLoaded: Promise.resolve(), destroy: () => undefined };
    };
    const root = 'http://wp.example.test/wp-json/';
    const store = new RootStore({
      transport: new RestTransport({ root }),
      sync: { user: { id: 1, name: 'Ana', color: '#c2185b' }, providers: [recordRooms] },
    });
    expect(store.sync).toBeInstanceOf(SyncManager);
    await store.sync?.join(store.record('postType', 'post', 5));
    expect(rooms).toEqual([`${siteOfRestRoot(root)}/postType/post/5`]);
    expect(rooms[0]).toBe('wp.example.test/wp-json/postType/post/5');
    store.dispose();
  });
});
