import { describe, expect, it, vi } from 'vitest';
import { EntityConfig, PostTypeConfig } from '../../models/EntityConfig.js';
import type { PlainObject } from '../../models/snapshot.js';
import { RestError } from '../../core/errors.js';
import { RecordWriter } from '../../stores/RecordWriter.js';
import { FakeTransport, deferred, makePost } from '../helpers/fakeTransport.js';
import { PlainCollection, plainTransition, type PlainRecord } from '../helpers/plainWrites.js';

const posts = new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' });

function setup(config: EntityConfig = posts, currentUserId?: number) {
  const transport = new FakeTransport();
  const writer = new RecordWriter({
    transport,
    currentUserId: () => currentUserId,
    transition: plainTransition,
  });
  const collection = new PlainCollection(config);
  return { transport, writer, collection };
}

function cachedPost(collection: PlainCollection, id: number, overrides: PlainObject = {}): PlainRecord {
  collection.receive(makePost(id, overrides));
  return collection.record(id);
}

const echo =
  (overrides: PlainObject = {}) =>
  (call: { body?: unknown }) => ({
    body: { ...makePost(5), ...wrap(call.body as PlainObject), ...overrides },
  });

/** What WordPress answers for text fields: `{raw, rendered}`. */
function wrap(body: PlainObject): PlainObject {
  const out: PlainObject = { ...body };
  for (const key of ['title', 'content', 'excerpt']) {
    if (typeof out[key] === 'string') out[key] = { raw: out[key], rendered: out[key] };
  }
  return out;
}

