/**
 * Protocol constants of WebRTC signalling (client and server), each with why it has its value.
 * The reconnect delay is `reconnectDelay.ts`'s (the spec's §9, as lib0/websocket, which y-webrtc's
 * signalling connection runs on, so both transports behave the same).
 */

/** Default peer connection cap is this plus a random 0..{@link MAX_CONNS_RANDOM_SPREAD} (spec §9). */
export const MAX_CONNS_BASE = 20;
/**
 * The random part of the cap: peers with different caps are less likely to form closed clusters
 * in large rooms (y-webrtc's reasoning).
 */
export const MAX_CONNS_RANDOM_SPREAD = 14;

/**
 * A peer connection found in signalling but not open after this long is torn down and announced
 * again. y-webrtc 10.3.0 can stay unconnected forever when two password peers join at the same
 * instant (reference/sync-feasibility.md, addendum); a healthy loopback join takes under 200 ms.
 */
export const STUCK_JOIN_MS = 4000;
/** Up to this much random time is added to {@link STUCK_JOIN_MS} so two stuck sides do not retry in lockstep. */
export const STUCK_JOIN_JITTER_MS = 2000;
/** How often rooms are checked for stuck joins. */
export const STUCK_JOIN_CHECK_INTERVAL_MS = 1000;

/**
 * The `action` sent with every HTTP signalling request. WordPress routes admin-ajax requests by it;
 * this is the name Gutenberg's experimental signalling endpoint answers to, so a WordPress site
 * with it enabled can serve as the signalling server.
 */
export const HTTP_SIGNALING_ACTION = 'gutenberg_signaling_server';

/**
 * Largest signalling message a server accepts. Real ones are SDP offers/answers and ICE candidates
 * (about 1–4 KB, half again as base64 after encryption); anything far bigger is abuse.
 */
export const MAX_SIGNALING_MESSAGE_BYTES = 64 * 1024;
/** Topics (rooms) one connection may subscribe to; an editor has a handful of records open. */
export const MAX_TOPICS_PER_CONNECTION = 256;
/** Longest accepted topic name; room names are `${site}/${kind}/${name}/${id}`. */
export const MAX_TOPIC_LENGTH = 1024;
/**
 * A subscriber whose unsent output grows past this is too slow to keep up (or not reading):
 * it is disconnected rather than letting the server's memory grow.
 */
export const MAX_PENDING_OUTPUT_BYTES = 1024 * 1024;
/** The WebSocket server pings its clients this often and drops those that did not answer the last ping. */
export const SERVER_HEARTBEAT_MS = 30_000;
/**
 * A room reports at most one decryption failure per this interval: a wrong-password peer
 * re-announces often, and one error says all there is to say.
 */
export const DECRYPT_ERROR_REPORT_INTERVAL_MS = 10_000;
/**
 * The same signalling publish arriving again within this window (over a second signalling
 * connection into the same topic space) is a copy and is dropped; copies arrive milliseconds apart.
 */
export const DUPLICATE_PUBLISH_WINDOW_MS = 3000;
/**
 * Outgoing signalling messages one connection holds while it is still connecting (y-webrtc sends
 * a peer's offer and candidates whenever they are ready, also during a reconnect). A join needs a
 * handful per peer; past this the connection is not coming back soon and the rest are dropped.
 */
export const MAX_QUEUED_SIGNALING_MESSAGES = 256;
/**
 * How long a leaving room stays quiet between its goodbye (the awareness removal, sent over every
 * data channel) and closing its connections. @roamhq/wrtc 0.10 can crash (SIGSEGV in
 * `RTCDataChannel::Send`) when a message is sent on a channel at the instant the other end closes
 * it; with this pause, peers leaving together send first and close after, never both at once, and
 * the others have relayed the goodbye (y-webrtc re-broadcasts awareness changes) before the close
 * reaches them. Loopback round trips are ~1 ms and a LAN's a few; the rest is for busy event loops
 * (on a 2-core machine running 8 jobs, 100 ms still let 1 crash through in 5-peer leaves).
 */
export const LEAVE_GRACE_MS = 250;
/**
 * Most messages one HTTP signalling POST carries (repeated `message` form fields). A join is an
 * offer or answer plus a few ICE candidates per peer; batching what waits while the previous
 * POST is in flight turns a dozen sequential requests into two or three.
 */
export const MAX_SIGNALING_BATCH_MESSAGES = 64;
/**
 * HTTP signalling POSTs one client keeps in flight at once (numbered, the server applies them in
 * order). A POST costs a few ms in Node's fetch; overlapping them keeps a join's offers and
 * candidates from queueing behind each other's answers. Browsers allow 6 connections per origin.
 */
export const MAX_PIPELINED_SIGNALING_POSTS = 4;
/**
 * Numbered POSTs a signalling server holds for one client while an earlier number is missing; a
 * client has at most {@link MAX_PIPELINED_SIGNALING_POSTS} in flight, so more means a broken or
 * hostile client, which is disconnected.
 */
export const MAX_HELD_SIGNALING_POSTS = 16;
/**
 * Response header (event stream and POST answers) by which a signalling server says it accepts
 * batched POSTs (value: the most messages per POST) and numbered POSTs (`seq`, applied in order).
 */
export const SIGNALING_BATCH_HEADER = 'x-signaling-batch-max';
/**
 * Event-stream response header by which a signalling server says it takes an upstream: one long
 * POST (`?subscriber_id=S&action=A&upstream=1`) whose body carries the client's messages, one per
 * line, each applied as it arrives. A client that can stream a request body (Node's fetch) sends
 * through it instead of a POST per message: a POST costs about a millisecond in Node's fetch, and
 * several under load, where a line on an open upstream costs what a WebSocket frame does.
 */
export const SIGNALING_UPSTREAM_HEADER = 'x-signaling-upstream';
/**
 * The named event (`event: upstream`) a server writes on the event stream once an upstream's
 * first line arrived: nothing between client and server holds the body back (a proxy that buffers
 * request bodies never lets it through), so the client may switch from POSTs to the upstream.
 */
export const SIGNALING_UPSTREAM_READY_EVENT = 'upstream';
/**
 * A client ends its upstream and opens a new one this often: Node's HTTP server ends a request
 * whose body takes longer than `requestTimeout` (300 s by default) to arrive, and so may proxies.
 */
export const SIGNALING_UPSTREAM_ROTATE_MS = 60_000;
/**
 * How long a new HTTP signalling connection holds its first messages for its upstream's
 * confirmation before sending them by POST (the confirmation takes a loopback or LAN round trip;
 * a POST in Node's fetch costs more). A URL whose upstream was not confirmed in time (a proxy that
 * buffers request bodies) is not waited for again.
 */
export const SIGNALING_UPSTREAM_CONFIRM_WAIT_MS = 100;
