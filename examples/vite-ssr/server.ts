/**
 * The server of the Vite server-rendering example: builds the app for production (the client, and
 * `src/entry-server.tsx` for Node), then serves it on 127.0.0.1. Each page request renders on the
 * server with a store of its own; `/assets` are the client build's files; `/wp-json` is passed to
 * WordPress, so the browser talks to its own origin.
 *
 * `npx tsx examples/vite-ssr/server.ts` serves it on `PORT` (5173) against the test kit's mock
 * WordPress, or against a real site with `WP_URL` (and `WP_USER`, `WP_APP_PASSWORD` to read as that
 * user; the password stays on the server).
 *
 * @module
 */
import { readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, mergeConfig } from 'vite';
import { RestTransport, type RestTransportOptions } from 'wp-entities';
import type { render as Render } from './src/entry-server.js';
import { viteSsrConfig } from './vite.config.js';

const exampleDir = fileURLToPath(new URL('.', import.meta.url));
/** Inside the example, so Node finds React and MobX for the server build in the repository's node_modules. */
const outDir = join(exampleDir, 'dist');

/** The WordPress the example reads. */
export interface ViteSsrSite {
  /** The site (`http://host`), without `/wp-json`. */
  url: string;
  /** Who the server reads as (an application password); without it, anonymously. */
  auth?: { username: string; applicationPassword: string } | undefined;
}

/** A running example. */
export interface ViteSsrServer {
  /** Its address, `http://127.0.0.1:port`. */
  url: string;
  /** How long the two builds took. */
  buildMs: number;
  /** Stops the server and deletes the build. */
  close(): Promise<void>;
}

/** Builds the client and the server entry for production; `NODE_ENV` is production for the builds. */
async function buildApp(): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build(
      mergeConfig(viteSsrConfig, {
        mode: 'production',
        build: { outDir: join(outDir, 'client'), emptyOutDir: true },
      }),
    );
    await build(
      mergeConfig(viteSsrConfig, {
        mode: 'production',
        build: { ssr: 'src/entry-server.tsx', outDir: join(outDir, 'server'), emptyOutDir: true },
      }),
    );
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The Basic auth header of `auth`, for the `/wp-json` pass-through. */
function authorization(auth: ViteSsrSite['auth']): string | undefined {
  if (auth === undefined) return undefined;
  const password = auth.applicationPassword.replace(/\s+/g, '');
  return `Basic ${Buffer.from(`${auth.username}:${password}`).toString('base64')}`;
}

/** Passes a `/wp-json` request to the site as it is (the site's answer too), with the server's credentials. */
async function passToSite(
  site: ViteSsrSite,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const name of ['content-type', 'accept', 'x-http-method-override']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const basic = authorization(site.auth);
  if (basic !== undefined) headers.set('authorization', basic);
  const method = request.method ?? 'GET';
  const answer = await fetch(`${site.url}${request.url ?? '/'}`, {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
  });
  const passed: Record<string, string> = {};
  for (const [name, value] of answer.headers) {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
      passed[name] = value;
  }
  response.writeHead(answer.status, passed);
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/** Builds the example and serves it on `port` (0: a free one) for `site`. */
export async function startViteSsrServer(site: ViteSsrSite, port = 0): Promise<ViteSsrServer> {
  const started = Date.now();
  await buildApp();
  const buildMs = Date.now() - started;
  const template = await readFile(join(outDir, 'client', 'index.html'), 'utf8');
  const { render } = (await import(pathToFileURL(join(outDir, 'server', 'entry-server.js')).href)) as {
    render: typeof Render;
  };
  const options: RestTransportOptions = { root: `${site.url}/wp-json` };
  if (site.auth !== undefined) options.auth = site.auth;
  const transport = new RestTransport(options);

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const answer = async (): Promise<void> => {
      if (path.startsWith('/wp-json')) return passToSite(site, request, response);
      if (path.startsWith('/assets/')) {
        const file = normalize(join(outDir, 'client', path));
        if (!file.startsWith(join(outDir, 'client'))) throw new Error(`outside the build: ${path}`);
        const body = await readFile(file);
        response.writeHead(200, {
          'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        });
        response.end(body);
        return;
      }
      const page = await render(path, transport);
      const html = template
        .replace('<!--app-html-->', page.html)
        .replace('<!--app-snapshot-->', page.snapshot);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
    };
    answer().catch((error: unknown) => {
      const notFound = (error as { code?: string }).code === 'ENOENT';
      response.writeHead(notFound ? 404 : 500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(notFound ? 'Not found' : `The page could not be rendered: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    buildMs,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** `npx tsx examples/vite-ssr/server.ts`: serves the example until Ctrl-C. */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 5173);
  let site: ViteSsrSite;
  let stopMock = async (): Promise<void> => undefined;
  if (process.env.WP_URL) {
    const user = process.env.WP_USER;
    const password = process.env.WP_APP_PASSWORD;
    site = {
      url: process.env.WP_URL.replace(/\/+$/, '').replace(/\/wp-json$/, ''),
      auth: user && password ? { username: user, applicationPassword: password } : undefined,
    };
  } else {
    const { createMockWordPress } = await import('wp-entities/testing');
    const mock = createMockWordPress();
    for (let i = 1; i <= 3; i++) mock.addPost('post', { title: `Post ${i}`, content: `Body ${i}` });
    const listening = await mock.listen();
    site = { url: listening.url };
    stopMock = () => listening.close();
  }
  const app = await startViteSsrServer(site, port);
  console.log(`The Vite server-rendering example, on ${site.url}: ${app.url}/ (built in ${app.buildMs} ms)`);
  process.once('SIGINT', () => {
    void app
      .close()
      .then(stopMock)
      .then(() => process.exit(0));
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
