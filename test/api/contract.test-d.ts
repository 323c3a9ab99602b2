/**
 * Type-level contract: every name and signature that /work/shared/API.md promises, checked against the
 * public entry points only. This file is type-checked by `tsc -p tsconfig.json` and never run; a
 * renamed member, a dropped option or a changed signature makes the typecheck fail.
 *
 * The `sync` option of {@link RootStore} and `store.sync` are not asserted: the sync module is not
 * built yet.
 *
 * @module
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  BatchError,
  EmbedStore,
  EntityCollection,
  EntityConfig,
  EntityConfigError,
  EntityQuery,
  EntityRecord,
  EntityRegistry,
  InvalidActionError,
  PermissionStore,
  PostTypeConfig,
  RestError,
  RestTransport,
  RootStore,
  SiteStore,
  SyncError,
  TaxonomyConfig,
  UndoHistory,
  UserStore,
  WpEntitiesError,
  type Autosave,
  type BatchApi,
  type BatchRequest,
  type BatchResult,
  type Id,
  type PlainObject,
  type Query,
  type RawResponse,
  type Revision,
  type SaveResult,
  type Transport,
  type WpPost,
  type WpPostEdited,
} from '../../src/index.js';
// Shapes the root keeps to itself: users read them through the properties and results typed here.
import type { QueryMeta } from '../../models/RecordHost.js';
import type { EmbedPreview } from '../../stores/EmbedStore.js';
import type { UndoEntry, UndoStep } from '../../stores/UndoHistory.js';
import type { User } from '../../stores/UserStore.js';
import {
  StoreProvider,
  useEntityProp,
  useEntityRecord,
  useEntityRecords,
  useStore,
} from '../../src/react/index.js';
import { createMockWordPress, MockWordPress } from '../../src/testing/index.js';

/** A post as a user would type it (an interface, so it has no implicit index signature). */
interface Post {
  id: number;
  status: string;
  title: string;
  meta: { a?: string };
}

/** Options of the call forms that take `{ throwOnError }`. */
type ThrowOption = { throwOnError?: boolean };

declare const store: RootStore;
declare const transport: Transport;
declare const registry: EntityRegistry;
declare const config: EntityConfig<Post>;
declare const untypedConfig: EntityConfig;
declare const collection: EntityCollection<Post>;
declare const record: EntityRecord<Post>;
declare const query: EntityQuery<Post>;
declare const history: UndoHistory<EntityRecord<object>>;
declare const permissions: PermissionStore;
declare const embeds: EmbedStore;
declare const users: UserStore;
declare const site: SiteStore<EntityRecord>;

describe('public classes', () => {
  it('are exported as values, for new and instanceof', () => {
    expectTypeOf(RootStore).instance.toEqualTypeOf<RootStore>();
    expectTypeOf(EntityRegistry).instance.toEqualTypeOf<EntityRegistry>();
    expectTypeOf(EntityCollection).instance.toEqualTypeOf<EntityCollection<object>>();
    expectTypeOf(EntityQuery).instance.toEqualTypeOf<EntityQuery<object>>();
    expectTypeOf(UndoHistory).instance.toEqualTypeOf<UndoHistory>();
    expectTypeOf(PermissionStore).instance.toEqualTypeOf<PermissionStore>();
    expectTypeOf(EmbedStore).instance.toEqualTypeOf<EmbedStore>();
    expectTypeOf(UserStore).instance.toEqualTypeOf<UserStore>();
    expectTypeOf(SiteStore).instance.toEqualTypeOf<SiteStore>();
    expectTypeOf(MockWordPress).instance.toEqualTypeOf<MockWordPress>();
  });

  it('include error classes that narrow with instanceof', () => {
    const caught: unknown = new RestError({
      status: 404,
      code: 'rest_post_invalid_id',
      message: 'Invalid post ID.',
    });
    if (caught instanceof RestError) expectTypeOf(caught.status).toEqualTypeOf<number>();
    if (caught instanceof WpEntitiesError) expectTypeOf(caught).toExtend<Error>();
    if (caught instanceof EntityConfigError) expectTypeOf(caught).toExtend<WpEntitiesError>();
    if (caught instanceof InvalidActionError) expectTypeOf(caught).toExtend<WpEntitiesError>();
    if (caught instanceof BatchError) expectTypeOf(caught).toExtend<WpEntitiesError>();
    if (caught instanceof SyncError) expectTypeOf(caught).toExtend<WpEntitiesError>();
  });
});

