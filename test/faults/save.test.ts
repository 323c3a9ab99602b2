/**
 * Fault scenarios for saves and creations: every way the server can answer a write badly. Each
 * asserts the four things (edits kept, typed error, consistent state, a retry that succeeds) and
 * that the write was sent exactly once (writes are never retried on their own).
 */
import { describe, expect, it } from 'vitest';
import { useFaultEdge, htmlPage, wpError, TEST_TIMEOUT_MS } from './edge.js';
import {
  expectFailedSaveState,
  expectRestError,
  expectSavedState,
  criticalError,
  networkFailure,
  type FaultRow,
} from './expectations.js';

const edge = useFaultEdge();
const { mock } = edge;

/** Every bad answer a write can get, and the error each must become. */
const WRITE_FAULTS: readonly FaultRow[] = [
  networkFailure(),
  criticalError(),
  {
    name: 'HTTP 502 with an empty body',
    fault: { kind: 'text', status: 502, text: '', contentType: 'text/plain' },
    error: { status: 502, code: 'http_error', message: /HTTP 502.*empty body/ },
  },
  {
    name: 'HTTP 503 with Retry-After (not retried for a write)',
    fault: {
      kind: 'json',
      status: 503,
      body: {
        code: 'maintenance',
        message: 'Briefly unavailable for scheduled maintenance.',
        data: { status: 503 },
      },
      headers: { 'Retry-After': '0' },
    },
    error: { status: 503, code: 'maintenance', message: /maintenance/ },
  },
  {
    name: 'HTTP 503 without Retry-After, as an HTML page',
    fault: htmlPage(503),
    error: { status: 503, code: 'invalid_json', message: 'The response is not a valid JSON response.' },
  },
  {
    name: 'HTTP 400 rest_invalid_param',
    fault: {
      kind: 'json',
      status: 400,
      body: {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
        data: { status: 400, params: { status: 'status is not one of publish, future, draft.' } },
      },
    },
    error: { status: 400, code: 'rest_invalid_param', message: 'Invalid parameter(s): status' },
  },
  {
    name: 'HTTP 403 rest_cannot_edit',
    fault: wpError(403, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.'),
    error: { status: 403, code: 'rest_cannot_edit', message: /not allowed to edit/ },
  },
  {
    name: 'HTTP 409 with a WordPress error body',
    fault: wpError(409, 'rest_post_locked', 'This post is being edited by someone else.'),
    error: { status: 409, code: 'rest_post_locked', message: /edited by someone else/ },
  },
  {
    name: 'HTTP 200 with a body that is not JSON',
    fault: { kind: 'text', status: 200, text: '{"id": 1, "title": ', contentType: 'application/json' },
    error: { status: 200, code: 'invalid_json', message: 'The response is not a valid JSON response.' },
  },
  {
    name: 'HTTP 200 with an HTML page',
    fault: htmlPage(200),
    error: { status: 200, code: 'invalid_json', message: 'The response is not a valid JSON response.' },
  },
  {
    name: 'HTTP 200 with an empty body (probe finding 1)',
    fault: { kind: 'text', status: 200, text: '', contentType: 'application/json' },
    error: {
      status: 200,
      code: 'invalid_response',
      message: /empty body instead of the saved record.*edits are kept/,
    },
  },
  {
    name: 'HTTP 200 with an array (probe finding 1)',
    fault: { kind: 'json', status: 200, body: [] },
    error: {
      status: 200,
      code: 'invalid_response',
      message: /JSON array of 0 items instead of the saved record/,
    },
  },
  {
    name: 'HTTP 200 with an object without id (probe finding 2)',
    fault: { kind: 'json', status: 200, body: { title: { raw: 'x' } } },
    error: { status: 200, code: 'invalid_response', message: /object that has no 'id'/ },
  },
  {
    name: 'HTTP 200 with another record',
    fault: { kind: 'json', status: 200, body: { id: 987_654, title: { raw: 'x' } } },
    error: { status: 200, code: 'invalid_response', message: /record 987654 instead of record/ },
  },
  {
    name: 'a server slower than the timeout',
    fault: { kind: 'slow', ms: TEST_TIMEOUT_MS * 3 },
    error: { status: 0, code: 'timeout', message: `The request timed out after ${TEST_TIMEOUT_MS} ms.` },
  },
];

describe('a save answered badly keeps the edits, stores a typed error, and saves on retry', () => {
  it.each(WRITE_FAULTS)('save answered with $name', async ({ fault, error: expected }) => {
    const { store, post, id } = await edge.loadPost();
    post.edit({ title: 'Unsaved title', content: 'Unsaved body' });
    const edits = post.edits;
    edge.inject({ method: 'PUT', path: `/wp/v2/posts/${id}` }, fault);

    const error = await post.save({ throwOnError: true }).then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expectRestError(error, expected);
    expectFailedSaveState(store, post, edits, error);
    expect(post.raw?.title).toBe('Original');
    expect(edge.sent('PUT', `/wp/v2/posts/${id}`)).toHaveLength(1);

    const saved = await post.save();
    expect(saved).toMatchObject({ id, title: { raw: 'Unsaved title' } });
    expectSavedState(store, post);
    expect(post.raw?.title).toBe('Unsaved title');
    expect(edge.sent('PUT', `/wp/v2/posts/${id}`)).toHaveLength(2);
    expect(mock.getPost(id)?.title).toBe('Unsaved title');
  });
});

const CREATE_FAULT_NAMES: ReadonlySet<string> = new Set([
  'a network failure',
  'HTTP 500 with a WordPress error body',
  'HTTP 200 with an empty body (probe finding 1)',
  'HTTP 200 with an array (probe finding 1)',
  'HTTP 200 with an object without id (probe finding 2)',
  'a server slower than the timeout',
]);
const CREATE_FAULTS = WRITE_FAULTS.filter((row) => CREATE_FAULT_NAMES.has(row.name));

describe('a creation answered badly keeps the new record unsaved, and creates it on retry', () => {
  it.each(CREATE_FAULTS)('create answered with $name', async ({ fault, error: expected }) => {
    const store = edge.newStore();
    await store.entities.load('postType');
    const posts = store.collection('postType', 'post');
    const draft = posts.create({ title: 'New draft', status: 'draft' });
    const edits = draft.edits;
    edge.clearLog();
    edge.inject({ method: 'POST', path: '/wp/v2/posts' }, fault);

    const error = await draft.save({ throwOnError: true }).then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expectRestError(error, expected);
    expectFailedSaveState(store, draft, edits, error);
    expect(draft.id).toBeUndefined();
    expect(edge.sent('POST', '/wp/v2/posts')).toHaveLength(1);

    await draft.save({ throwOnError: true });
    expectSavedState(store, draft);
    expect(typeof draft.id).toBe('number');
    expect(posts.record(draft.id as number)).toBe(draft);
    expect(draft.raw?.title).toBe('New draft');
    expect(edge.sent('POST', '/wp/v2/posts')).toHaveLength(2);
  });
});

describe('settings (a singleton) answered badly', () => {
  it('keeps the settings edits on an empty body and saves them on retry', async () => {
    const store = edge.newStore();
    const settings = await store.collection('root', 'site').fetch();
    if (settings === undefined) throw new Error('settings not loaded');
    settings.edit({ title: 'Renamed site' });
    edge.clearLog();
    edge.inject(
      { method: 'POST', path: '/wp/v2/settings' },
      { kind: 'text', status: 200, text: '', contentType: 'application/json' },
    );

    const error = await settings.save({ throwOnError: true }).catch((reason: unknown) => reason);

    expectRestError(error, {
      status: 200,
      code: 'invalid_response',
      message: /POST \/wp\/v2\/settings.*empty body/,
    });
    expectFailedSaveState(store, settings, { title: 'Renamed site' }, error);
    await settings.save({ throwOnError: true });
    expectSavedState(store, settings);
    expect(edge.sent('POST', '/wp/v2/settings')).toHaveLength(2);
  });
});
