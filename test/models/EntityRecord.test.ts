import { autorun, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { EntityConfig, PostTypeConfig } from '../../models/EntityConfig.js';
import { dispatchRecordAction, EntityRecord } from '../../models/EntityRecord.js';
import { RootStore } from '../../stores/RootStore.js';
import { FakeTransport, makePost } from '../helpers/fakeTransport.js';

const postConfig = new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', label: 'Posts' });

describe('EntityRecord.detached', () => {
  it('holds the data as a complete persisted record with its normalised id', () => {
    const record = EntityRecord.detached(postConfig, { ...makePost(3), id: '3' });
    expect(record.id).toBe(3);
    expect(record.kind).toBe('postType');
    expect(record.name).toBe('post');
    expect(record.config).toBe(postConfig);
    expect(record.isComplete).toBe(true);
    expect(record.collection).toBeUndefined();
  });

  it('flattens raw attributes only, in raw and edited', () => {
    const record = EntityRecord.detached(postConfig, makePost(1, { guid: { raw: 'g', rendered: 'g' } }));
    expect(record.raw?.title).toBe('Post 1');
    expect(record.raw?.content).toBe('<p>Body 1</p>');
    expect(record.raw?.guid).toEqual({ raw: 'g', rendered: 'g' });
    expect(record.edited).toBe(record.raw);
    expect(record.persisted?.title).toEqual({ raw: 'Post 1', rendered: 'Post 1' });
  });

  it('keeps a nested raw value as it is', () => {
    const config = new EntityConfig({ kind: 'root', name: 'x', baseURL: '/x', rawAttributes: ['title'] });
    const record = EntityRecord.detached(config, { id: 1, title: { raw: { html: '<b>' }, rendered: '<b>' } });
    expect(record.raw).toEqual({ id: 1, title: { html: '<b>' } });
  });

  it('starts with no edits, clean, idle', () => {
    const record = EntityRecord.detached(postConfig, makePost(1));
    expect(record.edits).toEqual({});
    expect(record.nonTransientEdits).toEqual({});
    expect(record.hasEdits).toBe(false);
    expect(record.isDirty).toBe(false);
    expect(record.isSaving || record.isDeleting || record.isAutosaving || record.isResolving).toBe(false);
    expect(record.saveError ?? record.deleteError ?? record.fetchError).toBeUndefined();
  });

  it('changes its request state only through the records layer: no dispatch of its own', () => {
    const record = EntityRecord.detached(postConfig, makePost(1));
    expect('dispatch' in record).toBe(false);
    dispatchRecordAction(record, { type: 'saveStarted', fields: ['title'] });
    expect(record.isSaving).toBe(true);
    dispatchRecordAction(record, { type: 'saveEnded', end: { ok: false, error: new Error('refused') } });
    expect([record.isSaving, record.saveError?.message]).toEqual([false, 'refused']);
  });

  it('titles itself through its config', () => {
    expect(EntityRecord.detached(postConfig, makePost(2)).title).toBe('Post 2');
    expect(EntityRecord.detached(postConfig, makePost(2, { title: { raw: '', rendered: '' } })).title).toBe(
      '2',
    );
    const site = new EntityConfig({
      kind: 'root',
      name: 'site',
      baseURL: '/wp/v2/settings',
      singleton: true,
      getTitle: (r) => String(r?.title ?? 'Site Title'),
    });
    const settings = EntityRecord.detached(site, { title: 'Blog' });
    expect(settings.id).toBeUndefined();
    expect(settings.title).toBe('Blog');
  });

  it('has no persisted or edited record without data', () => {
    const record = EntityRecord.detached(postConfig);
    expect(record.persisted).toBeUndefined();
    expect(record.raw).toBeUndefined();
    expect(record.edited).toBeUndefined();
    expect(record.title).toBe('');
  });

  it('cannot fetch without a store', async () => {
    await expect(EntityRecord.detached(postConfig, makePost(1)).fetch()).rejects.toMatchObject({
      name: 'ArgumentError',
    });
  });
});

describe('EntityRecord in a store', () => {
  function setup() {
    const store = new RootStore({ transport: new FakeTransport() });
    store.entities.register(postConfig);
    return store.collection('postType', 'post');
  }

  it('gives the same raw object back until the record changes', () => {
    const posts = setup();
    posts.receive(makePost(1));
    const record = posts.record(1);
    const raw = record.raw;
    expect(record.raw).toBe(raw);
    posts.receive(makePost(1));
    expect(record.raw).toBe(raw);
    posts.receive(makePost(1, { title: { raw: 'B', rendered: 'B' } }));
    expect(record.raw).not.toBe(raw);
    expect(record.title).toBe('B');
  });

  it('re-runs an observer of one record only when that record changes', () => {
    const posts = setup();
    posts.receive([makePost(1), makePost(2)]);
    const titles: string[] = [];
    const stop = autorun(() => titles.push(posts.record(1).title));
    posts.receive(makePost(2, { title: { raw: 'Other', rendered: 'Other' } }));
    posts.receive(makePost(1, { author: 7 }));
    posts.receive(makePost(1, { title: { raw: 'Mine', rendered: 'Mine' } }));
    expect(titles).toEqual(['Post 1', 'Mine']);
    stop();
  });

  it('has no config until its kind is loaded', () => {
    const store = new RootStore({ transport: new FakeTransport() });
    const record = store.record('postType', 'page', 1);
    expect(record.config).toBeUndefined();
    store.entities.register(new PostTypeConfig({ name: 'page', baseURL: '/wp/v2/pages' }));
    expect(record.config?.baseURL).toBe('/wp/v2/pages');
  });
});

describe('clearing edits the server now matches', () => {
  class EditableRecord extends EntityRecord {
    put(edits: Record<string, unknown>): void {
      runInAction(() => this.replaceEdits(edits));
    }
  }

  function editable(edits: Record<string, unknown>) {
    const record = new EditableRecord({ kind: 'postType', name: 'post', id: 1, config: postConfig });
    record.put(edits);
    return record;
  }

  it('drops edits equal to the received raw values and keeps the others', () => {
    const record = editable({ title: 'Saved', content: 'Local', blocks: [] });
    record.clearEditsMatching({
      id: 1,
      title: { raw: 'Saved', rendered: 'Saved' },
      content: { raw: 'Server', rendered: 'Server' },
    });
    expect(record.edits).toEqual({ content: 'Local', blocks: [] });
    expect(record.nonTransientEdits).toEqual({ content: 'Local' });
    expect(record.hasEdits).toBe(true);
  });

  it('drops an edit equal to what was sent even when the server changed it', () => {
    const record = editable({ content: 'hello' });
    record.clearEditsMatching(
      { id: 1, content: { raw: 'hello!', rendered: 'hello!' } },
      { content: 'hello' },
    );
    expect(record.edits).toEqual({});
    expect(record.hasEdits).toBe(false);
    expect(record.isDirty).toBe(false);
  });

  it('shows edits over the raw record in edited, and transient ones do not make it dirty', () => {
    const record = editable({ blocks: ['b'] });
    expect(record.hasEdits).toBe(false);
    record.put({ title: 'X', blocks: ['b'] });
    expect(record.edited).toEqual({ title: 'X', blocks: ['b'] });
    expect(record.title).toBe('X');
    expect(record.isDirty).toBe(true);
  });
});

describe('observing a record first read by a script', () => {
  function received() {
    const store = new RootStore({ transport: new FakeTransport() });
    store.entities.register(postConfig);
    const posts = store.collection('postType', 'post');
    posts.receive(makePost(1));
    return { store, posts, record: posts.record(1) };
  }

  it('notifies an observer of the persisted record after script reads and writes', () => {
    const { posts, record } = received();
    expect(record.persisted?.title).toEqual({ raw: 'Post 1', rendered: 'Post 1' });
    posts.receive(makePost(1, { title: { raw: 'Two', rendered: 'Two' } }));
    const seen: unknown[] = [];
    const stop = autorun(() => seen.push(record.raw?.title));
    posts.receive(makePost(1, { title: { raw: 'Three', rendered: 'Three' } }));
    stop();
    expect(seen).toEqual(['Two', 'Three']);
  });

  it('notifies observers of edits, status, contexts and autosaves written for the first time', () => {
    const { posts, record } = received();
    const seen: string[] = [];
    const stop = autorun(() => {
      seen.push(
        [
          Object.keys(record.edits).join(','),
          String(record.hasEdits),
          String(record.isSaving),
          String(record.inContext('view')?.id),
          String(record.autosaves?.length),
        ].join('|'),
      );
    });
    record.edit({ blocks: [] });
    record.edit({ title: 'Changed' });
    dispatchRecordAction(record, { type: 'saveStarted', fields: ['title'] });
    posts.receive(makePost(1), { query: { context: 'view' } });
    dispatchRecordAction(record, { type: 'autosavesReplaced', autosaves: [] });
    stop();
    expect(seen).toEqual([
      '|false|false|undefined|undefined',
      'blocks|false|false|undefined|undefined',
      'blocks,title|true|false|undefined|undefined',
      'blocks,title|true|true|undefined|undefined',
      'blocks,title|true|true|1|undefined',
      'blocks,title|true|true|1|0',
    ]);
  });

  it('keeps the dirty list in step with edits and saves made before anything observed it', () => {
    const { store, posts, record } = received();
    record.edit({ title: 'Changed' });
    const other = posts.record(2);
    posts.receive(makePost(2));
    other.edit({ blocks: [] });
    const lists: number[][] = [];
    const stop = autorun(() => lists.push([store.dirtyRecords.length, store.savingRecords.length]));
    other.edit({ content: 'New body' });
    dispatchRecordAction(record, { type: 'saveStarted', fields: ['title'] });
    record.edit({ title: 'Post 1' });
    dispatchRecordAction(record, { type: 'saveEnded', end: { ok: true } });
    stop();
    expect(lists).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 0],
    ]);
    expect(store.dirtyRecords).toEqual([other]);
  });
});
