/**
 * Persistence in Redis: a room's unsaved edits are stored after a short debounce, outlive the
 * server that held them, and expire after the idle time (7 days by default; shortened here).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncServer, siteOfRestRoot, type SyncServerOptions } from '../../src/sync/server/index.js';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from '../../src/testing/index.js';
import { redisDown, useRedis } from '../helpers/redis.js';
import { connectServerClient } from '../helpers/syncServerClient.js';

const mock = createMockWordPress();
let wordpress: MockServerHandle;
let redisSetup: { url: string; startedHere: boolean };
let redis: Redis;

const newRoom = (): string =>
  `${siteOfRestRoot(wordpress.root)}/postType/post/${mock.addPost('post', { title: 'Stored', status: 'draft', author: MOCK_USERS.author.id })}`;
const keyOf = (room: string): string => `wp-entities:doc:${room}`;

beforeAll(async () => {
  redisSetup = await useRedis();
  redis = new Redis(redisSetup.url);
  wordpress = await mock.listen();
});

afterAll(async () => {
  redis?.disconnect();
  await wordpress?.close();
  if (redisSetup?.startedHere) await redisDown();
});

/** An author opens `room` on a new server, sets the title, leaves; then the server shuts down. */
async function editAndLeave(
  room: string,
  title: string,
  options: Partial<SyncServerOptions> = {},
): Promise<void> {
  const server = await createSyncServer({
    wordpress: wordpress.root,
    redis: redisSetup.url,
    storeDebounceMs: 50,
    ...options,
  });
  const writer = connectServerClient({
    url: server.url,
    room,
    authorization: MOCK_USERS.author.authorization,
  });
  await writer.waitForStatus('connected');
  writer.doc.getMap('edits').set('title', title);
  writer.destroy();
  await server.close();
}

describe('room documents in Redis', () => {
  it('stores a room shortly after a change and gives it to the next server that opens it', async () => {
    const room = newRoom();
    const first = await createSyncServer({
      wordpress: wordpress.root,
      redis: redisSetup.url,
      storeDebounceMs: 100,
    });
    const writer = connectServerClient({
      url: first.url,
      room,
      authorization: MOCK_USERS.author.authorization,
    });
    await writer.waitForStatus('connected');
    writer.doc.getText('content').insert(0, 'unsaved but shared');
    const stored = async (): Promise<boolean> => (await redis.exists(keyOf(room))) === 1;
    for (let i = 0; i < 100 && !(await stored()); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toBe(true);
    writer.destroy();
    await first.close();

    const second = await createSyncServer({ wordpress: wordpress.root, redis: redisSetup.url });
    const reader = connectServerClient({
      url: second.url,
      room,
      authorization: MOCK_USERS.admin.authorization,
    });
    await reader.waitFor(() => reader.doc.getText('content').toString() === 'unsaved but shared');
    reader.destroy();
    await second.close();
  });

  it('keeps an idle room for 7 days by default', async () => {
    const room = newRoom();
    await editAndLeave(room, 'kept a week');

    const ttlMs = await redis.pttl(keyOf(room));
    const weekMs = 7 * 24 * 60 * 60 * 1000;
    expect(ttlMs).toBeGreaterThan(weekMs - 60_000);
    expect(ttlMs).toBeLessThanOrEqual(weekMs);
  });

  it('forgets a room once it was idle for the expiry time', async () => {
    const room = newRoom();
    await editAndLeave(room, 'short-lived', { idleRoomExpiryMs: 1_000 });
    expect(await redis.exists(keyOf(room))).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await redis.exists(keyOf(room))).toBe(0);
    const later = await createSyncServer({ wordpress: wordpress.root, redis: redisSetup.url });
    const reader = connectServerClient({
      url: later.url,
      room,
      authorization: MOCK_USERS.admin.authorization,
    });
    await reader.waitForStatus('connected');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reader.doc.getMap('edits').get('title')).toBeUndefined();
    reader.destroy();
    await later.close();
  });
});
