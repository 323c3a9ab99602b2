/**
 * HTTP signalling as a WebSocket-shaped object, so y-webrtc (which only knows `new WebSocket(url)`)
 * can signal over plain HTTP with no fork: the way down is an event stream
 * (`GET url?subscriber_id=S&action=A`, one `data: <json>` per message), the way up is form POSTs
 * (`subscriber_id`, `action`, `message`). lib0's reconnect, ping and liveness logic drive it exactly
 * as they drive a real WebSocket: a dropped stream or a failed POST closes it, and lib0 reopens.
 * The server must see signalling in the order sent. A server that says so (header
 * `x-signaling-batch-max` on the event stream or a POST answer) takes batches (repeated `message`
 * fields) and numbered POSTs (`seq`, applied in order): then messages sent in the same tick leave
 * together and up to {@link MAX_PIPELINED_SIGNALING_POSTS} POSTs are in flight at once, so a message
 * never waits for the answer to the one before. A server that never says so (say, a WordPress
 * endpoint expecting one `message`) gets one message per POST, one POST at a time.
 *
 * Where the event stream is read with fetch (Node) and fetch can stream a request body, a server
 * that says so (`x-signaling-upstream`) also gets an upstream: one long POST whose body carries
 * the messages as lines, as cheap per message as a WebSocket frame. A new connection's first
 * messages wait up to {@link SIGNALING_UPSTREAM_CONFIRM_WAIT_MS} for the server to confirm on the
 * event stream that the upstream's first line arrived; without that, POSTs carry the messages (a
 * proxy that buffers request bodies never confirms, and its URL is not waited for again); the upstream is renewed every
 * {@link SIGNALING_UPSTREAM_ROTATE_MS}, the messages in between waiting for the old one's answer
 * so the server still sees them in order. Browsers keep to POSTs (their EventSource reads the
 * stream, and Chrome streams request bodies over HTTP/2 only).
 */
import {
  HTTP_SIGNALING_ACTION,
  MAX_PIPELINED_SIGNALING_POSTS,
  MAX_SIGNALING_BATCH_MESSAGES,
  MAX_SIGNALING_MESSAGE_BYTES,
  SIGNALING_BATCH_HEADER,
  SIGNALING_UPSTREAM_CONFIRM_WAIT_MS,
  SIGNALING_UPSTREAM_HEADER,
  SIGNALING_UPSTREAM_READY_EVENT,
  SIGNALING_UPSTREAM_ROTATE_MS,
} from '../shared/signalingConstants.js';

/** The subset of the DOM WebSocket that lib0/websocket (and so y-webrtc) uses. */
export interface WebSocketLike {
  readonly url: string;
  readonly readyState: number;
  binaryType: string;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

function randomSubscriberId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the downstream reader reports; the socket turns it into WebSocket events. */
interface StreamEvents {
  /**
   * `batchLimit`: the server's `x-signaling-batch-max`, `upstream` its `x-signaling-upstream`,
   * when the stream's headers can be read.
   */
  open(batchLimit?: string | null, upstream?: string | null): void;
  message(data: string): void;
  /** The server received the first line of this subscriber's upstream. */
  upstreamReady(): void;
  end(reason: unknown): void;
}

/** The browser way: a native EventSource, whose own auto-retry is cut off so lib0's backoff rules. */
function openEventSource(url: string, events: StreamEvents): () => void {
  const source = new EventSource(url);
  source.onopen = () => events.open();
  source.onmessage = (event: MessageEvent<string>) => events.message(event.data);
  source.onerror = (event) => {
    source.close();
    events.end(event);
  };
  return () => source.close();
}

/**
 * The Node way (Node 20 has no EventSource): a streaming fetch, parsed as `text/event-stream`
 * (only `data:` lines matter; comments and other fields are skipped).
 */
function openFetchStream(url: string, events: StreamEvents): () => void {
  const abort = new AbortController();
  const read = async (): Promise<void> => {
    const response = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream' } });
    if (!response.ok || !response.body) throw new Error(`signalling stream answered ${response.status}`);
    events.open(
      response.headers.get(SIGNALING_BATCH_HEADER),
      response.headers.get(SIGNALING_UPSTREAM_HEADER),
    );
    const decoder = new TextDecoder();
    let buffered = '';
    let dataLines: string[] = [];
    let eventName = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline).replace(/\r$/, '');
        buffered = buffered.slice(newline + 1);
        if (line === '') {
          if (eventName === SIGNALING_UPSTREAM_READY_EVENT) events.upstreamReady();
          else if (dataLines.length > 0 && eventName === '') events.message(dataLines.join('\n'));
          dataLines = [];
          eventName = '';
        } else if (line.startsWith('data:')) {
          dataLines.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        } else if (line.startsWith('event:')) {
          eventName = line.slice(6).trim();
        }
      }
    }
    throw new Error('signalling stream ended');
  };
  read().catch((error: unknown) => events.end(error));
  return () => abort.abort();
}

