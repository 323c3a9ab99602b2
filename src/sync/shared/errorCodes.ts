/**
 * The `code` of every `SyncError` that sync records in `sync.errors`.
 *
 * @module
 */

/**
 * Why a sync step failed: Yjs content errors (`type-conflict`, `unknown-content`,
 * `length-exceeded`), signalling and encryption (`unknown-encryption`, `compute-message`,
 * `unknown-message`, `decrypt-failed`), connections (`connection-failed`, `ice-failed`,
 * `data-channel`, `no-webrtc`), authorisation (`forbidden`), and a stored document (post meta
 * `_crdt_document`) that is not one and was ignored (`invalid-stored-document`).
 */
export type SyncErrorCode =
  | 'type-conflict'
  | 'unknown-content'
  | 'length-exceeded'
  | 'unknown-encryption'
  | 'compute-message'
  | 'unknown-message'
  | 'connection-failed'
  | 'ice-failed'
  | 'data-channel'
  | 'no-webrtc'
  | 'decrypt-failed'
  | 'forbidden'
  | 'invalid-stored-document';

/** Every {@link SyncErrorCode}, for checks and exhaustive tests. */
export const SYNC_ERROR_CODES: readonly SyncErrorCode[] = [
  'type-conflict',
  'unknown-content',
  'length-exceeded',
  'unknown-encryption',
  'compute-message',
  'unknown-message',
  'connection-failed',
  'ice-failed',
  'data-channel',
  'no-webrtc',
  'decrypt-failed',
  'forbidden',
  'invalid-stored-document',
];
