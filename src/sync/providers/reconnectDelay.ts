/**
 * How long a network provider waits before reconnecting, shared by the WebRTC signalling and the
 * sync-server providers so both back off alike (spec §9: "reconnect delay 1200 ms times a growing
 * count, capped at 2500 ms").
 *
 * @module
 */

/** The base of the reconnect delay: y-webrtc's `reconnectTimeoutBase`. */
export const RECONNECT_DELAY_BASE_MS = 1200;

/** The longest wait between two reconnect attempts: y-webrtc's `maxReconnectTimeout`. */
export const RECONNECT_DELAY_CAP_MS = 2500;

/**
 * The wait before the next attempt after `failures` consecutive failed or dropped connections:
 * `min(1200 ms × log10(failures + 1), 2500 ms)`. The logarithm makes the first retries quick
 * (361 ms, 572 ms, 722 ms, …) without hammering a server that stays down.
 *
 * @param failures consecutive failures since the last successful connection (0 or more)
 */
export function reconnectDelayMs(failures: number): number {
  const count = Number.isFinite(failures) && failures > 0 ? failures : 0;
  return Math.min(RECONNECT_DELAY_BASE_MS * Math.log10(count + 1), RECONNECT_DELAY_CAP_MS);
}
