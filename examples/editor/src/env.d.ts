/** Values Vite puts into the bundle (see vite.config.ts `define`). */
interface ImportMetaEnv {
  /**
   * `shared`: the demo's one mock WordPress, served by its Node process behind `/wp-json`; `mock`: a
   * mock WordPress inside each tab (msw); `proxy`: a real site behind the dev server's `/wp-json` proxy.
   */
  readonly VITE_WP_BACKEND: 'shared' | 'mock' | 'proxy';
  /** The real site's address in `proxy` mode; empty otherwise. */
  readonly VITE_WP_SITE: string;
  /** The signalling server of collaborative editing (`ws://…`); empty when collaboration is off. */
  readonly VITE_SIGNALING_URL: string;
  /** True in a production build (`vite build`), false on the development server (Vite's own). */
  readonly PROD: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