describe('RootStore', () => {
  it('is constructed from { transport }', () => {
    expectTypeOf(RootStore).toBeConstructibleWith({ transport });
    expectTypeOf(
      new RootStore({ transport: new RestTransport({ root: 'http://host/wp-json' }) }),
    ).toEqualTypeOf<RootStore>();
    expectTypeOf<ConstructorParameters<typeof RootStore>[0]['transport']>().toEqualTypeOf<Transport>();
    // @ts-expect-error the transport is required
    expectTypeOf(RootStore).toBeConstructibleWith({});
  });

  it('exposes its composed stores', () => {
    expectTypeOf(store.transport).toEqualTypeOf<Transport>();
    expectTypeOf(store.entities).toEqualTypeOf<EntityRegistry>();
    expectTypeOf(store.history).toEqualTypeOf<UndoHistory<EntityRecord<object>>>();
    expectTypeOf(store.permissions).toEqualTypeOf<PermissionStore>();
    expectTypeOf(store.embeds).toEqualTypeOf<EmbedStore>();
    expectTypeOf(store.users).toEqualTypeOf<UserStore>();
    expectTypeOf(store.site).toEqualTypeOf<SiteStore<EntityRecord>>();
  });

  it('gives one typed collection and record per (kind, name[, id])', () => {
    expectTypeOf(store.collection<Post>('postType', 'post')).toEqualTypeOf<EntityCollection<Post>>();
    expectTypeOf(store.record<Post>('postType', 'post', 1)).toEqualTypeOf<EntityRecord<Post>>();
    expectTypeOf(store.record<Post>('postType', 'post', '12')).toEqualTypeOf<EntityRecord<Post>>();
    // @ts-expect-error a collection needs both kind and name
    store.collection('postType');
  });

  it('types records of an entity no declaration file registered as PlainObject, as before', () => {
    expectTypeOf(store.collection('postType', 'post')).toEqualTypeOf<EntityCollection<PlainObject>>();
    expectTypeOf(store.record('postType', 'book', 1)).toEqualTypeOf<EntityRecord<PlainObject>>();
    expectTypeOf(store.record<Post, Post>('postType', 'post', 1)).toEqualTypeOf<EntityRecord<Post>>();
    expectTypeOf(useEntityRecord('postType', 'book', 1).edited).toEqualTypeOf<PlainObject | undefined>();
    expectTypeOf(useEntityRecords('taxonomy', 'genre').records).toEqualTypeOf<
      EntityRecord<PlainObject>[] | null
    >();
  });

  it('undoes and redoes, and takes no arguments for either', () => {
    expectTypeOf(store.undo).parameters.toEqualTypeOf<[]>();
    expectTypeOf(store.redo).parameters.toEqualTypeOf<[]>();
    expectTypeOf(store.undo).toExtend<() => void>();
    expectTypeOf(store.redo).toExtend<() => void>();
  });

  it('lists dirty and saving records', () => {
    expectTypeOf(store.dirtyRecords).toEqualTypeOf<readonly EntityRecord<object>[]>();
    expectTypeOf(store.savingRecords).toEqualTypeOf<readonly EntityRecord<object>[]>();
    expectTypeOf(store.dirtyRecords[0]).toEqualTypeOf<EntityRecord<object> | undefined>();
  });

  it('disposes', () => {
    expectTypeOf(store.dispose).toEqualTypeOf<() => void>();
  });

  it('saves every dirty record into SaveResults', () => {
    expectTypeOf(store.saveDirty).parameters.toEqualTypeOf<[opts?: ThrowOption]>();
    expectTypeOf(store.saveDirty()).resolves.toEqualTypeOf<SaveResult<EntityRecord<object>>[]>();
    expectTypeOf<SaveResult['record']>().toEqualTypeOf<EntityRecord<object>>();
    expectTypeOf<SaveResult<EntityRecord>>().toEqualTypeOf<{
      record: EntityRecord;
      ok: boolean;
      value?: unknown;
      error?: Error;
    }>();
  });

  it('batches writes built from a BatchApi', () => {
    expectTypeOf(store.batch).parameter(0).toEqualTypeOf<(api: BatchApi) => Promise<unknown>[]>();
    expectTypeOf(store.batch(() => [])).toEqualTypeOf<Promise<unknown[]>>();
    expectTypeOf(
      store.batch((api) => [
        api.saveRecord('postType', 'post', { title: 'a' }),
        api.saveRecord('postType', 'post', { title: 'a' }, { throwOnError: true }),
        api.saveEditedRecord('postType', 'post', 1),
        api.saveEditedRecord('postType', 'post', 1, { throwOnError: false }),
        api.deleteRecord('postType', 'post', 1),
        api.deleteRecord('postType', 'post', 1, { force: true }, { throwOnError: true }),
      ]),
    ).resolves.toEqualTypeOf<unknown[]>();
    expectTypeOf<BatchApi['saveRecord']>().returns.toEqualTypeOf<Promise<unknown>>();
    expectTypeOf<BatchApi['saveEditedRecord']>().returns.toEqualTypeOf<Promise<unknown>>();
    expectTypeOf<BatchApi['deleteRecord']>().returns.toEqualTypeOf<Promise<unknown>>();
  });
});

describe('EntityRegistry', () => {
  it('gets, lists, registers, loads and ensures configs', () => {
    expectTypeOf(registry.get('root', 'site')).toEqualTypeOf<EntityConfig | undefined>();
    expectTypeOf(registry.all).toEqualTypeOf<EntityConfig[]>();
    expectTypeOf(registry.register).toEqualTypeOf<(...configs: EntityConfig[]) => void>();
    expectTypeOf(registry.load('postType')).toEqualTypeOf<Promise<EntityConfig[]>>();
    expectTypeOf(registry.ensure('postType', 'post')).toEqualTypeOf<Promise<EntityConfig | undefined>>();
  });
});

