/** Values Vite puts into the bundle (see vite.config.ts `define`). */
interface ImportMetaEnv {
  /** `mock`: the in-browser mock WordPress; `proxy`: the real site behind the dev server's `/wp-json` proxy. */
  readonly VITE_WP_BACKEND: 'mock' | 'proxy';
  /** The real site's address in `proxy` mode; empty otherwise. */
  readonly VITE_WP_SITE: string;
  /** The signalling server of collaborative editing (`ws://…`); empty when collaboration is off. */
  readonly VITE_SIGNALING_URL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
