import { describe, expect, it } from 'vitest';
import { PostTypeConfig, TaxonomyConfig } from '../../models/EntityConfig.js';
import { loadPostTypeConfigs, loadTaxonomyConfigs } from '../../stores/entities/loaders.js';
import { FakeTransport, typesBody } from '../helpers/fakeTransport.js';

describe('post type loader', () => {
  it('reads GET /wp/v2/types?context=view and makes one config per type', async () => {
    const transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() });
    const configs = await loadPostTypeConfigs(transport);
    expect(transport.calls).toEqual([
      expect.objectContaining({ method: 'GET', path: '/wp/v2/types', query: { context: 'view' } }),
    ]);
    expect(configs.map((c) => c.name)).toEqual([
      'post',
      'page',
      'attachment',
      'wp_template',
      'wp_template_part',
    ]);
    expect(configs.every((c) => c instanceof PostTypeConfig && c.kind === 'postType')).toBe(true);
    const byName = new Map(configs.map((c) => [c.name, c]));
    expect(byName.get('post')).toMatchObject({ baseURL: '/wp/v2/posts', label: 'Posts', restBase: 'posts' });
    expect(byName.get('attachment')?.baseURL).toBe('/wp/v2/media');
    expect(byName.get('wp_template_part')?.baseURL).toBe('/wp/v2/template-parts');
    expect(byName.get('wp_template_part')?.revisionKey).toBe('wp_id');
  });

  it('edits postType/attachment like root/media: raw caption, title and description, no autosaves or auto-drafts', async () => {
    const transport = new FakeTransport().on('GET', '/wp/v2/types', { body: typesBody() });
    const configs = await loadPostTypeConfigs(transport);
    const attachment = configs.find((c) => c.name === 'attachment');
    const post = configs.find((c) => c.name === 'post');

    expect([...(attachment?.rawAttributes ?? [])]).toEqual(['caption', 'title', 'description']);
    expect(attachment?.hasAutosaves).toBe(false);
    expect(attachment?.hasAutoDrafts).toBe(false);
    expect([...(post?.rawAttributes ?? [])]).toEqual(['title', 'excerpt', 'content']);
    expect(post?.hasAutosaves).toBe(true);
  });

  it('puts a custom post type under its own namespace and defaults the namespace to wp/v2', async () => {
    const transport = new FakeTransport().on('GET', '/wp/v2/types', {
      body: {
        book: { slug: 'book', name: 'Books', rest_base: 'books', rest_namespace: 'library/v1' },
        legacy: { slug: 'legacy', name: 'Legacy', rest_base: 'legacies' },
      },
    });
    const [book, legacy] = await loadPostTypeConfigs(transport);
    expect(book).toMatchObject({
      name: 'book',
      baseURL: '/library/v1/books',
      label: 'Books',
      restBase: 'books',
    });
    expect(book?.revisionsPath(3)).toBe('/library/v1/books/3/revisions');
    expect(book?.prePersist).toBeDefined();
    expect(legacy?.baseURL).toBe('/wp/v2/legacies');
  });
});

describe('taxonomy loader', () => {
  it('reads GET /wp/v2/taxonomies?context=view and makes one config per taxonomy', async () => {
    const transport = new FakeTransport().on('GET', '/wp/v2/taxonomies', {
      body: {
        category: { slug: 'category', name: 'Categories', rest_base: 'categories', rest_namespace: 'wp/v2' },
        genre: { slug: 'genre', name: 'Genres', rest_base: 'genres', rest_namespace: 'library/v1' },
      },
    });
    const configs = await loadTaxonomyConfigs(transport);
    expect(transport.calls[0]?.query).toEqual({ context: 'view' });
    expect(configs.every((c) => c instanceof TaxonomyConfig)).toBe(true);
    expect(configs.map((c) => [c.kind, c.name, c.baseURL, c.label])).toEqual([
      ['taxonomy', 'category', '/wp/v2/categories', 'Categories'],
      ['taxonomy', 'genre', '/library/v1/genres', 'Genres'],
    ]);
    expect(configs[0]?.baseURLParams).toEqual({ context: 'edit' });
  });
});
