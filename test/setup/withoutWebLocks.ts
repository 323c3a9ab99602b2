/**
 * The unit suite runs without Web Locks, on every Node version. Node 24 ships `navigator.locks`;
 * Node 20 and 22 do not. The journal uses those locks to leave a tab that is still open out of the
 * restore offer, and the unit tests play "a tab crashed" by leaving that tab's store undisposed in
 * the same process, where its lock would stay held. The lock path runs in Chromium
 * (`npm run test:e2e`).
 */
const navigatorObject = (globalThis as { navigator?: object }).navigator;
if (navigatorObject !== undefined && 'locks' in navigatorObject) {
  Object.defineProperty(navigatorObject, 'locks', { value: undefined, configurable: true });
}
