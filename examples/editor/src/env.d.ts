/** Values Vite puts into the bundle (see vite.config.ts `define`). */
interface ImportMetaEnv {
  /**
   * `shared`: the demo's one mock WordPress, served by its Node process behind `/wp-json`; `mock`: a
   * mock WordPress inside each tab (msw); `proxy`: a real site behind the dev server's `/wp-json` proxy.
   */
  readonly VITE_WP_BACKEND: 'shared' | 'mock' | 'proxy';
  /** The real site's address in `proxy` mode; empty otherwise. */
  readonly VITE_WP_SITE: string;
  /** `on`: windows on one post edit it together through the site's `/wp-sync/v1/updates` relay; empty: off. */
  readonly VITE_COLLABORATION: 'on' | '';
  /** True in a production build (`vite build`), false on the development server (Vite's own). */
  readonly PROD: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