describe('EntityConfig', () => {
  it('is constructed from a plain spec with every documented field', () => {
    const full = new EntityConfig<Post>({
      kind: 'postType',
      name: 'post',
      baseURL: '/wp/v2/posts',
      baseURLParams: { context: 'edit' },
      key: 'id',
      plural: 'posts',
      label: 'Posts',
      transientEdits: ['blocks'],
      mergedEdits: ['meta'],
      rawAttributes: ['title'],
      revisionKey: 'id',
      supportsPagination: true,
      noFetch: false,
      singleton: false,
      restBase: 'posts',
      getTitle: (post) => post?.title ?? '',
      prePersist: (persisted, edits) => ({ status: persisted?.status ?? edits.status ?? 'draft' }),
      revisionsPath: (parentId, revisionId) => `/wp/v2/posts/${parentId}/revisions/${revisionId}`,
    });
    expectTypeOf(full).toEqualTypeOf<EntityConfig<Post>>();
    expectTypeOf(
      new EntityConfig({ kind: 'root', name: 'site', baseURL: '/wp/v2/settings' }),
    ).toEqualTypeOf<EntityConfig>();
    // @ts-expect-error baseURL is required
    expectTypeOf(EntityConfig).toBeConstructibleWith({ kind: 'root', name: 'site' });
  });

  it('has the documented fields', () => {
    expectTypeOf(config.kind).toEqualTypeOf<string>();
    expectTypeOf(config.name).toEqualTypeOf<string>();
    expectTypeOf(config.baseURL).toEqualTypeOf<string>();
    expectTypeOf(config.baseURLParams).toEqualTypeOf<Query>();
    expectTypeOf(config.key).toEqualTypeOf<string>();
    expectTypeOf(config.plural).toEqualTypeOf<string | undefined>();
    expectTypeOf(config.label).toEqualTypeOf<string>();
    expectTypeOf(config.transientEdits).toEqualTypeOf<ReadonlySet<string>>();
    expectTypeOf(config.mergedEdits).toEqualTypeOf<ReadonlySet<string>>();
    expectTypeOf(config.rawAttributes).toEqualTypeOf<ReadonlySet<string>>();
    expectTypeOf(config.revisionKey).toEqualTypeOf<string>();
    expectTypeOf(config.supportsPagination).toEqualTypeOf<boolean>();
    expectTypeOf(config.noFetch).toEqualTypeOf<boolean>();
    expectTypeOf(config.singleton).toEqualTypeOf<boolean>();
    expectTypeOf(config.restBase).toEqualTypeOf<string | undefined>();
  });

  it('has the documented methods', () => {
    expectTypeOf(config.getTitle).toEqualTypeOf<(record: Post | undefined) => string>();
    expectTypeOf(config.prePersist).toEqualTypeOf<
      ((persisted: Post | undefined, edits: Partial<Post>) => Partial<Post>) | undefined
    >();
    expectTypeOf(config.revisionsPath).toEqualTypeOf<(parentId: Id, revisionId?: Id) => string | undefined>();
    expectTypeOf(config.recordPath).toEqualTypeOf<(id?: Id) => string>();
  });

  it('is extended by PostTypeConfig and TaxonomyConfig, made from a spec without kind', () => {
    const postType = new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' });
    const taxonomy = new TaxonomyConfig({ name: 'category', baseURL: '/wp/v2/categories' });
    expectTypeOf(postType).toExtend<EntityConfig>();
    expectTypeOf(taxonomy).toExtend<EntityConfig>();
    expectTypeOf(postType.kind).toEqualTypeOf<string>();
    expectTypeOf(taxonomy.restBase).toEqualTypeOf<string | undefined>();
  });
});

describe('EntityCollection', () => {
  it('names its kind, name and config', () => {
    expectTypeOf(collection.kind).toEqualTypeOf<string>();
    expectTypeOf(collection.name).toEqualTypeOf<string>();
    expectTypeOf(collection.config).toEqualTypeOf<EntityConfig | undefined>();
  });

  it('gives records by id, and without an id for a singleton', () => {
    expectTypeOf(collection.record(1)).toEqualTypeOf<EntityRecord<Post>>();
    expectTypeOf(collection.record('12')).toEqualTypeOf<EntityRecord<Post>>();
    expectTypeOf(collection.record()).toEqualTypeOf<EntityRecord<Post>>();
    expectTypeOf(collection.get(1)).toEqualTypeOf<EntityRecord<Post> | undefined>();
    expectTypeOf(collection.get(1, { context: 'view' })).toEqualTypeOf<EntityRecord<Post> | undefined>();
    expectTypeOf(collection.get()).toEqualTypeOf<EntityRecord<Post> | undefined>();
    // @ts-expect-error the context option is a string
    collection.get(1, { context: 1 });
  });

  it('fetches and loads records', () => {
    expectTypeOf(collection.fetch(1)).toEqualTypeOf<Promise<EntityRecord<Post> | undefined>>();
    expectTypeOf(collection.fetch(1, { context: 'view' })).toEqualTypeOf<
      Promise<EntityRecord<Post> | undefined>
    >();
    expectTypeOf(collection.load(1)).toEqualTypeOf<Promise<EntityRecord<Post> | undefined>>();
    expectTypeOf(collection.load(1, { _fields: 'id' })).toEqualTypeOf<
      Promise<EntityRecord<Post> | undefined>
    >();
    expectTypeOf(collection.fetch()).toEqualTypeOf<Promise<EntityRecord<Post> | undefined>>();
    expectTypeOf(collection.load()).toEqualTypeOf<Promise<EntityRecord<Post> | undefined>>();
  });

  it('makes queries and new records', () => {
    expectTypeOf(collection.query()).toEqualTypeOf<EntityQuery<Post>>();
    expectTypeOf(collection.query({ per_page: 10, page: 2 })).toEqualTypeOf<EntityQuery<Post>>();
    expectTypeOf(collection.create()).toEqualTypeOf<EntityRecord<Post>>();
    expectTypeOf(collection.create({ title: 'Hello' })).toEqualTypeOf<EntityRecord<Post>>();
    // @ts-expect-error create takes the record's own fields
    collection.create({ title: 1 });
  });

  it('receives and removes data', () => {
    const post: Post = { id: 1, status: 'draft', title: 'Hello', meta: {} };
    const meta: QueryMeta = { totalItems: 1, totalPages: 1 };
    expectTypeOf(collection.receive(post)).toEqualTypeOf<void>();
    expectTypeOf(
      collection.receive([post], { query: { page: 1 }, meta, invalidate: true, persistedEdits: {} }),
    ).toEqualTypeOf<void>();
    expectTypeOf(collection.remove(1)).toEqualTypeOf<void>();
    expectTypeOf(collection.remove([1, '2'], { invalidate: true })).toEqualTypeOf<void>();
  });

  it('saves data as-is and lists dirty records', () => {
    expectTypeOf(collection.saveRecord({ title: 'a' })).toEqualTypeOf<Promise<Post | undefined>>();
    expectTypeOf(collection.saveRecord({ id: 1 }, { throwOnError: true })).toEqualTypeOf<
      Promise<Post | undefined>
    >();
    expectTypeOf(collection.dirtyRecords).toEqualTypeOf<readonly EntityRecord<Post>[]>();
  });
});