/** Whether this runtime's fetch streams a request body (the `duplex` option; Node 18+, Chrome). */
function canStreamRequestBodies(): boolean {
  try {
    let asksDuplex = false;
    const init = {
      method: 'POST',
      body: new ReadableStream(),
      get duplex() {
        asksDuplex = true;
        return 'half';
      },
    };
    const request = new Request('http://signaling.invalid/', init as RequestInit);
    return asksDuplex && !request.headers.has('content-type');
  } catch {
    return false;
  }
}

/** One upstream POST: its body's controller, whether the server confirmed it, its answer. */
interface Upstream {
  readonly controller: ReadableStreamDefaultController<Uint8Array>;
  isReady: boolean;
  /** Settles when the server answered (or the request failed); never rejects. */
  readonly answered: Promise<void>;
}

const encoder = new TextEncoder();

/** Signalling URLs whose upstream was not confirmed in time: new connections to them send by POST at once. */
const slowUpstreamUrls = new Set<string>();

/**
 * A WebSocket-shaped HTTP signalling client for one http(s) signalling URL. Each instance is one
 * subscriber (a fresh `subscriber_id`); lib0 makes a new instance for every reconnect.
 */
export class HttpSignalingSocket implements WebSocketLike {
  readonly url: string;
  readyState = CONNECTING;
  binaryType = 'blob';
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private readonly subscriberId = randomSubscriberId();
  private readonly stopStream: () => void;
  /** Messages not yet posted, oldest first. */
  private outbox: string[] = [];
  private isPumpScheduled = false;
  private postsInFlight = 0;
  /** Most messages the server takes in one POST; 1 until it says otherwise. */
  private batchLimit = 1;
  /** Whether POSTs carry `seq` and may overlap (the server said it orders them). */
  private isPipelining = false;
  private nextSeq = 0;
  /** Whether to use an upstream once the server offers one (see the module comment). */
  private readonly mayStreamUp: boolean;
  private upstream: Upstream | undefined;
  /** Set while an ended upstream's answer is awaited: nothing is sent until it arrives. */
  private isRotating = false;
  private rotateTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set while the first messages wait for the first upstream's confirmation. */
  private confirmTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(url: string) {
    this.url = url;
    const streamUrl = new URL(url);
    streamUrl.searchParams.set('subscriber_id', this.subscriberId);
    streamUrl.searchParams.set('action', HTTP_SIGNALING_ACTION);
    const events: StreamEvents = {
      open: (batchLimit, upstream) => {
        if (this.readyState !== CONNECTING) return;
        this.learnBatchLimit(batchLimit);
        this.readyState = OPEN;
        if (upstream === '1' && this.mayStreamUp) {
          this.openUpstream();
          if (!slowUpstreamUrls.has(this.url))
            this.confirmTimer = setTimeout(() => {
              this.confirmTimer = undefined;
              slowUpstreamUrls.add(this.url);
              this.pump();
            }, SIGNALING_UPSTREAM_CONFIRM_WAIT_MS);
        }
        this.onopen?.({ type: 'open' });
      },
      message: (data) => {
        if (this.readyState === OPEN) this.onmessage?.({ data });
      },
      upstreamReady: () => {
        if (this.readyState !== OPEN || this.upstream === undefined) return;
        this.upstream.isReady = true;
        clearTimeout(this.confirmTimer);
        this.confirmTimer = undefined;
        slowUpstreamUrls.delete(this.url);
        this.rotateTimer = setTimeout(() => this.rotateUpstream(), SIGNALING_UPSTREAM_ROTATE_MS);
        this.pump();
      },
      end: (reason) => this.fail(reason),
    };
    const hasEventSource = typeof globalThis.EventSource === 'function';
    this.mayStreamUp = !hasEventSource && canStreamRequestBodies();
    this.stopStream = hasEventSource
      ? openEventSource(streamUrl.href, events)
      : openFetchStream(streamUrl.href, events);
  }

