/**
 * `wp-entities/sync/server`: the Node servers of collaborative sync. Kept apart from
 * `wp-entities/sync` so browser bundles never pull in `node:http`.
 */
export {
  createSignalingServer,
  type SignalingServer,
  type SignalingServerOptions,
} from './signalingServer.js';
