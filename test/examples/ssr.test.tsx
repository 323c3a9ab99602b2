// @vitest-environment jsdom
/**
 * examples/ssr against the mock WordPress: the server streams the page with react-dom/server
 * (the shell with both Suspense fallbacks first, then each boundary), the client hydrates the
 * store from the snapshot and React hydrates the HTML: no mismatch, no console error, no request,
 * and edits work afterwards.
 */
import { execFileSync } from 'node:child_process';
import { setupServer } from 'msw/node';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RestTransport, type RootStore } from 'wp-entities';
import { hydratePage } from '../../examples/ssr/client.js';
import { createMockWordPress } from 'wp-entities/testing';

vi.mock('wp-entities', () => import('../../src/index.js'));
vi.mock('wp-entities/react', () => import('../../src/react/index.js'));
vi.mock('wp-entities/testing', () => import('../../src/testing/index.js'));

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const wordpress = createMockWordPress();
const server = setupServer(...wordpress.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let root: Root | undefined;
let store: RootStore | undefined;
afterEach(() => {
  act(() => root?.unmount());
  store?.dispose();
  document.body.innerHTML = '';
});

interface ServerPage {
  featuredId: number;
  chunks: string[];
  html: string;
  snapshot: string;
}

/** Runs examples/ssr/renderWithMock.tsx (the server against its own mock WordPress) and reads the page it printed. */
function renderOnServer(): ServerPage {
  // Vitest runs from the repository's root (jsdom gives import.meta.url an http: URL).
  const repo = process.cwd();
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'examples/ssr/renderWithMock.tsx'], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(output) as ServerPage;
}

const transport = (): RestTransport => new RestTransport({ root: wordpress.restRoot, retry: false });

describe('examples/ssr', () => {
  it('streams the page, then hydrates it with no mismatch, no request, and working edits', async () => {
    // The server is a program of its own, as in production (React does not support one process
    // rendering the same context with react-dom/server and react-dom/client).
    const page = renderOnServer();
    const featured = page.featuredId;
    // Streamed: the shell went out with the fallbacks, the boundaries after it.
    expect(page.chunks.length).toBeGreaterThan(1);
    expect(page.chunks[0]).toContain('Loading the post…');
    expect(page.html).toContain('Rendered on the server');
    expect(page.snapshot).toContain('wp-entities-snapshot');

    wordpress.clearRequests();
    const errors: unknown[][] = [];
    const consoleError = vi
      .spyOn(console, 'error')
      .mockImplementation((...args: unknown[]) => void errors.push(args));
    const recoverable: unknown[] = [];
    try {
      document.body.innerHTML = `<div id="root">${page.html}</div>${page.snapshot}`;
      const container = document.getElementById('root')!;
      // What a browser does with the streamed inline scripts: they move each boundary's content in.
      for (const script of Array.from(container.querySelectorAll('script'))) {
        new Function(script.textContent ?? '')();
        script.remove();
      }
      await vi.waitFor(() => expect(container.textContent).not.toContain('Loading'));
      await act(async () => {
        ({ root, store } = hydratePage(container, transport(), featured, (error) => recoverable.push(error)));
      });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      expect(container.querySelector('h2')?.textContent).toBe('Rendered on the server');
      expect(container.textContent).toContain('Latest of');
      expect(recoverable).toEqual([]);
      expect(errors).toEqual([]);
      expect(wordpress.requests).toEqual([]);

      // Edits start on the client.
      await act(async () => container.querySelector('button')!.click());
      expect(container.querySelector('h2')?.textContent).toBe('Rendered on the server!');
      expect(container.textContent).toContain('Unsaved');
      expect(store!.dirtyRecords).toHaveLength(1);
      expect(wordpress.requests).toEqual([]);
    } finally {
      consoleError.mockRestore();
    }
  });
});
