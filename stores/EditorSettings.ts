/**
 * What the block editor's server side hands the editor: its settings
 * (`/wp-block-editor/v1/settings`), its script and style assets (`/wp-block-editor/v1/assets`) and
 * the DataViews configuration of an entity (`/wp/v2/view-config`). These routes come from the
 * Gutenberg plugin or recent WordPress; a site without them answers 404 `rest_no_route`, which
 * gives `null` ("this site has none"), not an error.
 *
 * @module
 */
import { observable, runInAction } from 'mobx';
import { isRestError } from '../core/errors.js';
import { invalidResponseError } from '../core/transport/restErrors.js';
import type { Query, Transport } from '../core/transport/types.js';
import { isPlainObject, type PlainObject } from '../models/snapshot.js';
import { InflightRequests } from './InflightRequests.js';

/** The DataViews configuration of an entity (`default_view`, `default_layouts`, `view_list`, `form`, …). */
export type ViewConfig = Readonly<Record<string, unknown>>;

/** Options of {@link EditorSettingsStore.fetchViewConfig}. */
export interface ViewConfigOptions {
  /** Only these top-level members (sent as `_fields`). @default every member */
  fields?: readonly string[];
}

const SETTINGS_PATH = '/wp-block-editor/v1/settings';
const ASSETS_PATH = '/wp-block-editor/v1/assets';
const VIEW_CONFIG_PATH = '/wp/v2/view-config';

/** A 404 `rest_no_route`: this site does not have the route. */
function isMissingRoute(error: unknown): boolean {
  return isRestError(error) && error.status === 404 && error.code === 'rest_no_route';
}

/**
 * Editor settings, editor assets and view configs; each observable, undefined until fetched, null
 * when the site has no such route.
 *
 * ```ts
 * await store.editorSettings.fetchSettings();
 * store.editorSettings.settings?.['__experimentalFeatures'];
 * ```
 */
export class EditorSettingsStore {
  private readonly values = observable.map<string, PlainObject | null>({}, { deep: false });
  private readonly requests = new InflightRequests();

  /** Reads go through `transport`; the constructor does no I/O. */
  constructor(private readonly transport: Transport) {}

  /** The editor settings (observable): undefined until fetched, null when the site has none. */
  get settings(): PlainObject | null | undefined {
    return this.values.get('settings');
  }

  /** The editor assets, `{ styles, scripts }` HTML (observable): undefined until fetched, null when the site has none. */
  get assets(): PlainObject | null | undefined {
    return this.values.get('assets');
  }

  /** The view config of `(kind, name)` (observable): undefined until fetched, null when the site has none. */
  viewConfig(kind: string, name: string): ViewConfig | null | undefined {
    return this.values.get(`view:${kind}/${name}`);
  }

  /** True while `what` (`settings`, `assets`, or `view:kind/name`) is being requested (observable). */
  isRequesting(what: string): boolean {
    return this.requests.isPending(what);
  }

  /** Why the last request for `what` failed (observable); cleared when it is asked again. */
  fetchError(what: string): Error | undefined {
    return this.requests.error(what);
  }

  /** `GET /wp-block-editor/v1/settings`: stores and resolves the settings (null without the route). */
  fetchSettings(): Promise<PlainObject | null> {
    return this.read('settings', SETTINGS_PATH, undefined);
  }

  /** `GET /wp-block-editor/v1/assets`: stores and resolves the assets (null without the route). */
  fetchAssets(): Promise<PlainObject | null> {
    return this.read('assets', ASSETS_PATH, undefined);
  }

  /**
   * `GET /wp/v2/view-config?kind=…&name=…` (with `_fields` for `options.fields`): stores and
   * resolves the config (null without the route). A partial answer is merged into what is known,
   * as in the reference; a call while one for the same entity is in flight shares it.
   */
  fetchViewConfig(kind: string, name: string, options: ViewConfigOptions = {}): Promise<ViewConfig | null> {
    const fields =
      options.fields !== undefined && options.fields.length > 0 ? options.fields.join(',') : undefined;
    const query: Query = fields === undefined ? { kind, name } : { kind, name, _fields: fields };
    return this.read(`view:${kind}/${name}`, VIEW_CONFIG_PATH, query, options.fields !== undefined);
  }

  private read(
    key: string,
    path: string,
    query: Query | undefined,
    merge = false,
  ): Promise<PlainObject | null> {
    return this.requests.run(key, async () => {
      let body: unknown;
      try {
        body = await this.transport.request<unknown>({ path, ...(query === undefined ? {} : { query }) });
      } catch (error) {
        if (!isMissingRoute(error)) throw error;
        runInAction(() => this.values.set(key, null));
        return null;
      }
      if (!isPlainObject(body)) {
        throw invalidResponseError(
          200,
          `The server answered GET ${path} with something that is not an object.`,
          body,
          {
            method: 'GET',
            url: path,
          },
        );
      }
      const previous = this.values.get(key);
      const value = merge && previous ? { ...previous, ...body } : body;
      runInAction(() => this.values.set(key, value));
      return value;
    });
  }
}
