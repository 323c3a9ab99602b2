/**
 * `wp-entities/testing`: an in-memory WordPress 6.1 REST API for tests, scripts and demos, faithful
 * to what a real 6.1 site answers (headers, error bodies, pagination, `Allow` per role, batch 207
 * shapes, routes that 6.1 lacks). `createMockWordPress({ version: '6.7' | '6.8' | '7.1' })` answers
 * as a later release: `targetHints` on records (6.7), the font library (6.5), the reading options
 * in the index (6.8), icons (7.0/7.1). `registerPostMeta` (or the `postMeta` seed) registers meta
 * keys, described in each post type's `OPTIONS` schema as every release does.
 *
 * Mounting:
 * - msw in Node: `setupServer(...mock.handlers)`; in a browser: `setupWorker(...mock.handlers)`.
 * - a real HTTP server: `const server = await mock.listen()` → `{ url, root, close }`.
 * - directly: `await mock.handle(new Request(url))`.
 *
 * Data and users: the default seed has an administrator, an editor and an author whose
 * application passwords are in {@link MOCK_USERS}; add records with `addPost`, `addUser`,
 * `addTerm`, `addComment`, `addPostType`; pick who requests act as with `setCurrentUser` /
 * `setCurrentRole` (requests with `Authorization: Basic` act as that user).
 *
 * Observing and breaking: `mock.requests` is the request log; `delay(ms)`, `failNext(n, failure,
 * filter)` and `hold(filter)` inject faults; `setEmbed(url, answer)` configures oEmbed;
 * `reset()` restores everything.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMockWordPress } from 'wp-entities/testing';
 *
 * const mock = createMockWordPress();
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * mock.setCurrentRole('author');
 * const res = await fetch(`${mock.restRoot}/wp/v2/posts/1`, { method: 'OPTIONS' });
 * res.headers.get('Allow'); // 'GET'
 * mock.failNext(1, { status: 500 }, { method: 'PUT', path: '/wp/v2/posts/*' });
 * ```
 *
 * @module
 */
export { createMockWordPress, MockWordPress, DEFAULT_ROOT, MOCK_NONCE } from './MockWordPress.js';
export type { MockCurrentUser, MockPostRecord } from './MockWordPress.js';
export { MOCK_USERS } from './seed.js';
export type { MockCredentials } from './seed.js';
export { startNodeServer } from './nodeServer.js';
export { SyncRelay } from './SyncRelay.js';
export type { SyncRelayOptions, RelayRow, RelayPresence, RelayRefusal } from './SyncRelay.js';
// Collaborative sync in one process (loads wp-entities/sync, which registers the sync engine).
import '../sync/index.js';
export { memoryNetwork, MemoryNetwork } from './memoryNetwork.js';
export { seededRandom } from './seededRandom.js';
export type { MemoryNetworkOptions, MemoryNetworkStats, PartitionMember } from './memoryNetwork.js';
// Every input, option and record type of the mock (`MockRole`, `MockPostInput`, `MockFailure`, …).
export type * from './types.js';
