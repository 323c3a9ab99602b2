/**
 * Runs the `wp-entities-sync-server` bin (from source, through tsx) as a child process, the way
 * operators run it: PORT, HOST, WP_URL and REDIS_URL in the environment, the URL on stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(repoRoot, 'src', 'sync', 'server', 'cli.ts');

/** A sync server in its own process. */
export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** True while the process runs. */
  readonly isRunning: boolean;
  /** Everything it wrote to stderr so far. */
  readonly stderr: () => string;
  /** SIGKILL: dies on the spot, nothing stored, sockets cut. */
  kill(): Promise<void>;
  /** SIGTERM: the bin stores every room and exits. */
  stop(): Promise<void>;
}

/** Starts the bin; resolves once it printed its URL. */
export async function startServerProcess(options: {
  wordpress: string;
  redis?: string;
  port?: number;
  /** More environment for the bin (DURABLE_ACKS, RECHECK_INTERVAL_MS). */
  env?: Record<string, string>;
  /** More arguments for node, before the script (`--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', cli], {
    cwd: repoRoot,
    env: {
      ...process.env,
      WP_URL: options.wordpress,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      ...(options.redis ? { REDIS_URL: options.redis } : { REDIS_URL: '' }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`sync server did not start within 30 s: ${stderr}`)),
      30_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((text) => text.startsWith('ws://'));
      if (line) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sync server exited (${code}) before printing its URL: ${stderr}`));
    });
  });
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return {
    url,
    port: Number(new URL(url).port),
    child,
    get isRunning() {
      return child.exitCode === null && child.signalCode === null;
    },
    stderr: () => stderr,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