describe('RecordWriter.saveEdits', () => {
  it('PUTs only the non-transient edits plus the key, then clears them', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    post.edit({ title: 'New', blocks: [{ name: 'core/paragraph' }], selection: {} });
    transport.on('PUT', '/wp/v2/posts/5', echo());
    const outcome = await writer.saveEdits(collection, post);
    expect(outcome.ok).toBe(true);
    expect(transport.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/wp/v2/posts/5', { id: 5, title: 'New' }],
    ]);
    expect(Object.keys(post.edits)).toEqual(['blocks', 'selection']);
    expect(collection.invalidations).toEqual(['receive']);
    expect(post.status).toMatchObject({ isSaving: false, saveError: undefined });
  });

  it('sends no request without edits, or with transient edits only', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    expect(await writer.saveEdits(collection, post)).toMatchObject({ ok: true, value: undefined });
    post.edit({ blocks: [] });
    await writer.saveEdits(collection, post);
    expect(transport.calls).toHaveLength(0);
  });

  it('sends no request for a noFetch entity', async () => {
    const config = new EntityConfig({ kind: 'root', name: 'local', baseURL: '/x', noFetch: true });
    const { transport, writer, collection } = setup(config);
    const record = collection.record(1);
    record.edit({ a: 1 });
    await writer.saveEdits(collection, record);
    expect(transport.calls).toHaveLength(0);
  });

  it('applies the auto-draft rule to the body', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5, { status: 'auto-draft', title: { raw: 'Auto Draft' } });
    post.edit({ content: 'Hello' });
    transport.on('PUT', '/wp/v2/posts/5', echo());
    await writer.saveEdits(collection, post);
    expect(transport.calls[0]?.body).toEqual({ id: 5, content: 'Hello', status: 'draft', title: '' });
  });

  it('keeps the edits and stores the error when the server fails', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    post.edit({ title: 'New' });
    transport.on('PUT', '/wp/v2/posts/5', {
      status: 500,
      body: { code: 'internal_server_error', message: 'Down' },
    });
    const outcome = await writer.saveEdits(collection, post);
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toBeInstanceOf(RestError);
    expect(post.status.saveError).toBe(outcome.error);
    expect(post.status.isSaving).toBe(false);
    expect(post.edits).toEqual({ title: 'New' });
  });

  it('keeps edits made while the save is in flight', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    post.edit({ title: 'Sent' });
    const gate = deferred();
    transport.on('PUT', '/wp/v2/posts/5', async (call) => {
      await gate.promise;
      return echo()(call);
    });
    const saving = writer.saveEdits(collection, post);
    await vi.waitFor(() => expect(transport.calls).toHaveLength(1));
    expect(post.status.isSaving).toBe(true);
    post.edit({ title: 'Typed during save', content: 'More' });
    gate.resolve();
    await saving;
    expect(post.edits).toEqual({ title: 'Typed during save', content: 'More' });
  });

  it('runs saves of one record one after another, sending what is still unsaved', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    post.edit({ title: 'First' });
    const gate = deferred();
    let inFlight = 0;
    let overlap = false;
    transport.on('PUT', '/wp/v2/posts/5', async (call) => {
      inFlight += 1;
      overlap ||= inFlight > 1;
      await gate.promise;
      inFlight -= 1;
      return echo()(call);
    });
    const first = writer.saveEdits(collection, post);
    await vi.waitFor(() => expect(transport.calls).toHaveLength(1));
    post.edit({ content: 'Second' });
    const second = writer.saveEdits(collection, post);
    gate.resolve();
    await Promise.all([first, second]);
    expect(overlap).toBe(false);
    expect(transport.calls.map((call) => call.body)).toEqual([
      { id: 5, title: 'First' },
      { id: 5, content: 'Second' },
    ]);
    expect(post.edits).toEqual({});
  });

  it('evaluates deferred edits at save time and keeps their result as an edit until saved', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    post.edit({ content: 'Body', title: (record: PlainObject) => `About ${String(record.content)}` });
    transport.on('PUT', '/wp/v2/posts/5', echo());
    await writer.saveEdits(collection, post);
    expect(transport.calls[0]?.body).toEqual({ id: 5, content: 'Body', title: 'About Body' });
    expect(post.edits).toEqual({});
  });

  it('saves only the given fields, with dotted paths', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5, { meta: { a: 1, b: 2 } });
    post.edit({ title: 'New', meta: { a: 5, b: 3 } });
    transport.on('PUT', '/wp/v2/posts/5', echo());
    await writer.saveEdits(collection, post, { fields: ['meta.a'] });
    expect(transport.calls[0]?.body).toEqual({ id: 5, meta: { a: 5 } });
    expect(post.edits).toEqual({ title: 'New', meta: { a: 5, b: 3 } });
  });
});

describe('RecordWriter.saveData', () => {
  it('POSTs data without a key and PUTs data with one', async () => {
    const { transport, writer, collection } = setup();
    transport.on('POST', '/wp/v2/posts', (call) => ({
      body: { ...makePost(9), ...wrap(call.body as PlainObject) },
    }));
    transport.on('PUT', '/wp/v2/posts/9', echo({ id: 9 }));
    const created = await writer.saveData(collection, { title: 'New post' });
    expect(created.ok).toBe(true);
    expect(collection.record(9).raw?.title).toBe('New post');
    await writer.saveData(collection, { id: 9, title: 'Renamed' });
    expect(transport.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/wp/v2/posts', { title: 'New post' }],
      ['PUT', '/wp/v2/posts/9', { id: 9, title: 'Renamed' }],
    ]);
  });
});

describe('RecordWriter.delete', () => {
  it('DELETEs with the query, removes the record and discards its edits', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    post.edit({ title: 'Unsaved' });
    transport.on('DELETE', '/wp/v2/posts/5', { body: { deleted: true, previous: makePost(5) } });
    const outcome = await writer.delete(collection, post, { force: true });
    expect(outcome.value).toEqual({ deleted: true, previous: makePost(5) });
    expect(transport.calls[0]?.query).toEqual({ force: true });
    expect(post.persisted).toBeUndefined();
    expect(post.edits).toEqual({});
    expect(collection.invalidations).toContain('remove');
    expect(post.status).toMatchObject({ isDeleting: false, deleteError: undefined });
  });

  it('keeps the record and stores the error when the delete fails', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    transport.on('DELETE', '/wp/v2/posts/5', {
      status: 410,
      body: { code: 'rest_already_trashed', message: 'The post has already been deleted.' },
    });
    const outcome = await writer.delete(collection, post, undefined);
    expect(outcome.ok).toBe(false);
    expect(post.status.deleteError).toBeInstanceOf(RestError);
    expect(post.persisted).toBeDefined();
  });
});

