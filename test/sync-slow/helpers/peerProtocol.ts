/** The IPC requests a {@link PeerPool} sends to a peer process, and what the peer reports back. */
export type PeerCommand =
  | { command: 'join'; room: string; signaling: string[]; password?: string }
  | { command: 'leave'; room: string }
  | { command: 'set'; room: string; key: string; value: unknown }
  | { command: 'type'; room: string; text: string; at?: number }
  | { command: 'state'; room: string }
  | {
      command: 'waitFor';
      room: string;
      fields?: Record<string, unknown>;
      contentIncludes?: string[];
      contentLength?: number;
      timeoutMs: number;
    }
  | { command: 'echo'; room: string }
  | { command: 'keystrokes'; room: string; count: number }
  | { command: 'storeJoin'; room: string; signaling: string[]; password?: string; user: number }
  | { command: 'storeEdit'; room: string; fields: Record<string, string> }
  | { command: 'storeWaitFor'; room: string; field: string; length: number; timeoutMs: number }
  | { command: 'storeEcho'; room: string }
  | { command: 'storeKeystrokes'; room: string; count: number }
  | { command: 'storeLeave'; room: string }
  | { command: 'signalingEvents' }
  | { command: 'escapedErrors' }
  | { command: 'memory' };

/** A room as one peer sees it. */
export interface PeerRoomState {
  fields: Record<string, unknown>;
  content: string;
  statuses: { status: string; atMs: number }[];
  errors: { code: string; message: string }[];
  /** Unhandled rejections and uncaught exceptions in this peer process so far (any room). */
  escapedErrors: string[];
}
