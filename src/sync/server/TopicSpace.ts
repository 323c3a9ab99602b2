/**
 * The one topic space the signalling server's WebSocket and HTTP clients share: who listens to
 * which topic, and the fan-out of published messages.
 */
import { MAX_TOPICS_PER_CONNECTION } from '../shared/signalingConstants.js';
import type { SignalingMessage } from './signalingMessage.js';

/** One connected client, whatever its transport. */
export interface Subscriber {
  /** Topics this client listens to; kept by the {@link TopicSpace}. */
  readonly topics: Set<string>;
  /** Sends one message (already JSON) to the client; drops it if the client is gone. */
  send(json: string): void;
}

/** Topic → subscribers. Empty topics are removed, so memory follows live subscriptions only. */
export class TopicSpace {
  private readonly subscribersByTopic = new Map<string, Set<Subscriber>>();

  /** Number of topics with at least one subscriber (for tests and diagnostics). */
  get topicCount(): number {
    return this.subscribersByTopic.size;
  }

  /** Applies one parsed message from `from`: subscribe, unsubscribe, publish (fan-out) or ping. */
  handle(from: Subscriber, message: SignalingMessage): void {
    switch (message.type) {
      case 'subscribe':
        for (const topic of message.topics) {
          // Past the cap, further topics are ignored; the client keeps what it already has.
          if (from.topics.size >= MAX_TOPICS_PER_CONNECTION && !from.topics.has(topic)) break;
          let subscribers = this.subscribersByTopic.get(topic);
          if (!subscribers) {
            subscribers = new Set();
            this.subscribersByTopic.set(topic, subscribers);
          }
          subscribers.add(from);
          from.topics.add(topic);
        }
        return;
      case 'unsubscribe':
        for (const topic of message.topics) this.leave(from, topic);
        return;
      case 'publish': {
        const subscribers = this.subscribersByTopic.get(message.topic);
        if (!subscribers) return;
        const json = JSON.stringify({ ...message, clients: subscribers.size });
        for (const subscriber of subscribers) subscriber.send(json);
        return;
      }
      case 'ping':
        from.send('{"type":"pong"}');
        return;
    }
  }

  /** Removes a client that went away from every topic it listened to. */
  remove(subscriber: Subscriber): void {
    for (const topic of [...subscriber.topics]) this.leave(subscriber, topic);
  }

  private leave(subscriber: Subscriber, topic: string): void {
    const subscribers = this.subscribersByTopic.get(topic);
    subscriber.topics.delete(topic);
    if (!subscribers) return;
    subscribers.delete(subscriber);
    if (subscribers.size === 0) this.subscribersByTopic.delete(topic);
  }
}
