/**
 * The lookups core-data 8.1 added around the editor (registered post meta, the front page and the
 * posts page, the template of a post, editor settings and assets, view configs), wired to one
 * store's transport, entity caches and site store.
 *
 * @module
 */
import { isRestError } from '../core/errors.js';
import { EditorSettingsStore } from './EditorSettings.js';
import { HomePage, type ReadingOptions } from './HomePage.js';
import { RegisteredPostMetaStore } from './RegisteredPostMeta.js';
import type { Transport } from '../core/transport/types.js';
import type { EntityCollection } from './EntityCollection.js';
import type { EntityRegistry } from './EntityRegistry.js';
import type { SiteStore } from './SiteStore.js';
import { TemplateLookup, type TemplateSummary } from './TemplateLookup.js';

/** The lookups of one store. */
export interface EditorLookups {
  /** Meta keys each post type registers. */
  readonly postMeta: RegisteredPostMetaStore;
  /** The front page and the posts page. */
  readonly homePage: HomePage;
  /** Which template renders a post. */
  readonly templates: TemplateLookup;
  /** Editor settings, assets and view configs. */
  readonly editorSettings: EditorSettingsStore;
}

/** The settings of a user who may not read them (401/403) are unknown, not an error. */
function isRefused(error: unknown): boolean {
  return isRestError(error) && (error.status === 401 || error.status === 403);
}

/** What the lookups read of their store (the `RootStore`, named by shape so it needs no import). */
export interface LookupsStore {
  /** The store's transport. */
  readonly transport: Transport;
  /** The store's entity configs. */
  readonly entities: EntityRegistry;
  /** The store's site helpers. */
  readonly site: Pick<SiteStore, 'defaultTemplateId'>;
  /** The store's collection of `(kind, name)`. */
  collection(kind: string, name: string): EntityCollection<object>;
}

/** Makes the lookups of `store`. No I/O. */
export function createEditorLookups(store: LookupsStore): EditorLookups {
  const homePage = new HomePage({
    siteInfo: async () =>
      (await store.collection('root', 'base').load())?.persisted as ReadingOptions | undefined,
    settings: async () => {
      try {
        return (await store.collection('root', 'site').load())?.persisted as ReadingOptions | undefined;
      } catch (error) {
        if (isRefused(error)) return undefined;
        throw error;
      }
    },
    defaultTemplateId: (query) => store.site.defaultTemplateId(query),
  });
  const templates = new TemplateLookup({
    homePage: () => (homePage.target === undefined ? homePage.fetch() : Promise.resolve(homePage.target)),
    postsPageId: () => homePage.postsPageId,
    templates: async () => {
      const query = store.collection('postType', 'wp_template').query({ per_page: -1 });
      if (!query.hasResolved || query.items === null) await query.fetch();
      return (query.items ?? undefined) as readonly TemplateSummary[] | undefined;
    },
    post: async (postType, postId) => (await store.collection('postType', postType).load(postId))?.edited,
    defaultTemplateId: (query) => store.site.defaultTemplateId(query),
  });
  return {
    postMeta: new RegisteredPostMetaStore(store.transport, store.entities),
    homePage,
    templates,
    editorSettings: new EditorSettingsStore(store.transport),
  };
}
