/**
 * wp-entities/devtools: the data inspector as a React component an app mounts (cache, queries with
 * status and freshness, dirty records and their edits, undo stack, sync rooms and peers, requests with timing), and the
 * `fetch` wrapper that feeds its request list. Import it lazily; nothing else imports it, so a
 * production bundle that never does carries none of it.
 *
 * @packageDocumentation
 */
export { DataInspector, type DataInspectorProps } from './DataInspector.js';
export { loggingFetch, requestLog, REQUEST_LOG_SIZE, type LoggedRequest } from './requestLog.js';
