/**
 * Shared setup for the test-kit tests: one mock WordPress behind msw's `setupServer`, reset after
 * each test, and small fetch helpers.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createMockWordPress,
  type MockWordPress,
  type MockWordPressOptions,
} from '../../src/testing/index.js';

/** A mounted mock and fetch helpers bound to it. */
export interface MountedMock {
  mock: MockWordPress;
  /** `fetch` of a REST path (`/wp/v2/posts`) under the mock's REST root. */
  rest(path: string, init?: RequestInit): Promise<Response>;
  /** `rest` plus JSON parsing of the body. */
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: T }>;
}

/** JSON request options. */
export function sendJson(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** Mounts a mock with msw for the current test file. */
export function mountMock(options: MockWordPressOptions = {}): MountedMock {
  const mock = createMockWordPress(options);
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => mock.reset());
  afterAll(() => server.close());
  const rest = (path: string, init?: RequestInit): Promise<Response> =>
    fetch(`${mock.restRoot}${path}`, init);
  return {
    mock,
    rest,
    async json<T>(path: string, init?: RequestInit) {
      const res = await rest(path, init);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: (text === '' ? null : JSON.parse(text)) as T };
    },
  };
}

/** Shape of a WordPress error body. */
export interface WpErrorBody {
  code: string;
  message: string;
  data: {
    status: number;
    params?: unknown;
    details?: Record<string, { code: string; message: string; data: unknown }>;
  } & Record<string, unknown>;
}
