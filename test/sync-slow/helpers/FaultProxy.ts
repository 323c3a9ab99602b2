/**
 * A TCP proxy on 127.0.0.1 in front of a server, for fault tests: it can make the server look
 * dead (`kill`: every connection reset, the port refused) or restarting and hung (`hang`: every
 * connection reset, new ones accepted but not answered, so clients sit in "connecting"), and bring
 * it back (`restore`: the port listens again; what a hang held is delivered in order).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

interface Link {
  client: Socket;
  upstream: Socket;
  /** Bytes held while hung, in arrival order, with the side they go to. */
  held: { to: Socket; chunk: Buffer }[];
}

export class FaultProxy {
  private server: Server | undefined;
  private readonly links = new Set<Link>();
  private isHung = false;
  private port = 0;

  private constructor(private readonly targetPort: number) {}

  /** Starts a proxy to `127.0.0.1:targetPort` on a free port. */
  static async start(targetPort: number): Promise<FaultProxy> {
    const proxy = new FaultProxy(targetPort);
    await proxy.listen();
    return proxy;
  }

  /** `ws://127.0.0.1:port` and `http://127.0.0.1:port` of the proxy. */
  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}`;
  }
  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server dies: open connections are reset and new ones refused. */
  async kill(): Promise<void> {
    for (const link of this.links) this.drop(link);
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The server went away and hangs on the way back: open connections are reset, new ones get no answer. */
  hang(): void {
    for (const link of this.links) this.drop(link);
    this.isHung = true;
  }

  /** The server is back: listening again after a kill, or delivering what a hang held. */
  async restore(): Promise<void> {
    if (!this.server) await this.listen();
    this.isHung = false;
    for (const link of this.links) {
      for (const { to, chunk } of link.held.splice(0)) if (!to.destroyed) to.write(chunk);
    }
  }

  /** Stops the proxy for good. */
  async close(): Promise<void> {
    await this.kill();
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  private accept(client: Socket): void {
    const upstream = connect(this.targetPort, '127.0.0.1');
    const link: Link = { client, upstream, held: [] };
    this.links.add(link);
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (this.isHung) link.held.push({ to, chunk });
      else if (!to.destroyed) to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    for (const socket of [client, upstream]) {
      socket.on('error', () => this.drop(link));
      socket.on('close', () => this.drop(link));
    }
  }

  private drop(link: Link): void {
    if (!this.links.delete(link)) return;
    link.client.resetAndDestroy();
    link.upstream.destroy();
  }
}
