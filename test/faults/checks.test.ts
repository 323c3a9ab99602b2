/**
 * Fault scenarios for the two calls whose contract resolves a failure to a plain value: a
 * permission check (`undefined`) and an embed preview (`false`). The contract stays; the error is
 * kept where the caller can read why (probe finding 8), and a later call succeeds.
 */
import { describe, expect, it } from 'vitest';
import { useFaultEdge, htmlPage, wpError } from './edge.js';
import { criticalError, expectRestError, networkFailure, type FaultRow } from './expectations.js';

const edge = useFaultEdge();
const { mock } = edge;

const CHECK_FAULTS: readonly FaultRow[] = [
  networkFailure(3),
  criticalError(3),
  {
    name: 'HTTP 401 rest_not_logged_in',
    fault: wpError(401, 'rest_not_logged_in', 'You are not currently logged in.'),
    times: 1,
    error: { status: 401, code: 'rest_not_logged_in', message: 'You are not currently logged in.' },
  },
];

describe('a permission check that fails, then succeeds', () => {
  it.each(CHECK_FAULTS)('OPTIONS answered with $name', async ({ fault, times = 1, error: expected }) => {
    const id = mock.addPost('post', { title: 'Checked' });
    const store = edge.newStore();
    edge.inject({ method: 'OPTIONS', path: `/wp/v2/posts/${id}` }, fault, times);

    await expect(store.permissions.canUser('update', 'posts', id)).resolves.toBeUndefined();

    expect(store.permissions.get('update', 'posts', id)).toBeUndefined();
    expectRestError(store.permissions.lastError('update', 'posts', id), expected);
    // One request answers every action, so every action sees why.
    expect(store.permissions.lastError('delete', 'posts', id)).toBe(
      store.permissions.lastError('update', 'posts', id),
    );
    expect(store.permissions.isRequesting('posts', id)).toBe(false);
    expect(edge.sent('OPTIONS', `/wp/v2/posts/${id}`)).toHaveLength(times);

    await expect(store.permissions.canUser('update', 'posts', id)).resolves.toBe(true);
    expect(store.permissions.lastError('update', 'posts', id)).toBeUndefined();
    expect(store.permissions.get('delete', 'posts', id)).toBe(true);
  });

  it('record.canEdit stays undefined while the check fails and becomes true once it succeeds', async () => {
    const id = mock.addPost('post', { title: 'Checked' });
    const store = edge.newStore();
    // Not fetched: a record's GET answers its permissions by its Allow header, with no OPTIONS.
    await store.entities.ensure('postType', 'post');
    const post = store.record('postType', 'post', id);
    edge.inject({ method: 'OPTIONS', path: `/wp/v2/posts/${id}` }, htmlPage(200));
    await store.permissions.canUserEditRecord('postType', 'post', id);
    expect(post.canEdit).toBeUndefined();
    expectRestError(store.permissions.lastError('update', 'posts', id), {
      status: 200,
      code: 'invalid_json',
      message: 'The response is not a valid JSON response.',
    });
    await store.permissions.canUserEditRecord('postType', 'post', id);
    expect(post.canEdit).toBe(true);
  });
});

const EMBED_URL = 'https://video.example/watch/42';
const EMBED = {
  type: 'video',
  version: '1.0',
  html: '<iframe src="https://video.example/e/42"></iframe>',
  title: 'A video',
};

const EMBED_FAULTS: readonly FaultRow[] = [
  {
    name: 'HTTP 404 oembed_invalid_url',
    fault: wpError(404, 'oembed_invalid_url', 'Not Found'),
    times: 1,
    error: { status: 404, code: 'oembed_invalid_url', message: 'Not Found' },
  },
  networkFailure(3),
  {
    name: 'HTTP 200 with an array',
    fault: { kind: 'json', status: 200, body: [] },
    times: 1,
    error: { status: 200, code: 'invalid_response', message: /not an oEmbed object; preview it again/ },
  },
];

describe('an embed preview that fails, then succeeds', () => {
  it.each(EMBED_FAULTS)('preview answered with $name', async ({ fault, times = 1, error: expected }) => {
    mock.setEmbed(EMBED_URL, EMBED);
    const store = edge.newStore();
    edge.inject({ method: 'GET', path: '/oembed/1.0/proxy' }, fault, times);

    await expect(store.embeds.preview(EMBED_URL)).resolves.toBe(false);

    expect(store.embeds.get(EMBED_URL)).toBe(false);
    expectRestError(store.embeds.error(EMBED_URL), expected);
    expect(store.embeds.isRequesting(EMBED_URL)).toBe(false);
    expect(edge.sent('GET', '/oembed/1.0/proxy')).toHaveLength(times);

    await expect(store.embeds.preview(EMBED_URL)).resolves.toMatchObject({ title: 'A video' });
    expect(store.embeds.error(EMBED_URL)).toBeUndefined();
  });
});
