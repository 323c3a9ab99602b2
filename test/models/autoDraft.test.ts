import { describe, expect, it } from 'vitest';
import { PostTypeConfig } from '../../models/EntityConfig.js';

const post = new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' });
const prePersist = (persisted: Record<string, unknown> | undefined, edits: Record<string, unknown>) =>
  post.prePersist?.(persisted, edits);

describe('auto-draft rule before saving a post', () => {
  it('makes a missing status draft and blanks the placeholder title of an auto-draft', () => {
    expect(prePersist({ status: 'auto-draft' }, {})).toEqual({ status: 'draft', title: '' });
    expect(prePersist({ status: 'auto-draft', title: 'Auto Draft' }, {})).toEqual({
      status: 'draft',
      title: '',
    });
  });

  it('blanks an explicit Auto Draft title edit', () => {
    expect(prePersist({ status: 'auto-draft', title: '' }, { title: 'Auto Draft' })).toEqual({
      status: 'draft',
      title: '',
    });
  });

  it('keeps a status and a title the user gave, and a real persisted title', () => {
    expect(prePersist({ status: 'auto-draft' }, { status: 'publish', title: 'Hello' })).toEqual({});
    expect(prePersist({ status: 'auto-draft', title: 'Named' }, {})).toEqual({ status: 'draft' });
  });

  it('adds nothing to a record that is not an auto-draft', () => {
    expect(prePersist({ status: 'publish', title: '' }, {})).toEqual({});
    expect(prePersist(undefined, {})).toEqual({});
  });

  it('does not apply to templates and template parts', () => {
    for (const name of ['wp_template', 'wp_template_part']) {
      expect(new PostTypeConfig({ name, baseURL: `/wp/v2/${name}` }).prePersist).toBeUndefined();
    }
  });
});
