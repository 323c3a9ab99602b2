/**
 * A bare msw server for the transport tests; each test installs its own small handlers.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The REST root every test talks to. */
export const ROOT = 'http://wp.test/wp-json';

/** Starts an msw server for the current test file that fails on any request without a handler. */
export function useMswServer(): ReturnType<typeof setupServer> {
  const server = setupServer();
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
  });
  return server;
}
