import { describe, expect, it, vi } from 'vitest';
import { PostTypeConfig, RootStore, type EntityRecord, type Transport } from 'wp-entities';
import '../../src/sync/index.js';
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';

const offline = {
  request: () => Promise.reject(new Error('offline')),
  fetchAll: () => Promise.reject(new Error('offline')),
  allowedMethods: () => Promise.reject(new Error('offline')),
  batch: () => Promise.reject(new Error('offline')),
} as unknown as Transport;

describe('store.dispose() with sync', () => {
  it('ends every room, document, provider, awareness timer and funnel listener', async () => {
    vi.useFakeTimers();
    try {
      const net = memoryNetwork({ autoDeliver: false });
      const store = new RootStore({
        transport: offline,
        gcTimeMs: Infinity,
        sync: { user: { id: 1, name: 'Ana', color: '#c2185b' }, providers: [net.provider()] },
      });
      store.entities.register(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' }));
      store
        .collection('postType', 'post')
        .receive({ id: 1, title: { raw: 'Hi', rendered: 'Hi' }, modified_gmt: 'x' });
      const record = store.record('postType', 'post', 1) as EntityRecord<object>;
      await store.sync?.join(record);
      const doc = store.sync?.doc(record);
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      store.dispose();
      expect(vi.getTimerCount()).toBe(0);
      expect(doc?.isDestroyed).toBe(true);
      expect(store.sync?.isJoined(record)).toBe(false);
      expect(store.sync?.connection(record)).toBe('disconnected');
      expect(() => store.sync?.join(record)).toThrow(/disposed/);
    } finally {
      vi.useRealTimers();
    }
  });
});