describe('EntityRecord', () => {
  it('names itself', () => {
    expectTypeOf(record.kind).toEqualTypeOf<string>();
    expectTypeOf(record.name).toEqualTypeOf<string>();
    expectTypeOf(record.id).toEqualTypeOf<Id | undefined>();
    expectTypeOf(record.config).toEqualTypeOf<EntityConfig | undefined>();
  });

  it('exposes persisted, raw, edited data and edits', () => {
    expectTypeOf(record.persisted).toEqualTypeOf<Post | undefined>();
    expectTypeOf(record.inContext('view')).toEqualTypeOf<Post | undefined>();
    expectTypeOf(record.isComplete).toEqualTypeOf<boolean>();
    expectTypeOf(record.raw).toEqualTypeOf<Post | undefined>();
    expectTypeOf(record.edits).toEqualTypeOf<Partial<Post>>();
    expectTypeOf(record.nonTransientEdits).toEqualTypeOf<Partial<Post>>();
    expectTypeOf(record.edited).toEqualTypeOf<Post | undefined>();
    expectTypeOf(record.title).toEqualTypeOf<string>();
    expectTypeOf(record.hasEdits).toEqualTypeOf<boolean>();
    expectTypeOf(record.isDirty).toEqualTypeOf<boolean>();
  });

  it('exposes save, delete and fetch state', () => {
    expectTypeOf(record.isSaving).toEqualTypeOf<boolean>();
    expectTypeOf(record.isAutosaving).toEqualTypeOf<boolean>();
    expectTypeOf(record.isDeleting).toEqualTypeOf<boolean>();
    expectTypeOf(record.saveError).toEqualTypeOf<Error | undefined>();
    expectTypeOf(record.deleteError).toEqualTypeOf<Error | undefined>();
    expectTypeOf(record.isResolving).toEqualTypeOf<boolean>();
    expectTypeOf(record.hasResolved).toEqualTypeOf<boolean>();
    expectTypeOf(record.fetchError).toEqualTypeOf<Error | undefined>();
    expectTypeOf(record.canEdit).toEqualTypeOf<boolean | undefined>();
  });

  it('edits with values, deferred functions and options', () => {
    const edits: Partial<Post> = { title: 'New' };
    expectTypeOf(record.edit(edits)).toEqualTypeOf<void>();
    expectTypeOf(record.edit({ title: 'New' }, { undoIgnore: true, isCached: true })).toEqualTypeOf<void>();
    expectTypeOf(record.edit({ title: (edited: Post) => `${edited.title}!` })).toEqualTypeOf<void>();
    // @ts-expect-error an edit value has the field's type
    record.edit({ title: 1 });
    // @ts-expect-error undoIgnore is a boolean
    record.edit({ title: 'x' }, { undoIgnore: 'yes' });
  });

  it('saves, autosaves and deletes', () => {
    expectTypeOf(record.save).parameters.toEqualTypeOf<[opts?: ThrowOption]>();
    expectTypeOf(record.save()).toEqualTypeOf<Promise<Post | undefined>>();
    expectTypeOf(record.saveFields(['title', 'meta.a'])).toEqualTypeOf<Promise<Post | undefined>>();
    expectTypeOf(record.saveFields(['title'], { throwOnError: true })).toEqualTypeOf<
      Promise<Post | undefined>
    >();
    expectTypeOf(record.autosave).parameters.toEqualTypeOf<[opts?: ThrowOption]>();
    expectTypeOf(record.autosave()).toEqualTypeOf<Promise<Post | undefined>>();
    expectTypeOf(record.delete).parameters.toEqualTypeOf<[query?: Query, opts?: ThrowOption]>();
    expectTypeOf(record.delete({ force: true }, { throwOnError: true })).toEqualTypeOf<Promise<unknown>>();
  });

  it('fetches itself, its revisions and its autosaves', () => {
    expectTypeOf(record.fetch()).toEqualTypeOf<Promise<EntityRecord<Post>>>();
    expectTypeOf(record.fetch({ context: 'view' })).toEqualTypeOf<Promise<EntityRecord<Post>>>();
    expectTypeOf(record.revisions()).toEqualTypeOf<EntityQuery<Revision>>();
    expectTypeOf(record.revisions({ per_page: 5 })).toEqualTypeOf<EntityQuery<Revision>>();
    expectTypeOf(record.revision(3)).toEqualTypeOf<Promise<Revision | undefined>>();
    expectTypeOf(record.revision(3, { context: 'view' })).toEqualTypeOf<Promise<Revision | undefined>>();
    expectTypeOf(record.autosaves).toEqualTypeOf<readonly Autosave[] | undefined>();
    expectTypeOf(record.fetchAutosaves()).toEqualTypeOf<Promise<Autosave[]>>();
    expectTypeOf(record.autosaveOf(1)).toEqualTypeOf<Autosave | undefined>();
  });

  it('can be made detached from a config and data', () => {
    const post: Post = { id: 1, status: 'draft', title: 'Hello', meta: {} };
    const detached = EntityRecord.detached<Post>(untypedConfig, post);
    expectTypeOf(detached).toEqualTypeOf<EntityRecord<Post>>();
    expectTypeOf(EntityRecord.detached(untypedConfig)).toEqualTypeOf<EntityRecord>();
    expectTypeOf(detached.edit({ title: 'New' })).toEqualTypeOf<void>();
    expectTypeOf(detached.edits).toEqualTypeOf<Partial<Post>>();
    expectTypeOf(detached.raw).toEqualTypeOf<Post | undefined>();
    expectTypeOf(detached.edited).toEqualTypeOf<Post | undefined>();
    expectTypeOf(detached.hasEdits).toEqualTypeOf<boolean>();
    expectTypeOf(detached.isDirty).toEqualTypeOf<boolean>();
    expectTypeOf(detached.title).toEqualTypeOf<string>();
  });
});