  /** Opens an upstream and greets the server with an empty first line; POSTs carry on until it confirms. */
  private openUpstream(): void {
    const upstreamUrl = new URL(this.url);
    upstreamUrl.searchParams.set('subscriber_id', this.subscriberId);
    upstreamUrl.searchParams.set('action', HTTP_SIGNALING_ACTION);
    upstreamUrl.searchParams.set('upstream', '1');
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (start) => {
        controller = start;
      },
    });
    controller.enqueue(encoder.encode('\n'));
    const init = { method: 'POST', body, duplex: 'half', headers: { 'content-type': 'text/plain' } };
    const upstream: Upstream = {
      controller,
      isReady: false,
      answered: fetch(upstreamUrl, init as RequestInit)
        .then(
          async (response) => {
            // Cancelling an answer whose connection broke rejects: the end is the same.
            await response.body?.cancel().catch(() => undefined);
            this.upstreamEnded(upstream, new Error(`signalling upstream answered ${response.status}`));
          },
          (error: unknown) => this.upstreamEnded(upstream, error),
        )
        // Never rejects (see Upstream.answered): a throwing close handler must not escape.
        .catch(() => undefined),
    };
    this.upstream = upstream;
  }

  /**
   * An upstream in use ended (the server answered: its stream closed, a bad line; or the request
   * failed): lines may be lost, so the socket closes and lib0 reconnects. One never confirmed
   * (refused on the way, say by a proxy that wants a length) only sends the messages by POST.
   */
  private upstreamEnded(upstream: Upstream, reason: unknown): void {
    if (this.upstream !== upstream) return;
    if (upstream.isReady) {
      this.fail(reason);
      return;
    }
    this.upstream = undefined;
    clearTimeout(this.confirmTimer);
    this.confirmTimer = undefined;
    slowUpstreamUrls.add(this.url);
    this.pump();
  }

  /** Ends the upstream, waits for the server's answer (all its lines applied), then opens the next. */
  private rotateUpstream(): void {
    const old = this.upstream;
    if (old === undefined || this.readyState !== OPEN) return;
    this.upstream = undefined;
    this.isRotating = true;
    old.controller.close();
    void old.answered
      .then(() => {
        this.isRotating = false;
        if (this.readyState !== OPEN) return;
        this.openUpstream();
        this.pump();
      })
      .catch((error: unknown) => this.fail(error));
  }

  /** Ends the upstream, if any, without waiting for it. */
  private closeUpstream(): void {
    clearTimeout(this.rotateTimer);
    clearTimeout(this.confirmTimer);
    this.confirmTimer = undefined;
    const upstream = this.upstream;
    this.upstream = undefined;
    try {
      upstream?.controller.close();
    } catch {
      // Already closed or errored: nothing left to end.
    }
  }

  /** Queues one message; it leaves with whatever else is sent in the same tick. */
  send(data: string): void {
    if (this.readyState !== OPEN) return;
    this.outbox.push(data);
    if (!this.isPumpScheduled) {
      this.isPumpScheduled = true;
      queueMicrotask(() => {
        this.isPumpScheduled = false;
        this.pump();
      });
    }
  }

  /** Sends the waiting messages: on a confirmed upstream, else by POSTs, as many at once as the server allows. */
  private pump(): void {
    if (this.isRotating || this.confirmTimer !== undefined || this.readyState !== OPEN) return;
    if (this.upstream?.isReady === true && this.postsInFlight === 0) {
      // POSTs in flight are answered first, so the server applies everything in the order sent.
      const lines = this.outbox.splice(0).map((message) => `${message.replace(/[\r\n]/g, ' ')}\n`);
      try {
        if (lines.length > 0) this.upstream.controller.enqueue(encoder.encode(lines.join('')));
      } catch (error) {
        this.fail(error); // the request ended under it; lib0 reconnects
      }
      return;
    }
    if (this.upstream?.isReady === true) return;
    const maxInFlight = this.isPipelining ? MAX_PIPELINED_SIGNALING_POSTS : 1;
    while (this.readyState === OPEN && this.outbox.length > 0 && this.postsInFlight < maxInFlight) {
      const batch = this.takeBatch();
      const seq = this.isPipelining ? this.nextSeq++ : undefined;
      this.postsInFlight += 1;
      void this.post(batch, seq).then(() => {
        this.postsInFlight -= 1;
        // Numbering starts only with no unnumbered POST in flight (the server applies those at once).
        if (this.postsInFlight === 0 && this.batchLimit > 1) this.isPipelining = true;
        this.pump();
      });
    }
  }

  /** One POST; a failure closes the socket (lib0 then reconnects). Never rejects. */
  private async post(batch: string[], seq: number | undefined): Promise<void> {
    const body = new URLSearchParams({ subscriber_id: this.subscriberId, action: HTTP_SIGNALING_ACTION });
    if (seq !== undefined) body.set('seq', String(seq));
    for (const message of batch) body.append('message', message);
    try {
      const response = await fetch(this.url, { method: 'POST', body });
      // 404: the server no longer knows this subscriber (it restarted); only a new stream helps.
      if (response.status === 404 || response.status >= 500) {
        this.fail(new Error(`signalling POST answered ${response.status}`));
      } else {
        this.learnBatchLimit(response.headers.get(SIGNALING_BATCH_HEADER));
      }
      await response.body?.cancel();
    } catch (error) {
      this.fail(error);
    }
  }

  private learnBatchLimit(header: string | null | undefined): void {
    const limit = Number(header);
    if (Number.isInteger(limit) && limit >= 1)
      this.batchLimit = Math.min(limit, MAX_SIGNALING_BATCH_MESSAGES);
    if (this.batchLimit > 1 && this.postsInFlight === 0) this.isPipelining = true;
  }

  /** The next POST's messages: as many as the server takes, at most one message's worth of bytes together. */
  private takeBatch(): string[] {
    let count = 1;
    let size = this.outbox[0]!.length;
    while (count < this.outbox.length && count < this.batchLimit) {
      size += this.outbox[count]!.length;
      if (size > MAX_SIGNALING_MESSAGE_BYTES) break;
      count += 1;
    }
    return this.outbox.splice(0, count);
  }

  /** Ends the stream; `onclose` follows asynchronously, as with a WebSocket. */
  close(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.outbox = [];
    this.closeUpstream();
    this.stopStream();
    setTimeout(() => this.onclose?.({ type: 'close' }), 0);
  }

  private fail(reason: unknown): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.outbox = [];
    this.closeUpstream();
    this.stopStream();
    this.onerror?.(reason);
    this.onclose?.({ type: 'close' });
  }
}