describe('RecordWriter.autosave', () => {
  it('sends the edits, then the previous autosave, then the persisted values, as raw strings', async () => {
    const { transport, writer, collection } = setup(posts, 1);
    const post = cachedPost(collection, 5);
    post.edit({ title: 'Edited title', slug: 'not-sent' });
    transport.on('GET', '/wp/v2/posts/5/autosaves', {
      body: [
        { id: 70, parent: 5, author: 2, content: { raw: 'Someone else', rendered: '' } },
        { id: 71, parent: 5, author: 1, content: { raw: 'My autosave', rendered: '<p>My autosave</p>' } },
      ],
    });
    transport.on('POST', '/wp/v2/posts/5/autosaves', {
      body: { id: 72, parent: 5, author: 1, title: { raw: 'Edited title' } },
    });
    await writer.autosave(collection, post);
    const post5 = makePost(5) as { excerpt: { raw: string } };
    expect(transport.callsTo('POST', '/wp/v2/posts/5/autosaves')[0]?.body).toEqual({
      status: 'publish',
      title: 'Edited title',
      excerpt: post5.excerpt.raw,
      content: 'My autosave',
      meta: { footnotes: '' },
    });
    expect(transport.callsTo('GET', '/wp/v2/posts/5/autosaves')[0]?.query).toEqual({ context: 'edit' });
  });

  it('replaces the autosaves with a new autosave revision and leaves the record alone', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5);
    post.edit({ title: 'Edited' });
    const revision = { id: 72, parent: 5, author: 1, title: { raw: 'Edited' } };
    transport.on('POST', '/wp/v2/posts/5/autosaves', { body: revision });
    await writer.autosave(collection, post);
    expect(post.autosaves).toEqual([revision]);
    expect(post.raw?.title).toBe('Post 5');
    expect(post.edits).toEqual({ title: 'Edited' });
  });

  it('updates only the text fields (and auto-draft status) when the server saved the draft itself', async () => {
    const { transport, writer, collection } = setup();
    const post = cachedPost(collection, 5, { status: 'auto-draft', title: '' });
    post.edit({ title: 'Draft title' });
    transport.on('POST', '/wp/v2/posts/5/autosaves', (call) => {
      expect(call.body).toMatchObject({ status: 'draft', title: 'Draft title' });
      return {
        body: { ...makePost(5), status: 'draft', title: { raw: 'Draft title' }, author: 9, slug: 'changed' },
      };
    });
    await writer.autosave(collection, post);
    expect(post.raw).toMatchObject({ title: 'Draft title', status: 'draft', author: 1, slug: 'post-5' });
    expect(post.edits).toEqual({});
    expect(post.autosaves).toBeUndefined();
  });

  it('sends nothing without edits', async () => {
    const { transport, writer, collection } = setup(posts, 1);
    const post = cachedPost(collection, 5);
    post.edit({ blocks: [] });
    await writer.autosave(collection, post);
    expect(transport.calls).toHaveLength(0);
  });

  it('refuses entities that are not post types', async () => {
    const terms = new EntityConfig({ kind: 'taxonomy', name: 'category', baseURL: '/wp/v2/categories' });
    const { writer, collection } = setup(terms);
    await expect(writer.autosave(collection, collection.record(1))).rejects.toThrow(/Only post types/);
  });
});