describe('EntityQuery', () => {
  it('exposes items, records, totals and state', () => {
    expectTypeOf(query.items).toEqualTypeOf<Post[] | null>();
    expectTypeOf(query.records).toEqualTypeOf<EntityRecord<Post>[] | null>();
    expectTypeOf(query.totalItems).toEqualTypeOf<number | null>();
    expectTypeOf(query.totalPages).toEqualTypeOf<number | null>();
    expectTypeOf(query.isResolving).toEqualTypeOf<boolean>();
    expectTypeOf(query.hasResolved).toEqualTypeOf<boolean>();
    expectTypeOf(query.error).toEqualTypeOf<Error | undefined>();
  });

  it('fetches and invalidates', () => {
    expectTypeOf(query.fetch()).toEqualTypeOf<Promise<EntityQuery<Post>>>();
    expectTypeOf(query.invalidate).toEqualTypeOf<() => void>();
  });
});

describe('UndoHistory', () => {
  it('undoes and redoes steps of entries', () => {
    expectTypeOf(history.hasUndo).toEqualTypeOf<boolean>();
    expectTypeOf(history.hasRedo).toEqualTypeOf<boolean>();
    expectTypeOf(history.undo()).toEqualTypeOf<UndoStep<EntityRecord<object>> | undefined>();
    expectTypeOf(history.redo()).toEqualTypeOf<UndoStep<EntityRecord<object>> | undefined>();
    expectTypeOf(history.createUndoLevel).toEqualTypeOf<() => void>();
    expectTypeOf(history.steps).toEqualTypeOf<readonly UndoStep<EntityRecord<object>>[]>();
    expectTypeOf(store.undo()).toEqualTypeOf<UndoStep<EntityRecord<object>> | undefined>();
  });

  it('describes a step as entries of a record and its from/to changes', () => {
    type Entry = UndoEntry<EntityRecord<object>>;
    expectTypeOf<Entry['record']>().toEqualTypeOf<EntityRecord<object>>();
    expectTypeOf<UndoEntry['record']>().toEqualTypeOf<EntityRecord<object>>();
    expectTypeOf<UndoStep>().toEqualTypeOf<readonly UndoEntry<EntityRecord<object>>[]>();
    expectTypeOf<Entry['changes'][string]>().toEqualTypeOf<{
      readonly from: unknown;
      readonly to: unknown;
    }>();
    expectTypeOf<UndoStep<EntityRecord<object>>>().toEqualTypeOf<readonly Entry[]>();
  });
});

describe('PermissionStore', () => {
  it('asks and caches permissions for the four actions', () => {
    expectTypeOf(permissions.canUser('create', 'media')).toEqualTypeOf<Promise<boolean | undefined>>();
    expectTypeOf(permissions.canUser('update', 'posts', 1)).toEqualTypeOf<Promise<boolean | undefined>>();
    expectTypeOf(permissions.canUser).parameter(0).toEqualTypeOf<'create' | 'read' | 'update' | 'delete'>();
    expectTypeOf(permissions.get('read', 'posts', '1')).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(permissions.canUserEditRecord('postType', 'post', 1)).toEqualTypeOf<
      Promise<boolean | undefined>
    >();
    // @ts-expect-error only create, read, update and delete are actions
    void permissions.canUser('publish', 'posts');
  });
});

describe('EmbedStore', () => {
  it('previews urls and reports their state', () => {
    expectTypeOf(embeds.preview('https://example.com')).toEqualTypeOf<Promise<EmbedPreview | false>>();
    expectTypeOf(embeds.get('https://example.com')).toEqualTypeOf<EmbedPreview | false | undefined>();
    expectTypeOf(embeds.isFallback('https://example.com')).toEqualTypeOf<boolean>();
    expectTypeOf(embeds.isRequesting('https://example.com')).toEqualTypeOf<boolean>();
  });
});

