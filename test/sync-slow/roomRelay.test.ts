/**
 * The relay between sync server processes (`RoomRelay`), two Hocuspocus instances on one Redis
 * with no sockets (direct connections make the changes): a change travels as itself, in one Redis
 * message, and a server that missed one asks for it as soon as a later change shows the gap, so no
 * change is lost and no room waits for the next reconnection to heal.
 */
import { randomUUID } from 'node:crypto';
import { Hocuspocus, type Document } from '@hocuspocus/server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRelay } from '../../src/sync/server/roomRelay.js';
import { redisDown, useRedis } from '../helpers/redis.js';
import { waitUntil } from '../helpers/syncServerClient.js';

const PREFIX = `wp-entities-test-relay-${randomUUID()}`;

let redisSetup: { url: string; startedHere: boolean };
const opened: { instance: Hocuspocus; relay: RoomRelay }[] = [];
const listeners: Redis[] = [];

beforeAll(async () => {
  redisSetup = await useRedis();
});

afterAll(async () => {
  for (const { instance } of opened) await instance.hooks('onDestroy', { instance }).catch(() => undefined);
  for (const listener of listeners) listener.disconnect();
  if (redisSetup?.startedHere) await redisDown();
});

/** A Hocuspocus instance relaying through Redis, as one sync server process. */
function server(): { instance: Hocuspocus; relay: RoomRelay } {
  const relay = new RoomRelay({
    identifier: `test-${randomUUID()}`,
    prefix: PREFIX,
    createClient: () => new Redis(redisSetup.url, { maxRetriesPerRequest: null }),
  });
  const instance = new Hocuspocus({ quiet: true, extensions: [relay] });
  const made = { instance, relay };
  opened.push(made);
  return made;
}

/** Opens `room` on `instance`: the document, once the relay subscribed and asked for the room's state. */
async function open(instance: Hocuspocus, room: string): Promise<Document> {
  const connection = await instance.openDirectConnection(room);
  const document = connection.document;
  if (document === null) throw new Error('direct connection closed');
  return document;
}

/** Counts the messages published on a room's channel. */
async function countMessages(room: string): Promise<{ readonly count: number }> {
  const listener = new Redis(redisSetup.url);
  listeners.push(listener);
  const counter = { count: 0 };
  await listener.subscribe(`${PREFIX}:${room}`);
  listener.on('messageBuffer', () => void (counter.count += 1));
  return counter;
}

const text = (document: Document): string => document.getText('content').toString();

describe('the relay between sync servers', () => {
  it('sends a change to the other server as itself, one Redis message per change', async () => {
    const room = `relay-${randomUUID()}`;
    const a = server();
    const b = server();
    const onA = await open(a.instance, room);
    const onB = await open(b.instance, room);
    // The opening rounds (state vectors, presence queries) settle first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const messages = await countMessages(room);

    for (const letter of 'hello') onA.getText('content').insert(onA.getText('content').length, letter);
    await waitUntil(() => text(onB) === 'hello', 5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Five keystrokes, five messages: no state-vector round per change.
    expect(messages.count).toBe(5);
  });

  it('asks for a change it missed as soon as a later one depends on it, and loses nothing', async () => {
    const room = `relay-${randomUUID()}`;
    const a = server();
    const b = server();
    const onA = await open(a.instance, room);
    const onB = await open(b.instance, room);
    onA.getText('content').insert(0, 'a');
    await waitUntil(() => text(onB) === 'a', 5_000);

    // The second server misses a change (as while it is not subscribed), then gets the next one.
    const channel = `${PREFIX}:${room}`;
    await b.relay.sub.unsubscribe(channel);
    onA.getText('content').insert(1, 'b');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await b.relay.sub.subscribe(channel);
    onA.getText('content').insert(2, 'c');

    await waitUntil(() => text(onB) === 'abc', 5_000);
    expect(onB.store.pendingStructs).toBeNull();
  });
});
