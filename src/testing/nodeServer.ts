/**
 * The Node HTTP adapter behind `mock.listen()`: a plain `node:http` server on 127.0.0.1 that turns
 * each request into a WHATWG `Request` for `mock.handle()`. `node:http` is imported dynamically so
 * browser bundles of the test kit never load it.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlesRequests } from './msw.js';
import type { MockListenOptions, MockServerHandle } from './types.js';

async function readAll(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of req)
    chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array));
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

async function serve(
  mock: HandlesRequests,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? null : await readAll(req);
  const request = new Request(`${origin}${req.url ?? '/'}`, {
    method,
    headers,
    ...(body && body.byteLength > 0 ? { body } : {}),
  });
  const response = await mock.handle(request);
  if (response.type === 'error') {
    // An injected network failure: drop the connection without an answer.
    req.socket.destroy();
    return;
  }
  const outHeaders: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    outHeaders[key] = value;
  });
  res.writeHead(response.status, outHeaders);
  res.end(new Uint8Array(await response.arrayBuffer()));
}

/** Starts a Node HTTP server for a mock; the mock's root path is kept under the server origin. */
export async function startNodeServer(
  mock: HandlesRequests,
  options: MockListenOptions = {},
): Promise<MockServerHandle> {
  const { createServer } = await import('node:http');
  const host = options.host ?? '127.0.0.1';
  const rootPath = new URL(mock.root).pathname.replace(/\/+$/, '');
  let origin = '';
  const server = createServer((req, res) => {
    serve(mock, origin, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(error instanceof Error ? error.message : 'Mock server error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  origin = `http://${host}:${port}`;
  const url = `${origin}${rootPath}`;
  return {
    url,
    root: `${url}/wp-json`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
