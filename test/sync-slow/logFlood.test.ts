/**
 * Issue 40, failure 2: an unauthenticated client decided how much the server logged (500 malformed
 * connections wrote 3,000 lines, 228 KB: an error stack per frame cut short). Floods the sync
 * server's and the signalling server's bins, in their own processes as operators run them, with
 * 500 malformed unauthenticated connections each, and counts every byte they write: at most one
 * short line (≤ 200 bytes) per connection, at most ten a minute and then one summary, and nothing
 * the clients sent appears in it.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from '../../src/testing/index.js';
import { authFrame, syncFrame } from '../security/rawFrames.js';
import { startServerProcess } from '../helpers/syncServerProcess.js';

/** Put into everything the attacker sends: it must never reach a log. */
const MARKER = 'ECHO-7f3a';
const CONNECTIONS = 500;
/** Connections opened at once. */
const WAVE = 25;

const mock = createMockWordPress();
let wordpress: MockServerHandle;
beforeAll(async () => {
  wordpress = await mock.listen();
});
afterAll(async () => {
  await wordpress?.close();
});

/** Malformed first frames of an unauthenticated connection, each carrying {@link MARKER}. */
function malformedFrames(room: string): ((socket: WebSocket) => void)[] {
  const cut = (frame: Uint8Array, by: number) => frame.slice(0, frame.length - by);
  return [
    // An authentication frame cut short: Hocuspocus used to log a stack for each.
    (socket) => socket.send(cut(authFrame(room, `Basic ${MARKER}${'A'.repeat(40)}`), 20)),
    (socket) => socket.send(cut(authFrame(`${room}-${MARKER}`, `Basic ${MARKER}`), 3)),
    (socket) => socket.send(Buffer.from(`not a frame ${MARKER}`)),
    (socket) => socket.send(`text ${MARKER}`),
    (socket) => socket.send(syncFrame(`${MARKER}/postType/post/1`, new Uint8Array([1, 2, 3]))),
    (socket) => socket.send(authFrame(room, `Basic ${Buffer.from(`${MARKER}:wrong`).toString('base64')}`)),
  ];
}

async function flood(url: string, frames: ((socket: WebSocket) => void)[]): Promise<void> {
  for (let start = 0; start < CONNECTIONS; start += WAVE) {
    await Promise.all(
      Array.from({ length: Math.min(WAVE, CONNECTIONS - start) }, async (_, offset) => {
        const socket = new WebSocket(url);
        socket.on('error', () => undefined);
        const closed = new Promise((resolve) => socket.once('close', resolve));
        await new Promise((resolve) => {
          socket.once('open', resolve);
          socket.once('close', resolve);
        });
        if (socket.readyState === WebSocket.OPEN)
          (frames[(start + offset) % frames.length] as (s: WebSocket) => void)(socket);
        // The server closes a malformed connection itself; one it keeps is cut after a moment.
        const timer = setTimeout(() => socket.terminate(), 300);
        await closed;
        clearTimeout(timer);
      }),
    );
  }
}

function expectShortLinesWithoutEcho(output: string, maxLines: number): string[] {
  const lines = output.split('\n').filter((line) => line !== '');
  for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(200);
  expect(output).not.toContain(MARKER);
  expect(lines.length).toBeLessThanOrEqual(maxLines);
  return lines;
}

describe('a flood of malformed unauthenticated connections', () => {
  it('costs the sync server’s log at most one short line each, ten a minute and a summary', async () => {
    const server = await startServerProcess({ wordpress: wordpress.root });
    const started = server.stderr().length;
    const room = `${new URL(wordpress.root).host}${new URL(wordpress.root).pathname}/postType/post/${mock.addPost('post', { title: 'Flood', author: MOCK_USERS.author.id })}`;
    await flood(server.url, malformedFrames(room));
    // SIGTERM: the bin stops, writing the summary of the window it is in.
    await server.stop();
    const logged = server.stderr().slice(started);
    const lines = expectShortLinesWithoutEcho(logged, 11);
    expect(Buffer.byteLength(logged)).toBeLessThanOrEqual(11 * 201);
    expect(
      lines
        .slice(0, -1)
        .every((line) => line.startsWith('wp-entities-sync-server: refused a connection from 127.0.0.1: ')),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(
      /^wp-entities-sync-server: \d+ more connections refused in 60 s \(malformed-message \d+/,
    );
  });

  it('costs the signalling server’s log nothing it does not bound', async () => {
    const bin = join(
      dirname(fileURLToPath(import.meta.url)),
      '..',
      '..',
      'src',
      'sync',
      'server',
      'signalingBin.ts',
    );
    const child = spawn(process.execPath, ['--import', 'tsx', bin], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /WebSocket (ws:\/\/\S+)/.exec(out);
        if (found?.[1] !== undefined) resolve(found[1]);
      });
      child.once('exit', (code) => reject(new Error(`signalling bin exited (${code})`)));
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const frames: ((socket: WebSocket) => void)[] = [
      (socket) => socket.send(`{"type":"subscribe","topics":["${MARKER}"`),
      (socket) => socket.send(`{"type":"${MARKER}"}`),
      (socket) => socket.send(Buffer.from([0xff, 0xfe, 0x00])),
      (socket) => socket.send(`${MARKER}`.repeat(100)),
    ];
    await flood(url, frames);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expectShortLinesWithoutEcho(output, 11);
  });
});
