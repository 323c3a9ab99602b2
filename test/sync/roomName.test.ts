import { describe, expect, it } from 'vitest';
import { parseRoomName, siteOfRestRoot } from '../../src/sync/shared/roomName.js';
import { DEFAULT_SYNCED_ENTITIES, entitySyncRules } from '../../core/entitySync.js';

describe('parseRoomName', () => {
  it('reads site, kind, name and id, with slashes inside the site', () => {
    expect(parseRoomName('example.com/blog/wp-json/postType/post/42')).toEqual({
      room: 'example.com/blog/wp-json/postType/post/42',
      site: 'example.com/blog/wp-json',
      kind: 'postType',
      name: 'post',
      id: '42',
      rules: DEFAULT_SYNCED_ENTITIES[0],
    });
    expect(parseRoomName('127.0.0.1:8889/wp-json/postType/wp_template_part/7')?.name).toBe(
      'wp_template_part',
    );
  });

  it('accepts the site settings room', () => {
    expect(parseRoomName('example.com/wp-json/root/site/undefined')).toMatchObject({
      kind: 'root',
      name: 'site',
    });
  });

  it.each([
    ['too few parts', 'postType/post/1'],
    ['a non-numeric id', 'example.com/wp-json/postType/post/1a'],
    ['id zero', 'example.com/wp-json/postType/post/0'],
    ['a kind that never syncs', 'example.com/wp-json/taxonomy/category/1'],
    ['an upper-case post type', 'example.com/wp-json/postType/Post/1'],
    ['a root record other than site', 'example.com/wp-json/root/user/1'],
    ['spaces in the site', 'example com/wp-json/postType/post/1'],
    ['a query in the site', 'example.com/?x=1/postType/post/1'],
    ['an empty name', ''],
    ['an over-long name', `${'a'.repeat(600)}/postType/post/1`],
  ])('refuses %s', (_what, room) => {
    expect(parseRoomName(room)).toBeUndefined();
  });

  it("accepts the rooms of an app's own entity once its sync rules are given, and only then", () => {
    const note = entitySyncRules(
      { kind: 'root', name: 'note', path: '/my-notes/v1/note', singleton: true },
      {},
    );
    const record = parseRoomName('example.com/wp-json/root/note/undefined', [
      ...DEFAULT_SYNCED_ENTITIES,
      note,
    ]);
    expect(record).toMatchObject({ kind: 'root', name: 'note', rules: note });
    expect(parseRoomName('example.com/wp-json/root/note/undefined')).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(parseRoomName(42)).toBeUndefined();
  });
});

describe('siteOfRestRoot', () => {
  it('is the REST root host and path without trailing slashes', () => {
    expect(siteOfRestRoot('http://127.0.0.1:8889/wp-json/')).toBe('127.0.0.1:8889/wp-json');
    expect(siteOfRestRoot('https://example.com/blog/wp-json')).toBe('example.com/blog/wp-json');
  });
});
