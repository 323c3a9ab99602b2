/**
 * The site every side of the permissions benchmark talks to: the test kit's mock WordPress, in
 * process, answering as 6.7 (records carry `targetHints`) or as 6.1 (they do not), with the posts
 * of the scenario, and a `fetch` that hands each request to it and counts what was asked.
 *
 * @module
 */
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';

/** Posts in the list, and permission checks after it. */
export const POSTS = 100;

/** The WordPress releases the benchmark runs against. */
export type BenchWordPress = '6.7' | '6.1';

/** A mock site with {@link POSTS} more published posts (a third by the author); requests act as the administrator. */
export function benchSite(version: BenchWordPress): MockWordPress {
  const mock = createMockWordPress({ version });
  for (let n = 0; n < POSTS; n++) {
    mock.addPost('post', { title: `Post ${n}`, author: n % 3 === 0 ? 3 : 1, status: 'publish' });
  }
  return mock;
}

/** A WHATWG `fetch` answered by `mock`. */
export function mockFetch(mock: MockWordPress): typeof fetch {
  return (input, init) => mock.handle(new Request(input, init));
}

/** What one run asked of the site. */
export interface RunCounts {
  /** Every request. */
  requests: number;
  /** `OPTIONS` requests. */
  options: number;
}

/** The requests `mock` answered. */
export function countsOf(mock: MockWordPress): RunCounts {
  return {
    requests: mock.requests.length,
    options: mock.requests.filter((entry) => entry.method === 'OPTIONS').length,
  };
}

/** One side's result, printed by its process as the last line of JSON. */
export interface SideResult {
  side: string;
  wordpress: BenchWordPress;
  counts: RunCounts;
  /** Wall time of every measured round, ms. */
  ms: number[];
  /** `canUser('update', …)` for each post of the list, in list order. */
  answers: (boolean | undefined)[];
}
