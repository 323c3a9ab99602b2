/**
 * Assertions about what a sync-server client saw, shared by the mock and real-WordPress suites.
 */
import { expect } from 'vitest';
import * as Y from 'yjs';
import { readMessageHeader } from '../../src/sync/server/connectionGuard.js';
import { waitUntil, type ServerClient } from './syncServerClient.js';

/** The Hocuspocus message type of each frame a client received (`2` is authentication). */
export function receivedMessageTypes(client: ServerClient): number[] {
  return client.received.map((frame) => readMessageHeader(frame)?.type ?? -1);
}

/** The Hocuspocus message type of authentication replies (authenticated / permission denied). */
export const AUTH_MESSAGE_TYPE = 2;

/** Waits until the client was refused and checks it learnt nothing of the document. */
export async function expectRefusedWithoutDocument(client: ServerClient): Promise<void> {
  await waitUntil(() => client.errors.some((error) => error.code === 'forbidden'), 20_000).catch(
    () => undefined,
  );
  expect(client.errors.map((error) => error.code)).toContain('forbidden');
  expect(client.statuses.at(-1)).toBe('disconnected');
  expect(client.statuses).not.toContain('connected');
  expect(receivedMessageTypes(client).every((type) => type === AUTH_MESSAGE_TYPE)).toBe(true);
  // Nothing of the document arrived: no update was ever applied to the client's copy.
  expect(Y.encodeStateVector(client.doc)).toEqual(new Uint8Array([0]));
}
