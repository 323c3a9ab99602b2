/**
 * `createSignalingServer`: one Node HTTP server speaking y-webrtc's signalling protocol over
 * WebSocket and over HTTP (an event stream per client plus form POSTs), sharing one topic space,
 * so browsers on either transport find each other.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import {
  MAX_HELD_SIGNALING_POSTS,
  MAX_PENDING_OUTPUT_BYTES,
  MAX_SIGNALING_BATCH_MESSAGES,
  MAX_SIGNALING_MESSAGE_BYTES,
  SERVER_HEARTBEAT_MS,
  SIGNALING_BATCH_HEADER,
  SIGNALING_UPSTREAM_HEADER,
  SIGNALING_UPSTREAM_READY_EVENT,
} from '../shared/signalingConstants.js';
import { parseSignalingMessage } from './signalingMessage.js';
import { TopicSpace, type Subscriber } from './TopicSpace.js';

/** Options of {@link createSignalingServer}. */
export interface SignalingServerOptions {
  /** TCP port; 0 picks a free one. @default 4444 */
  port?: number;
  /** Interface to listen on; loopback unless you mean to serve other machines. @default '127.0.0.1' */
  host?: string;
}

/** A running signalling server. */
export interface SignalingServer {
  /** `ws://host:port`: for `webrtcProvider({ signaling: [wsUrl] })` with WebSocket signalling. */
  readonly wsUrl: string;
  /** `http://host:port`: the same rooms over HTTP signalling (event stream + form POSTs). */
  readonly httpUrl: string;
  /** Stops listening and ends every open connection and stream. */
  close(): Promise<void>;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-expose-headers': `${SIGNALING_BATCH_HEADER}, ${SIGNALING_UPSTREAM_HEADER}`,
};
/** Every POST answer tells the client it may batch (see HttpSignalingSocket). */
const POST_HEADERS = { ...CORS_HEADERS, [SIGNALING_BATCH_HEADER]: String(MAX_SIGNALING_BATCH_MESSAGES) };

/** An HTTP client: its event stream is the way back; it ends when the stream closes. */
class StreamSubscriber implements Subscriber {
  readonly topics = new Set<string>();
  /** Ends this subscriber's open upstream (see `receiveUpstream`), if it has one. */
  endUpstream: (() => void) | undefined;
  private nextSeq = 0;
  /** Numbered POSTs that arrived before an earlier number, by number. */
  private readonly held = new Map<number, () => void>();
  constructor(private readonly response: ServerResponse) {}

  /**
   * Applies numbered POST `seq` in order: now if it is the next one (then any held successors),
   * later if an earlier one is still on its way. A repeat is ignored. False when too many are held.
   */
  applyInOrder(seq: number, apply: () => void): boolean {
    if (seq < this.nextSeq) return true;
    if (seq > this.nextSeq) {
      if (this.held.size >= MAX_HELD_SIGNALING_POSTS) return false;
      this.held.set(seq, apply);
      return true;
    }
    apply();
    this.nextSeq += 1;
    for (let next = this.held.get(this.nextSeq); next; next = this.held.get(this.nextSeq)) {
      this.held.delete(this.nextSeq);
      next();
      this.nextSeq += 1;
    }
    return true;
  }

  send(json: string): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    if (this.response.writableLength > MAX_PENDING_OUTPUT_BYTES) {
      this.response.destroy();
      return;
    }
    this.response.write(`data: ${json}\n\n`);
  }
  /** A named event with no data (browsers' EventSource does not hand it to `onmessage`). */
  sendEvent(name: string): void {
    if (!this.response.writableEnded && !this.response.destroyed)
      this.response.write(`event: ${name}\ndata: {}\n\n`);
  }
  end(): void {
    this.response.end();
  }
}

/** A WebSocket client. */
class SocketSubscriber implements Subscriber {
  readonly topics = new Set<string>();
  /** Cleared at each heartbeat ping, set again by the pong; still clear at the next ping = gone. */
  isAlive = true;
  constructor(readonly socket: WebSocket) {}
  send(json: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_PENDING_OUTPUT_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(json);
  }
}