describe('UserStore', () => {
  it('gives the current user, authors and users by id', () => {
    expectTypeOf(users.current).toEqualTypeOf<User | undefined>();
    expectTypeOf(users.fetchCurrent()).toEqualTypeOf<Promise<User>>();
    expectTypeOf(users.authors()).toEqualTypeOf<Promise<User[]>>();
    expectTypeOf(users.authors({ per_page: 10 })).toEqualTypeOf<Promise<User[]>>();
    expectTypeOf(users.byId(1)).toEqualTypeOf<User | undefined>();
  });
});

describe('SiteStore', () => {
  it('holds each site value, undefined until fetched', () => {
    expectTypeOf(site.currentTheme).toExtend<object | undefined>();
    expectTypeOf(site.themeSupports).toExtend<object | undefined>();
    expectTypeOf(site.globalStylesId).toEqualTypeOf<number | undefined>();
    expectTypeOf(site.baseGlobalStyles).toExtend<object | undefined>();
    expectTypeOf(site.globalStylesVariations).toExtend<readonly object[] | undefined>();
    expectTypeOf(site.globalStylesRevisions).toExtend<readonly object[] | undefined>();
    expectTypeOf(site.blockPatterns).toExtend<readonly object[] | undefined>();
    expectTypeOf(site.blockPatternCategories).toExtend<readonly object[] | undefined>();
    expectTypeOf(site.userPatternCategories).toExtend<readonly object[] | undefined>();
    expectTypeOf(site.navigationFallbackId).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(undefined).toExtend<typeof site.currentTheme>();
    expectTypeOf(undefined).toExtend<typeof site.themeSupports>();
    expectTypeOf(undefined).toExtend<typeof site.baseGlobalStyles>();
    expectTypeOf(undefined).toExtend<typeof site.globalStylesVariations>();
    expectTypeOf(undefined).toExtend<typeof site.globalStylesRevisions>();
    expectTypeOf(undefined).toExtend<typeof site.blockPatterns>();
    expectTypeOf(undefined).toExtend<typeof site.blockPatternCategories>();
    expectTypeOf(undefined).toExtend<typeof site.userPatternCategories>();
  });

  it('fetches each value into what the observable then holds', () => {
    expectTypeOf(site.fetchCurrentTheme()).resolves.toEqualTypeOf<typeof site.currentTheme>();
    expectTypeOf(site.fetchThemeSupports()).resolves.toEqualTypeOf<typeof site.themeSupports>();
    expectTypeOf(site.fetchGlobalStylesId()).resolves.toEqualTypeOf<typeof site.globalStylesId>();
    expectTypeOf(site.fetchBaseGlobalStyles()).resolves.toEqualTypeOf<typeof site.baseGlobalStyles>();
    expectTypeOf(site.fetchGlobalStylesVariations()).resolves.toEqualTypeOf<
      typeof site.globalStylesVariations
    >();
    expectTypeOf(site.fetchGlobalStylesRevisions()).resolves.toEqualTypeOf<
      typeof site.globalStylesRevisions
    >();
    expectTypeOf(site.fetchBlockPatterns()).resolves.toExtend<typeof site.blockPatterns>();
    expectTypeOf(site.fetchBlockPatternCategories()).resolves.toExtend<typeof site.blockPatternCategories>();
    expectTypeOf(site.fetchUserPatternCategories()).resolves.toExtend<typeof site.userPatternCategories>();
    expectTypeOf(site.fetchNavigationFallbackId()).resolves.toExtend<typeof site.navigationFallbackId>();
  });

  it('resolves templates for a link and default template ids', () => {
    expectTypeOf(site.templateForLink('http://host/hello')).toEqualTypeOf<
      Promise<EntityRecord | undefined>
    >();
    expectTypeOf(site.defaultTemplateId({ slug: 'single-post' })).toEqualTypeOf<
      Promise<string | undefined>
    >();
  });
});

describe('Transport', () => {
  it('makes a RestTransport from root, auth, fetch, timeout, retry and headers', () => {
    const rest = new RestTransport({
      root: 'http://host/wp-json',
      auth: { username: 'admin', applicationPassword: 'abcd efgh' },
      fetch: (input, init) => fetch(input, init),
      timeout: 10_000,
      retry: { limit: 2 },
      headers: { 'X-Test': '1' },
    });
    expectTypeOf(rest).toExtend<Transport>();
    expectTypeOf(RestTransport).toBeConstructibleWith({
      root: 'http://host/?rest_route=',
      auth: { nonce: 'n' },
    });
    // @ts-expect-error the REST root is required
    expectTypeOf(RestTransport).toBeConstructibleWith({});
  });

  it('requests, walks pages, reads Allow and batches', () => {
    const signal = new AbortController().signal;
    expectTypeOf(
      transport.request<Post>({ path: '/wp/v2/posts/1', method: 'GET', query: { context: 'edit' }, signal }),
    ).toEqualTypeOf<Promise<Post>>();
    expectTypeOf(
      transport.request<Post>({ path: '/wp/v2/posts/1', method: 'POST', body: { title: 'a' }, raw: true }),
    ).toEqualTypeOf<Promise<RawResponse<Post>>>();
    expectTypeOf<RawResponse<Post>>().toEqualTypeOf<{ data: Post; status: number; headers: Headers }>();
    expectTypeOf(transport.fetchAll<Post>('/wp/v2/posts', { per_page: -1 })).toEqualTypeOf<Promise<Post[]>>();
    expectTypeOf(transport.allowedMethods('/wp/v2/posts/1')).toEqualTypeOf<Promise<Set<string>>>();
    const requests: BatchRequest[] = [{ path: '/wp/v2/posts', method: 'POST', body: { title: 'a' } }];
    expectTypeOf(transport.batch(requests)).toEqualTypeOf<Promise<BatchResult[]>>();
  });
});

