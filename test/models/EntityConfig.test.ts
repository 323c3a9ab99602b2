import { describe, expect, it } from 'vitest';
import {
  EntityConfig,
  PostTypeConfig,
  TaxonomyConfig,
  humaniseSlug,
  prePersistAutoDraft,
} from '../../models/EntityConfig.js';

describe('EntityConfig', () => {
  it('fills defaults from a plain spec', () => {
    const config = new EntityConfig({ kind: 'root', name: 'thing', baseURL: '/my/v1/things' });
    expect(config.key).toBe('id');
    expect(config.revisionKey).toBe('id');
    expect(config.baseURLParams).toEqual({});
    expect(config.label).toBe('thing');
    expect(config.supportsPagination).toBe(false);
    expect(config.singleton).toBe(false);
    expect(config.noFetch).toBe(false);
    expect([...config.transientEdits]).toEqual([]);
    expect(config.revisionsPath(1)).toBeUndefined();
  });

  it('builds record paths from the base path, using string ids as they are', () => {
    const config = new EntityConfig({ kind: 'postType', name: 'wp_template', baseURL: '/wp/v2/templates' });
    expect(config.recordPath(5)).toBe('/wp/v2/templates/5');
    expect(config.recordPath('tt4//page')).toBe('/wp/v2/templates/tt4//page');
    expect(config.recordPath()).toBe('/wp/v2/templates');
  });

  it('titles a record from its title string, rendered or raw value', () => {
    const config = new EntityConfig({ kind: 'root', name: 'menuItem', baseURL: '/wp/v2/menu-items' });
    expect(config.getTitle({ title: 'Plain' })).toBe('Plain');
    expect(config.getTitle({ title: { rendered: 'Rendered', raw: 'Raw' } })).toBe('Rendered');
    expect(config.getTitle({ title: { rendered: '', raw: 'Raw' } })).toBe('Raw');
    expect(config.getTitle(undefined)).toBe('');
  });
});

describe('PostTypeConfig', () => {
  const post = new PostTypeConfig({
    name: 'post',
    baseURL: '/wp/v2/posts',
    label: 'Posts',
    restBase: 'posts',
  });
  const template = new PostTypeConfig({
    name: 'wp_template',
    baseURL: '/wp/v2/templates',
    restBase: 'templates',
  });

  it('has the post type defaults', () => {
    expect(post.kind).toBe('postType');
    expect(post.baseURLParams).toEqual({ context: 'edit' });
    expect([...post.transientEdits].sort()).toEqual(['blocks', 'selection']);
    expect([...post.mergedEdits]).toEqual(['meta']);
    expect([...post.rawAttributes].sort()).toEqual(['content', 'excerpt', 'title']);
    expect(post.supportsPagination).toBe(true);
    expect(post.revisionKey).toBe('id');
    expect(post.restBase).toBe('posts');
    expect(post.revisionsPath(5)).toBe('/wp/v2/posts/5/revisions');
    expect(post.revisionsPath(5, 9)).toBe('/wp/v2/posts/5/revisions/9');
  });

  it('keys template revisions by wp_id and skips the auto-draft rule for templates only', () => {
    expect(template.revisionKey).toBe('wp_id');
    expect(template.prePersist).toBeUndefined();
    expect(post.prePersist?.({ status: 'auto-draft' }, {})).toEqual({ status: 'draft', title: '' });
  });

  it('titles templates by humanised slug, then id; other types by id', () => {
    expect(template.getTitle({ slug: 'single-post', id: 'tt4//single-post' })).toBe('Single Post');
    expect(template.getTitle({ title: { raw: '', rendered: '' }, slug: 'wp_custom_template_1' })).toBe(
      'Wp Custom Template 1',
    );
    expect(template.getTitle({ id: 'tt4//x', slug: '' })).toBe('tt4//x');
    expect(template.getTitle({ title: { rendered: 'Home', raw: 'Home' }, slug: 'home' })).toBe('Home');
    expect(post.getTitle({ id: 12, title: '' })).toBe('12');
    expect(post.getTitle({ id: 12, title: 'Hello' })).toBe('Hello');
  });

  it('lets a spec override any default', () => {
    const custom = new PostTypeConfig({
      name: 'book',
      baseURL: '/library/v1/books',
      supportsPagination: false,
    });
    expect(custom.supportsPagination).toBe(false);
    expect(custom.baseURLParams).toEqual({ context: 'edit' });
  });
});