/**
 * Starts a signalling server. Protocol (y-webrtc's): JSON messages `subscribe {topics}`,
 * `unsubscribe {topics}`, `publish {topic, …}` (sent to every subscriber of the topic with a
 * `clients` count) and `ping` (answered `pong`).
 * - WebSocket: one message per frame, on any path.
 * - HTTP: `GET ?subscriber_id=S&action=A` opens a `text/event-stream` (one `data: <json>` per
 *   message); `POST` form fields `subscriber_id`, `action`, `message` (the JSON; repeated, up to
 *   {@link MAX_SIGNALING_BATCH_MESSAGES} times, for a batch handled in order) act for the
 *   subscriber whose stream is open; with a `seq` field (0, 1, 2, … per subscriber) POSTs are
 *   applied in that order whatever order they arrive in. The stream and POST answers carry
 *   `x-signaling-batch-max`. The stream also carries `x-signaling-upstream: 1`: a
 *   `POST ?subscriber_id=S&action=A&upstream=1` may then stream the subscriber's messages as the
 *   lines of one long body (see `receiveUpstream`). `GET /` without a subscriber answers `okay`.
 * Malformed input is dropped; a connection holds at most a bounded number of topics and each
 * message is size-limited. Resolves once listening.
 */
export async function createSignalingServer(options: SignalingServerOptions = {}): Promise<SignalingServer> {
  const { port = 4444, host = '127.0.0.1' } = options;
  const topics = new TopicSpace();
  const streams = new Map<string, StreamSubscriber>();

  const openStream = (subscriberId: string, response: ServerResponse): void => {
    streams.get(subscriberId)?.end();
    const subscriber = new StreamSubscriber(response);
    streams.set(subscriberId, subscriber);
    response.writeHead(200, {
      ...CORS_HEADERS,
      [SIGNALING_BATCH_HEADER]: String(MAX_SIGNALING_BATCH_MESSAGES),
      [SIGNALING_UPSTREAM_HEADER]: '1',
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    response.write(': open\n\n');
    response.on('close', () => {
      subscriber.endUpstream?.();
      topics.remove(subscriber);
      if (streams.get(subscriberId) === subscriber) streams.delete(subscriberId);
    });
  };

  const receivePost = (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Form encoding can triple a message's size; beyond that the body is not a signalling message.
      if (tooBig) return;
      if (size > MAX_SIGNALING_MESSAGE_BYTES * 3 + 1024) {
        // The rest of the body is read and discarded (not buffered); resetting the socket instead
        // would also fail requests a client had pipelined on the same keep-alive connection.
        tooBig = true;
        chunks.length = 0;
        response.writeHead(413, { ...CORS_HEADERS, connection: 'close' }).end();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (tooBig) return;
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const subscriber = streams.get(form.get('subscriber_id') ?? '');
      const raw = form.getAll('message');
      if (!subscriber) {
        response.writeHead(404, CORS_HEADERS).end();
        return;
      }
      if (raw.length > MAX_SIGNALING_BATCH_MESSAGES) {
        response.writeHead(413, POST_HEADERS).end();
        return;
      }
      // A batch is handled in order; a malformed message in it is dropped, the others still count.
      const messages = raw.map(parseSignalingMessage).filter((message) => message !== undefined);
      const seqField = form.get('seq');
      const seq = seqField === null ? undefined : Number(seqField);
      if (messages.length === 0 || (seq !== undefined && (!Number.isSafeInteger(seq) || seq < 0))) {
        response.writeHead(400, POST_HEADERS).end();
        return;
      }
      const apply = (): void => {
        for (const message of messages) topics.handle(subscriber, message);
      };
      if (seq === undefined) {
        apply();
      } else if (!subscriber.applyInOrder(seq, apply)) {
        // Far ahead of a number that never came: this client is broken; it reconnects from scratch.
        subscriber.end();
        response.writeHead(413, POST_HEADERS).end();
        return;
      }
      response.writeHead(204, POST_HEADERS).end();
    });
    request.on('error', () => request.destroy());
  };

  /**
   * An upstream: a POST whose body is the subscriber's messages, one per line (JSON text has no
   * raw newlines), each handled as it arrives, in order. The first line is a greeting, answered
   * on the event stream with the ready event. One per subscriber at a time; it ends with the
   * subscriber's event stream. A line longer than a message may be closes it.
   */
  const receiveUpstream = (request: IncomingMessage, response: ServerResponse, url: URL): void => {
    const subscriber = streams.get(url.searchParams.get('subscriber_id') ?? '');
    if (!subscriber || subscriber.endUpstream !== undefined) {
      response.writeHead(subscriber ? 409 : 404, { ...CORS_HEADERS, connection: 'close' }).end();
      request.destroy();
      return;
    }
    let buffered = '';
    let isGreeted = false;
    const finish = (status: number): void => {
      if (subscriber.endUpstream !== finishOnClose) return;
      subscriber.endUpstream = undefined;
      if (!response.headersSent) response.writeHead(status, { ...CORS_HEADERS, connection: 'close' });
      response.end();
      if (!request.complete) request.destroy();
    };
    const finishOnClose = (): void => finish(204);
    subscriber.endUpstream = finishOnClose;
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      if (subscriber.endUpstream !== finishOnClose) return;
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (!isGreeted) {
          isGreeted = true;
          subscriber.sendEvent(SIGNALING_UPSTREAM_READY_EVENT);
          continue;
        }
        const message = line === '' ? undefined : parseSignalingMessage(line);
        if (message) topics.handle(subscriber, message);
      }
      if (buffered.length > MAX_SIGNALING_MESSAGE_BYTES) finish(413);
    });
    request.on('end', () => finish(204));
    request.on('error', () => finish(400));
    request.on('close', () => finish(400));
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://signaling.invalid');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS).end();
    } else if (request.method === 'POST' && url.searchParams.get('upstream') === '1') {
      receiveUpstream(request, response, url);
    } else if (request.method === 'POST') {
      receivePost(request, response);
    } else if (request.method === 'GET') {
      const subscriberId = url.searchParams.get('subscriber_id');
      if (subscriberId && subscriberId.length <= 256) openStream(subscriberId, response);
      else response.writeHead(200, { ...CORS_HEADERS, 'content-type': 'text/plain' }).end('okay');
    } else {
      response.writeHead(405, CORS_HEADERS).end();
    }
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  // ws closes a connection whose frame exceeds maxPayload; smaller oversize messages are just dropped below.
  const sockets = new WebSocketServer({ server, maxPayload: MAX_SIGNALING_MESSAGE_BYTES * 4 });
  const socketSubscribers = new WeakMap<WebSocket, SocketSubscriber>();
  sockets.on('connection', (socket) => {
    const subscriber = new SocketSubscriber(socket);
    socketSubscribers.set(socket, subscriber);
    socket.on('pong', () => {
      subscriber.isAlive = true;
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return;
      const message = parseSignalingMessage(data.toString());
      if (message) topics.handle(subscriber, message);
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => topics.remove(subscriber));
  });
  const heartbeat = setInterval(() => {
    for (const socket of sockets.clients) {
      const subscriber = socketSubscribers.get(socket);
      if (subscriber && !subscriber.isAlive) {
        socket.terminate();
        continue;
      }
      if (subscriber) subscriber.isAlive = false;
      socket.ping();
    }
  }, SERVER_HEARTBEAT_MS);
  heartbeat.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    wsUrl: `ws://${hostInUrl}:${address.port}`,
    httpUrl: `http://${hostInUrl}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        for (const socket of sockets.clients) socket.terminate();
        for (const stream of streams.values()) stream.end();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