describe('errors', () => {
  it('are typed error classes with their documented fields', () => {
    expectTypeOf<RestError>().toExtend<WpEntitiesError>();
    expectTypeOf<WpEntitiesError>().toExtend<Error>();
    expectTypeOf<RestError['status']>().toEqualTypeOf<number>();
    expectTypeOf<RestError['code']>().toEqualTypeOf<string>();
    expectTypeOf<RestError['message']>().toEqualTypeOf<string>();
    expectTypeOf<RestError['data']>().toEqualTypeOf<unknown>();
    expectTypeOf<EntityConfigError>().toExtend<WpEntitiesError>();
    expectTypeOf<InvalidActionError>().toExtend<WpEntitiesError>();
    expectTypeOf<BatchError>().toExtend<WpEntitiesError>();
    expectTypeOf<SyncError>().toExtend<WpEntitiesError>();
  });
});

describe('React bindings', () => {
  it('provide the store', () => {
    expectTypeOf(StoreProvider).parameter(0).toHaveProperty('store').toEqualTypeOf<RootStore>();
    expectTypeOf(useStore()).toEqualTypeOf<RootStore>();
  });

  it('useEntityRecord returns the record handle', () => {
    const handle = useEntityRecord<Post>('postType', 'post', 1);
    expectTypeOf(handle.record).toEqualTypeOf<EntityRecord<Post>>();
    expectTypeOf(handle.edited).toEqualTypeOf<Post | undefined>();
    expectTypeOf(handle.hasEdits).toEqualTypeOf<boolean>();
    expectTypeOf(handle.isDirty).toEqualTypeOf<boolean>();
    expectTypeOf(handle.isResolving).toEqualTypeOf<boolean>();
    expectTypeOf(handle.hasResolved).toEqualTypeOf<boolean>();
    expectTypeOf(handle.edit({ title: 'a' })).toEqualTypeOf<void>();
    expectTypeOf(handle.save()).toEqualTypeOf<Promise<Post | undefined>>();
    expectTypeOf(handle.save({ throwOnError: true })).toEqualTypeOf<Promise<Post | undefined>>();
  });

  it('useEntityRecords returns the query handle', () => {
    const handle = useEntityRecords<Post>('postType', 'post', { per_page: 10 });
    expectTypeOf(handle.items).toEqualTypeOf<Post[] | null>();
    expectTypeOf(handle.records).toEqualTypeOf<EntityRecord<Post>[] | null>();
    expectTypeOf(handle.totalItems).toEqualTypeOf<number | null>();
    expectTypeOf(handle.totalPages).toEqualTypeOf<number | null>();
    expectTypeOf(handle.isResolving).toEqualTypeOf<boolean>();
    expectTypeOf(handle.hasResolved).toEqualTypeOf<boolean>();
    expectTypeOf(handle.error).toEqualTypeOf<Error | undefined>();
  });

  it('useEntityProp returns [value, setValue, fullValue]', () => {
    const [value, setValue, fullValue] = useEntityProp<Post, 'title'>('postType', 'post', 'title', 1);
    expectTypeOf(value).toEqualTypeOf<string | undefined>();
    expectTypeOf(setValue).toEqualTypeOf<(value: string) => void>();
    expectTypeOf(fullValue).toEqualTypeOf<string | undefined>();
    // @ts-expect-error the field is a key of the record type
    useEntityProp<Post, 'missing'>('postType', 'post', 'missing', 1);
  });
});