describe('TaxonomyConfig', () => {
  it('reads in the edit context with no raw, transient or merged fields', () => {
    const category = new TaxonomyConfig({
      name: 'category',
      baseURL: '/wp/v2/categories',
      label: 'Categories',
    });
    expect(category.kind).toBe('taxonomy');
    expect(category.baseURLParams).toEqual({ context: 'edit' });
    expect(category.rawAttributes.size + category.transientEdits.size + category.mergedEdits.size).toBe(0);
  });
});

describe('prePersistAutoDraft', () => {
  it('makes an auto-draft a draft with an empty title when neither side has a real title', () => {
    expect(prePersistAutoDraft({ status: 'auto-draft' }, {})).toEqual({ status: 'draft', title: '' });
    expect(
      prePersistAutoDraft({ status: 'auto-draft', title: 'Auto Draft' }, { title: 'Auto Draft' }),
    ).toEqual({ status: 'draft', title: '' });
  });

  it('keeps a given status and a real title', () => {
    expect(prePersistAutoDraft({ status: 'auto-draft' }, { status: 'publish', title: 'Mine' })).toEqual({});
    expect(prePersistAutoDraft({ status: 'auto-draft', title: 'Kept' }, { status: 'pending' })).toEqual({});
  });

  it('adds nothing for a record that is not an auto-draft', () => {
    expect(prePersistAutoDraft({ status: 'publish' }, {})).toEqual({});
    expect(prePersistAutoDraft({ status: 'publish', title: 'T' }, { title: '' })).toEqual({});
  });
});

describe('humaniseSlug', () => {
  it('capitalises each word of a slug', () => {
    expect(humaniseSlug('single-post')).toBe('Single Post');
    expect(humaniseSlug('wp_custom_template_1')).toBe('Wp Custom Template 1');
    expect(humaniseSlug('')).toBe('');
  });
});

describe('entity knowledge the stores ask the config for', () => {
  it('says which entities WordPress can batch, and lets a config say otherwise', () => {
    expect(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' }).canBatch).toBe(true);
    expect(new PostTypeConfig({ name: 'wp_template', baseURL: '/wp/v2/templates' }).canBatch).toBe(false);
    expect(new EntityConfig({ kind: 'root', name: 'user', baseURL: '/wp/v2/users' }).canBatch).toBe(false);
    expect(new EntityConfig({ kind: 'root', name: 'menu', baseURL: '/wp/v2/menus' }).canBatch).toBe(true);
    expect(
      new EntityConfig({ kind: 'custom', name: 'thing', baseURL: '/x/v1/things', canBatch: true }).canBatch,
    ).toBe(true);
  });

  it('stores an auto-draft of a post type with an empty title, and leaves other entities alone', () => {
    const post = new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' });
    const draft = { id: 1, status: 'auto-draft', title: { raw: 'Auto Draft', rendered: 'Auto Draft' } };
    expect(post.receivedSnapshot(draft)).toEqual({ ...draft, title: '' });
    const other = new EntityConfig({ kind: 'root', name: 'thing', baseURL: '/wp/v2/things' });
    expect(other.receivedSnapshot(draft)).toBe(draft);
  });

  it('knows which entities have autosaves and where', () => {
    expect(new PostTypeConfig({ name: 'page', baseURL: '/wp/v2/pages' }).autosavesPath(4)).toBe(
      '/wp/v2/pages/4/autosaves',
    );
    expect(new TaxonomyConfig({ name: 'category', baseURL: '/wp/v2/categories' }).autosavesPath(4)).toBe(
      undefined,
    );
  });

  it('names the permission resource of its REST path', () => {
    expect(
      new EntityConfig({ kind: 'root', name: 'site', baseURL: '/wp/v2/settings' }).permissionResource,
    ).toBe('settings');
    expect(
      new PostTypeConfig({ name: 'book', baseURL: '/wp/v2/books', restBase: 'books' }).permissionResource,
    ).toBe('books');
    expect(new EntityConfig({ kind: 'root', name: 'x', baseURL: '/other/v1/x' }).permissionResource).toBe(
      undefined,
    );
  });
});
