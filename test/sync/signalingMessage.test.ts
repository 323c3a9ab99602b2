import { describe, expect, it } from 'vitest';
import { parseSignalingMessage } from '../../src/sync/server/signalingMessage.js';
import { TopicSpace, type Subscriber } from '../../src/sync/server/TopicSpace.js';
import { MAX_TOPICS_PER_CONNECTION } from '../../src/sync/shared/signalingConstants.js';

describe('parseSignalingMessage', () => {
  it('accepts the four y-webrtc message types', () => {
    expect(parseSignalingMessage('{"type":"subscribe","topics":["a","b"]}')).toEqual({
      type: 'subscribe',
      topics: ['a', 'b'],
    });
    expect(parseSignalingMessage('{"type":"unsubscribe","topics":["a"]}')).toEqual({
      type: 'unsubscribe',
      topics: ['a'],
    });
    expect(parseSignalingMessage('{"type":"publish","topic":"a","data":{"x":1}}')).toEqual({
      type: 'publish',
      topic: 'a',
      data: { x: 1 },
    });
    expect(parseSignalingMessage('{"type":"ping"}')).toEqual({ type: 'ping' });
  });

  it.each([
    ['bad JSON', '{"type":'],
    ['a JSON array', '[]'],
    ['null', 'null'],
    ['an unknown type', '{"type":"shout"}'],
    ['topics that are not an array', '{"type":"subscribe","topics":"a"}'],
    ['topics that are not strings', '{"type":"subscribe","topics":[1]}'],
    ['an empty topic', '{"type":"subscribe","topics":[""]}'],
    ['a publish without topic', '{"type":"publish","data":1}'],
    ['a publish with a non-string topic', '{"type":"publish","topic":{}}'],
    ['an oversized message', JSON.stringify({ type: 'publish', topic: 'a', data: 'x'.repeat(70_000) })],
    [
      'a huge topic list',
      JSON.stringify({
        type: 'subscribe',
        topics: Array.from({ length: MAX_TOPICS_PER_CONNECTION + 1 }, (_, i) => `t${i}`),
      }),
    ],
  ])('drops %s', (_label, raw) => {
    expect(parseSignalingMessage(raw)).toBeUndefined();
  });

  it('drops anything that is not text', () => {
    expect(parseSignalingMessage(Buffer.from('{"type":"ping"}'))).toBeUndefined();
    expect(parseSignalingMessage(undefined)).toBeUndefined();
  });
});

function subscriber(): Subscriber & { inbox: unknown[] } {
  const inbox: unknown[] = [];
  return { topics: new Set(), inbox, send: (json) => inbox.push(JSON.parse(json)) };
}

describe('TopicSpace', () => {
  it('delivers a publish to every subscriber of the topic, sender included, with a client count', () => {
    const space = new TopicSpace();
    const [a, b, outsider] = [subscriber(), subscriber(), subscriber()];
    space.handle(a, { type: 'subscribe', topics: ['room'] });
    space.handle(b, { type: 'subscribe', topics: ['room'] });
    space.handle(a, { type: 'publish', topic: 'room', data: 'hi' });
    expect(a.inbox).toEqual([{ type: 'publish', topic: 'room', data: 'hi', clients: 2 }]);
    expect(b.inbox).toEqual(a.inbox);
    expect(outsider.inbox).toEqual([]);
  });

  it('answers ping with pong to the sender only', () => {
    const space = new TopicSpace();
    const a = subscriber();
    space.handle(a, { type: 'ping' });
    expect(a.inbox).toEqual([{ type: 'pong' }]);
  });

  it('forgets topics nobody listens to any more', () => {
    const space = new TopicSpace();
    const [a, b] = [subscriber(), subscriber()];
    space.handle(a, { type: 'subscribe', topics: ['x', 'y'] });
    space.handle(b, { type: 'subscribe', topics: ['y'] });
    space.handle(a, { type: 'unsubscribe', topics: ['x'] });
    expect(space.topicCount).toBe(1);
    space.remove(a);
    space.remove(b);
    expect(space.topicCount).toBe(0);
  });

  it('caps the topics one connection may hold', () => {
    const space = new TopicSpace();
    const flooder = subscriber();
    for (let round = 0; round < 5; round++) {
      space.handle(flooder, {
        type: 'subscribe',
        topics: Array.from({ length: 200 }, (_, i) => `r${round}-${i}`),
      });
    }
    expect(flooder.topics.size).toBe(MAX_TOPICS_PER_CONNECTION);
    expect(space.topicCount).toBe(MAX_TOPICS_PER_CONNECTION);
  });
});