describe('typed records: REST shape T and edited shape E', () => {
  /** A post type record as a user would type its REST shape (an interface: no index signature). */
  interface RestPost {
    id: number;
    status: string;
    title: { raw?: string; rendered: string };
  }
  /** The same record as it is edited: the raw attribute `title` is a string. */
  interface EditedPost {
    id: number;
    status: string;
    title: string;
  }

  it('types persisted and inContext by T, raw, edited and edits by E', () => {
    const post = store.record<WpPost, WpPostEdited>('postType', 'post', 1);
    expectTypeOf(post).toEqualTypeOf<EntityRecord<WpPost, WpPostEdited>>();
    expectTypeOf(post.persisted).toEqualTypeOf<WpPost | undefined>();
    expectTypeOf(post.persisted!.title.rendered).toEqualTypeOf<string>();
    expectTypeOf(post.inContext('view')).toEqualTypeOf<WpPost | undefined>();
    expectTypeOf(post.raw).toEqualTypeOf<WpPostEdited | undefined>();
    expectTypeOf(post.edited).toEqualTypeOf<WpPostEdited | undefined>();
    expectTypeOf(post.edited!.title).toEqualTypeOf<string>();
    expectTypeOf(post.edits).toEqualTypeOf<Partial<WpPostEdited>>();
    expectTypeOf(post.nonTransientEdits).toEqualTypeOf<Partial<WpPostEdited>>();
    expectTypeOf(post.save()).toEqualTypeOf<Promise<WpPost | undefined>>();
    expectTypeOf(post.fetch()).toEqualTypeOf<Promise<EntityRecord<WpPost, WpPostEdited>>>();
  });

  it('edits with values of the edited shape', () => {
    const post = store.record<RestPost, EditedPost>('postType', 'post', 1);
    expectTypeOf(post.edit({ title: 'x' })).toEqualTypeOf<void>();
    expectTypeOf(post.edit({ title: (edited: EditedPost) => `${edited.title}!` })).toEqualTypeOf<void>();
    // @ts-expect-error an edit value has the field's edited type
    post.edit({ title: 5 });
    // @ts-expect-error an edit value is not the REST shape of the field
    post.edit({ title: { rendered: 'x' } });
    expectTypeOf(
      store.record<WpPost, WpPostEdited>('postType', 'post', 1).edit({ title: 'x' }),
    ).toEqualTypeOf<void>();
  });

  it('threads T and E through collections, queries and creation', () => {
    const posts = store.collection<RestPost, EditedPost>('postType', 'post');
    expectTypeOf(posts).toEqualTypeOf<EntityCollection<RestPost, EditedPost>>();
    expectTypeOf(posts.record(1)).toEqualTypeOf<EntityRecord<RestPost, EditedPost>>();
    expectTypeOf(posts.get(1)).toEqualTypeOf<EntityRecord<RestPost, EditedPost> | undefined>();
    expectTypeOf(posts.fetch(1)).toEqualTypeOf<Promise<EntityRecord<RestPost, EditedPost> | undefined>>();
    expectTypeOf(posts.create({ title: 'New' })).toEqualTypeOf<EntityRecord<RestPost, EditedPost>>();
    // @ts-expect-error a new record starts from edits, in the edited shape
    posts.create({ title: { rendered: 'New' } });
    expectTypeOf(posts.dirtyRecords).toEqualTypeOf<readonly EntityRecord<RestPost, EditedPost>[]>();
    const list = posts.query({ per_page: 5 });
    expectTypeOf(list).toEqualTypeOf<EntityQuery<RestPost, EditedPost>>();
    expectTypeOf(list.items).toEqualTypeOf<RestPost[] | null>();
    expectTypeOf(list.records).toEqualTypeOf<EntityRecord<RestPost, EditedPost>[] | null>();
  });

  it('keeps one shape for both when E is left out', () => {
    expectTypeOf(store.record<Post>('postType', 'post', 1)).toEqualTypeOf<EntityRecord<Post, Post>>();
    expectTypeOf(store.record('postType', 'post', 1).edited).toEqualTypeOf<PlainObject | undefined>();
  });

  it('accepts a typed config wherever an EntityConfig is expected', () => {
    const typed = new EntityConfig<RestPost>({
      kind: 'postType',
      name: 'post',
      baseURL: '/wp/v2/posts',
      getTitle: (restPost) => restPost?.title.rendered ?? '',
      prePersist: (persisted, edits) => ({ status: persisted?.status ?? edits.status ?? 'draft' }),
    });
    expectTypeOf(typed).toExtend<EntityConfig>();
    expectTypeOf(config).toExtend<EntityConfig>();
    expectTypeOf(typed.getTitle).toEqualTypeOf<(record: RestPost | undefined) => string>();
    expectTypeOf(registry.register(typed, config, untypedConfig)).toEqualTypeOf<void>();
    const rest: RestPost = { id: 1, status: 'draft', title: { raw: 'Hi', rendered: 'Hi' } };
    expectTypeOf(EntityRecord.detached(typed, rest)).toEqualTypeOf<EntityRecord<RestPost>>();
    expectTypeOf(EntityRecord.detached<RestPost, EditedPost>(typed, rest)).toEqualTypeOf<
      EntityRecord<RestPost, EditedPost>
    >();
    const posts: EntityConfig[] = [typed, new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' })];
    expectTypeOf(posts).toEqualTypeOf<EntityConfig[]>();
  });

  it('types the React handles by T and E', () => {
    const handle = useEntityRecord<WpPost, WpPostEdited>('postType', 'post', 1);
    expectTypeOf(handle.record).toEqualTypeOf<EntityRecord<WpPost, WpPostEdited>>();
    expectTypeOf(handle.persisted).toEqualTypeOf<WpPost | undefined>();
    expectTypeOf(handle.edited).toEqualTypeOf<WpPostEdited | undefined>();
    expectTypeOf(handle.edits).toEqualTypeOf<Partial<WpPostEdited>>();
    expectTypeOf(handle.edit({ title: 'x' })).toEqualTypeOf<void>();
    // @ts-expect-error the handle edits the edited shape
    handle.edit({ title: { rendered: 'x' } });
    expectTypeOf(handle.save()).toEqualTypeOf<Promise<WpPost | undefined>>();
    const list = useEntityRecords<WpPost, WpPostEdited>('postType', 'post');
    expectTypeOf(list.items).toEqualTypeOf<WpPost[] | null>();
    expectTypeOf(list.records).toEqualTypeOf<EntityRecord<WpPost, WpPostEdited>[] | null>();
    const [value, setValue, fullValue] = useEntityProp<WpPost, 'title', WpPostEdited>(
      'postType',
      'post',
      'title',
      1,
    );
    expectTypeOf(value).toEqualTypeOf<string | undefined>();
    expectTypeOf(setValue).toEqualTypeOf<(value: string) => void>();
    expectTypeOf(fullValue).toEqualTypeOf<WpPost['title'] | undefined>();
  });
});

describe('test kit', () => {
  it('createMockWordPress makes an in-memory WordPress with msw handlers and a Node server', () => {
    const mock = createMockWordPress();
    expectTypeOf(mock).toEqualTypeOf<MockWordPress>();
    expectTypeOf(createMockWordPress).parameters.toEqualTypeOf<
      [options?: ConstructorParameters<typeof MockWordPress>[0]]
    >();
    expectTypeOf(mock.handlers).toBeArray();
    expectTypeOf(mock.listen).returns.resolves.toHaveProperty('close');
  });
});
