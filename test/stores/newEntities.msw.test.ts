/**
 * The entities core-data 8.1 added (font collections, font families, icons, icon collections,
 * postType/attachment) against the test kit's mock WordPress answering as the release that has
 * them, and as 6.1, which has none of the new routes.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isRestError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';
import { createMockWordPress, type MockWordPress } from '../../src/testing/index.js';
import type { MockWordPressVersion } from '../../src/testing/types.js';

let mock: MockWordPress = createMockWordPress();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function storeOn(version: MockWordPressVersion): RootStore {
  mock = createMockWordPress({ version });
  server.use(...mock.handlers);
  return new RootStore({ transport: new RestTransport({ root: mock.restRoot, retry: false }) });
}

describe('font library (WordPress 6.5+, mock 6.7)', () => {
  it('lists font collections with their totals and reads one by slug', async () => {
    const store = storeOn('6.7');

    const query = await store.collection('root', 'fontCollection').query().fetch();
    const record = await store.collection('root', 'fontCollection').fetch('mock-fonts');

    expect(query.items?.map((item) => (item as { slug: string }).slug)).toEqual(['mock-fonts']);
    expect(query.totalItems).toBe(1);
    expect(record?.persisted).toMatchObject({ name: 'Mock fonts' });
    expect(mock.requests.map((e) => `${e.method} ${e.path} ${String(e.query['context'])}`)).toEqual([
      'GET /wp/v2/font-collections view',
      'GET /wp/v2/font-collections/mock-fonts view',
    ]);
  });

  it('creates, lists and deletes font families as postType/wp_font_family, with permissions from the list', async () => {
    const store = storeOn('6.7');
    const families = store.collection('postType', 'wp_font_family');

    const created = await families.saveRecord(
      {
        font_family_settings: JSON.stringify({ name: 'Inter', slug: 'inter', fontFamily: 'Inter' }),
      } as never,
      { throwOnError: true },
    );
    const id = (created as { id: number }).id;
    const query = await families.query().fetch();
    const requestsBefore = mock.requests.length;

    expect(query.items).toEqual([
      expect.objectContaining({ id, font_family_settings: expect.objectContaining({ slug: 'inter' }) }),
    ]);
    await expect(
      store.permissions.canUser('delete', { kind: 'postType', name: 'wp_font_family', id }),
    ).resolves.toBe(true);
    expect(mock.requests.length).toBe(requestsBefore);
    await expect(
      store.record('postType', 'wp_font_family', id).delete({ force: true }, { throwOnError: true }),
    ).resolves.toMatchObject({ deleted: true });
  });

  it('refuses the font collections to an author with 403', async () => {
    const store = storeOn('6.7');
    mock.setCurrentRole('author');

    const error: unknown = await store
      .collection('root', 'fontCollection')
      .query()
      .fetch()
      .catch((e: unknown) => e);

    expect(isRestError(error) && error.status).toBe(403);
  });
});

describe('icons (WordPress 7.0+, mock 7.1)', () => {
  it('lists icons keyed by name and reads one whose name has a slash', async () => {
    const store = storeOn('7.1');

    const icons = await store.collection('root', 'icon').query().fetch();
    const check = await store.collection('root', 'icon').fetch('core/check');
    const collections = await store.collection('root', 'iconCollection').query().fetch();

    expect(icons.items?.map((icon) => (icon as { name: string }).name)).toEqual([
      'core/arrow-left',
      'core/check',
    ]);
    expect(check?.persisted).toMatchObject({ label: 'Check' });
    expect(store.collection('root', 'icon').get('core/arrow-left')?.persisted).toMatchObject({
      label: 'Arrow left',
    });
    expect(collections.items).toEqual([expect.objectContaining({ slug: 'core', label: 'Core' })]);
  });
});

describe('the new entities on WordPress 6.1', () => {
  it('leaves the lists unknown (null, with the 404 as the error), never empty', async () => {
    const store = storeOn('6.1');

    for (const name of ['fontCollection', 'icon', 'iconCollection']) {
      const query = store.collection('root', name).query();
      const error: unknown = await query.fetch().catch((e: unknown) => e);
      expect(query.items, name).toBeNull();
      expect(isRestError(error) && error.code, name).toBe('rest_no_route');
    }
  });

  it('has no wp_font_family type, so its permissions are unknown', async () => {
    const store = storeOn('6.1');

    await expect(
      store.permissions.canUser('create', { kind: 'postType', name: 'wp_font_family' }),
    ).resolves.toBeUndefined();
    expect(await store.entities.ensure('postType', 'wp_font_family')).toBeUndefined();
  });
});

describe('postType/attachment', () => {
  it('reads and saves an attachment with its raw caption, like root/media', async () => {
    const store = storeOn('6.1');
    const media = await store.collection('root', 'media').query({ per_page: 1 }).fetch();
    const id = Number(media.records?.[0]?.id);
    const record = store.record<Record<string, unknown>>('postType', 'attachment', id);
    await record.fetch();

    record.edit({ caption: 'A new caption' });
    await record.save({ throwOnError: true });

    expect(mock.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/wp/v2/media/${id}`,
      body: { caption: 'A new caption', id },
    });
    expect(record.raw?.['caption']).toBe('A new caption');
    expect(record.hasEdits).toBe(false);
  });
});

describe('store.editMedia (editMediaEntity)', () => {
  it('sends the modifiers and receives the new attachment; the original stays', async () => {
    const store = storeOn('6.1');
    const media = await store.collection('root', 'media').query({ per_page: 1, media_type: 'image' }).fetch();
    const original = media.items?.[0] as { id: number; source_url: string };
    const modifiers = [{ type: 'rotate', args: { angle: 90 } }];

    const edited = await store.editMedia(
      original.id,
      { src: original.source_url, modifiers },
      { throwOnError: true },
    );

    expect(mock.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/wp/v2/media/${original.id}/edit`,
      body: { src: original.source_url, modifiers },
    });
    expect(edited?.['id']).not.toBe(original.id);
    expect(store.collection('root', 'media').get(edited?.['id'] as number)?.persisted).toMatchObject({
      id: edited?.['id'],
    });
    expect(mock.getPost(original.id)).toBeDefined();
  });

  it('resolves undefined when refused, and rejects with the RestError with throwOnError', async () => {
    const store = storeOn('6.1');
    const media = await store.collection('root', 'media').query({ per_page: 1 }).fetch();
    const original = media.items?.[0] as { id: number; source_url: string };
    mock.addUser({ username: 'contributor', role: 'contributor' });
    mock.setCurrentRole('contributor');
    const edits = { src: original.source_url, modifiers: [{ type: 'rotate', args: { angle: 90 } }] };

    await expect(store.editMedia(original.id, edits)).resolves.toBeUndefined();
    await expect(store.editMedia(original.id, edits, { throwOnError: true })).rejects.toMatchObject({
      status: 403,
      code: 'rest_cannot_edit_image',
    });
  });
});
