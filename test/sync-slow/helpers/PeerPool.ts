/**
 * Starts peer processes (see peerProcess.ts) and talks to them over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PeerCommand, PeerRoomState } from './peerProtocol.js';

const peerScript = fileURLToPath(new URL('./peerProcess.ts', import.meta.url));

/** One peer process. */
export class Peer {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;

  constructor(readonly child: ChildProcess) {
    child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
      if (message.id === undefined) return;
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
    // A send racing the child's exit surfaces as the request's rejection (below), not as a crash.
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      this.exitCode = code;
      this.exitSignal = signal;
      for (const waiter of this.pending.values()) waiter.reject(new Error(`peer exited (${code ?? signal})`));
      this.pending.clear();
    });
  }

  /** True while the process runs. */
  get isAlive(): boolean {
    return this.exitCode === null && this.exitSignal === null;
  }

  /** Sends one command and resolves with its result. */
  request<T = unknown>(command: PeerCommand): Promise<T> {
    const id = this.nextId++;
    if (!this.isAlive)
      return Promise.reject(
        new Error(`peer exited (${this.exitCode ?? this.exitSignal}) before ${command.command}`),
      );
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ id, ...command });
    });
  }

  state(room: string): Promise<PeerRoomState> {
    return this.request<PeerRoomState>({ command: 'state', room });
  }
}

/**
 * Starts `count` peer processes and waits until each is ready. `plain: true` makes peers that join
 * with y-webrtc as it comes instead of webrtcProvider (for side-by-side comparisons).
 */
export async function startPeers(count: number, options: { plain?: boolean } = {}): Promise<Peer[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(peerScript, options.plain ? ['--plain'] : [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const peer = new Peer(child);
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`peer process exited before it was ready (${code})`)));
      });
      return peer;
    }),
  );
}

/** Ends the peer processes (IPC disconnect makes them exit; a kill follows if one does not). */
export async function stopPeers(peers: Peer[]): Promise<void> {
  await Promise.all(
    peers.map(
      (peer) =>
        new Promise<void>((resolve) => {
          if (!peer.isAlive) return resolve();
          const timer = setTimeout(() => peer.child.kill('SIGKILL'), 3000);
          peer.child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          peer.child.disconnect();
        }),
    ),
  );
}

let roomCounter = 0;
/** A room name no earlier test used. */
export function uniqueRoom(label: string): string {
  roomCounter += 1;
  return `test/${label}/${process.pid}-${Date.now()}-${roomCounter}`;
}

/**
 * Makes the peers leave `room` one after another. @roamhq/wrtc 0.10.0 sometimes dies with SIGSEGV
 * when both ends of a connection close it at the same instant (seen in 1 of ~30 simultaneous
 * leaves, never in 80 staggered ones), so the peers are staggered; that is a flaw of the Node
 * WebRTC binding, not of the protocol (browsers are not affected).
 */
export async function leaveOneByOne(peers: Peer[], room: string): Promise<void> {
  for (const peer of peers) {
    await peer.request({ command: 'leave', room });
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
