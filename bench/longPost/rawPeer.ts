/**
 * The neutral second person of the long-post bench: a bare Yjs document on the `wp-sync/v1` relay,
 * written here from the protocol (no wp-entities, no core-data code), so both sides send their
 * keystrokes to the same receiver. It announces a presence (so the sender's queue opens, as it
 * does when a real person joins), answers step 1 with step 2 and applies every row.
 *
 * @module
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

type Row = { type: string; data: string };
type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The raw peer, polling every `intervalMs` until stopped. */
export interface RawPeer {
  readonly doc: Y.Doc;
  /** Client ids of the other people the relay shows in the room. */
  others(): number[];
  stop(): void;
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const bytesOf = (data: string): Uint8Array => new Uint8Array(Buffer.from(data, 'base64'));

/** Joins `room` at `restRoot` through `fetch` and polls it. */
export function startRawPeer(fetch: Fetch, restRoot: string, room: string, intervalMs = 50): RawPeer {
  const doc = new Y.Doc();
  const step1 = encoding.createEncoder();
  syncProtocol.writeSyncStep1(step1, doc);
  let queue: Row[] = [{ type: 'sync_step1', data: base64(encoding.toUint8Array(step1)) }];
  let after = 0;
  let others: number[] = [];
  let stopped = false;
  const awareness = {
    collaboratorInfo: {
      id: 99,
      name: 'Peer',
      slug: 'peer',
      avatar_urls: {},
      browserType: 'Node',
      enteredAt: Date.now(),
    },
  };
  const poll = async (): Promise<void> => {
    const updates = queue;
    queue = [];
    const response = await fetch(`${restRoot}/wp-sync/v1/updates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rooms: [{ room, client_id: doc.clientID, after, awareness, updates }] }),
    });
    const body = (await response.json()) as {
      rooms: { end_cursor: number; updates: Row[]; awareness: Record<string, unknown> }[];
    };
    const answer = body.rooms[0];
    if (answer === undefined) return;
    after = Math.max(after, answer.end_cursor);
    others = Object.keys(answer.awareness ?? {})
      .map(Number)
      .filter((id) => id !== doc.clientID);
    for (const row of answer.updates) {
      if (row.type === 'update' || row.type === 'compaction')
        Y.applyUpdateV2(doc, bytesOf(row.data), 'relay');
      else {
        const reply = encoding.createEncoder();
        syncProtocol.readSyncMessage(decoding.createDecoder(bytesOf(row.data)), reply, doc, 'relay');
        if (encoding.length(reply) > 0)
          queue.push({ type: 'sync_step2', data: base64(encoding.toUint8Array(reply)) });
      }
    }
  };
  const loop = async (): Promise<void> => {
    while (!stopped) {
      await poll();
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  };
  void loop();
  return {
    doc,
    others: () => others,
    stop: () => {
      stopped = true;
    },
  };
}
