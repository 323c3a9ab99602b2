/**
 * The messages of y-webrtc's signalling protocol, as the server accepts them. Anything else
 * (bad JSON, wrong field types, unknown types, oversized) parses to `undefined` and is dropped.
 */
import {
  MAX_SIGNALING_MESSAGE_BYTES,
  MAX_TOPIC_LENGTH,
  MAX_TOPICS_PER_CONNECTION,
} from '../shared/signalingConstants.js';

/** A client asks to receive what is published on these topics. */
export interface SubscribeMessage {
  type: 'subscribe' | 'unsubscribe';
  topics: string[];
}
/** A client sends a message to every subscriber of a topic (itself included, as y-webrtc expects). */
export interface PublishMessage {
  type: 'publish';
  topic: string;
  /** The rest of the message, forwarded untouched (y-webrtc puts its payload in `data`). */
  [field: string]: unknown;
}
/** Liveness check; the server answers `{ type: 'pong' }` on the same connection. */
export interface PingMessage {
  type: 'ping';
}
/** Any valid signalling message. */
export type SignalingMessage = SubscribeMessage | PublishMessage | PingMessage;

function isTopic(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_TOPIC_LENGTH;
}

/**
 * Parses one signalling message from the wire, or returns `undefined` for anything malformed:
 * not a string, longer than {@link MAX_SIGNALING_MESSAGE_BYTES}, not a JSON object, an unknown
 * `type`, topics that are not non-empty strings, or more topics than one connection may hold.
 */
export function parseSignalingMessage(raw: unknown): SignalingMessage | undefined {
  // Length in UTF-16 units is at most the UTF-8 byte length, so this check never lets a too-big message through uncounted below.
  if (typeof raw !== 'string' || raw.length > MAX_SIGNALING_MESSAGE_BYTES) return undefined;
  if (Buffer.byteLength(raw, 'utf8') > MAX_SIGNALING_MESSAGE_BYTES) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'subscribe':
    case 'unsubscribe': {
      const topics = message.topics;
      if (!Array.isArray(topics) || topics.length > MAX_TOPICS_PER_CONNECTION || !topics.every(isTopic)) {
        return undefined;
      }
      return { type: message.type, topics: topics as string[] };
    }
    case 'publish':
      return isTopic(message.topic) ? (message as PublishMessage) : undefined;
    case 'ping':
      return { type: 'ping' };
    default:
      return undefined;
  }
}
