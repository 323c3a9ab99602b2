/**
 * Fault scenarios for deletes, autosaves and batches: the record and its edits survive every bad
 * answer, the error is typed and stored, and a later attempt succeeds. Writes are sent once.
 */
import { describe, expect, it } from 'vitest';
import { isBatchError, isRestError } from '../../core/errors.js';
import { useFaultEdge, wpError, TEST_TIMEOUT_MS } from './edge.js';
import {
  criticalError,
  expectFailedSaveState,
  expectRestError,
  expectSavedState,
  networkFailure,
  type FaultRow,
} from './expectations.js';

const edge = useFaultEdge();
const { mock } = edge;

const DELETE_FAULTS: readonly FaultRow[] = [
  networkFailure(),
  criticalError(),
  {
    name: 'HTTP 403 rest_cannot_delete',
    fault: wpError(403, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this post.'),
    error: { status: 403, code: 'rest_cannot_delete', message: /not allowed to delete/ },
  },
  {
    name: 'HTTP 200 with an empty body',
    fault: { kind: 'text', status: 200, text: '', contentType: 'application/json' },
    error: {
      status: 200,
      code: 'invalid_response',
      message: /empty body instead of the deleted record, so the record is kept/,
    },
  },
  {
    name: 'a server slower than the timeout',
    fault: { kind: 'slow', ms: TEST_TIMEOUT_MS * 3 },
    error: { status: 0, code: 'timeout', message: /timed out/ },
  },
];

describe('a delete answered badly keeps the record and its edits', () => {
  it.each(DELETE_FAULTS)('delete answered with $name', async ({ fault, error: expected }) => {
    const { store, post, id } = await edge.loadPost({ edits: { title: 'Original, edited' } });
    const posts = store.collection('postType', 'post');
    edge.inject({ method: 'DELETE', path: `/wp/v2/posts/${id}` }, fault);

    const error = await post
      .delete({ force: true }, { throwOnError: true })
      .catch((reason: unknown) => reason);

    expectRestError(error, expected);
    expect(post.deleteError).toBe(error);
    expect(post.isDeleting).toBe(false);
    expect(posts.get(id)).toBe(post);
    expect(post.edits).toEqual({ title: 'Original, edited' });
    expect(store.dirtyRecords).toEqual([post]);
    expect(edge.sent('DELETE', `/wp/v2/posts/${id}`)).toHaveLength(1);

    await expect(post.delete({ force: true }, { throwOnError: true })).resolves.toMatchObject({
      deleted: true,
    });
    expect(post.deleteError).toBeUndefined();
    expect(posts.get(id)).toBeUndefined();
    expect(store.dirtyRecords).toEqual([]);
    expect(mock.getPost(id)).toBeUndefined();
    expect(edge.sent('DELETE', `/wp/v2/posts/${id}`)).toHaveLength(2);
  });
});

const AUTOSAVE_FAULTS: readonly FaultRow[] = [
  networkFailure(),
  {
    name: 'HTTP 500',
    fault: wpError(500, 'internal_server_error', 'Boom'),
    error: { status: 500, code: 'internal_server_error', message: 'Boom' },
  },
  {
    name: 'HTTP 200 with an empty body',
    fault: { kind: 'text', status: 200, text: '', contentType: 'application/json' },
    error: { status: 200, code: 'invalid_response', message: /autosaves \(HTTP 200\) with an empty body/ },
  },
  {
    name: 'HTTP 200 with an array',
    fault: { kind: 'json', status: 200, body: [{ id: 1 }] },
    error: { status: 200, code: 'invalid_response', message: /JSON array of 1 item instead/ },
  },
];

describe('an autosave answered badly keeps the edits', () => {
  it.each(AUTOSAVE_FAULTS)('autosave answered with $name', async ({ fault, error: expected }) => {
    const { store, post, id } = await edge.loadPost({ edits: { title: 'Original, edited' } });
    const path = `/wp/v2/posts/${id}/autosaves`;
    edge.inject({ method: 'POST', path }, fault);

    const error = await post.autosave({ throwOnError: true }).catch((reason: unknown) => reason);

    expectRestError(error, expected);
    expectFailedSaveState(store, post, { title: 'Original, edited' }, error);
    expect(post.isAutosaving).toBe(false);
    expect(edge.sent('POST', path)).toHaveLength(1);

    await post.autosave({ throwOnError: true });
    expect(post.saveError).toBeUndefined();
    expect(post.isAutosaving).toBe(false);
    expect(edge.sent('POST', path)).toHaveLength(2);
  });
});

describe('batches', () => {
  it('a batch with one invalid item keeps every record dirty with its own error, then saves all once fixed', async () => {
    const a = await edge.loadPost({ title: 'A', edits: { title: 'A, edited' } });
    const b = a.store.collection('postType', 'post');
    const idB = mock.addPost('post', { title: 'B' });
    const postB = await b.fetch(idB);
    if (postB === undefined) throw new Error('post B not loaded');
    postB.edit({ title: 'B, edited' });
    a.post.edit({ status: 'not-a-status' });
    edge.clearLog();

    const results = await a.store.saveDirty();

    expect(results.map((result) => result.ok)).toEqual([false, false]);
    const errorA = a.post.saveError;
    const errorB = postB.saveError;
    expectRestError(errorA, { status: 400, code: 'rest_invalid_param', message: /status/ });
    expectRestError(errorB, {
      status: 0,
      code: 'batch_not_executed',
      message: /another request in the same batch failed validation/,
    });
    expectFailedSaveState(a.store, a.post, { title: 'A, edited', status: 'not-a-status' }, errorA);
    expectFailedSaveState(a.store, postB, { title: 'B, edited' }, errorB);
    expect(edge.sent('POST', '/batch/v1')).toHaveLength(1);

    a.post.edit({ status: 'draft' });
    const retry = await a.store.saveDirty({ throwOnError: true });
    expect(retry.map((result) => result.ok)).toEqual([true, true]);
    expectSavedState(a.store, a.post);
    expectSavedState(a.store, postB);
    expect(edge.sent('POST', '/batch/v1')).toHaveLength(2);
  });

  it('the batch endpoint failing fails every save once, keeps every edit, and the next batch saves them', async () => {
    const a = await edge.loadPost({ title: 'A', edits: { title: 'A, edited' } });
    const idB = mock.addPost('post', { title: 'B' });
    const postB = await a.store.collection('postType', 'post').fetch(idB);
    if (postB === undefined) throw new Error('post B not loaded');
    postB.edit({ title: 'B, edited' });
    edge.clearLog();
    edge.inject(
      { method: 'POST', path: '/batch/v1' },
      wpError(500, 'internal_server_error', 'Batch crashed.'),
    );

    const error = await a.store.saveDirty({ throwOnError: true }).catch((reason: unknown) => reason);

    expect(isBatchError(error)).toBe(true);
    expect((error as Error).message).toMatch(/2 of 2 records could not be saved.*Batch crashed\./);
    for (const record of [a.post, postB]) {
      expectRestError(record.saveError, {
        status: 500,
        code: 'internal_server_error',
        message: 'Batch crashed.',
      });
      expect(record.hasEdits).toBe(true);
      expect(record.isSaving).toBe(false);
    }
    expect(edge.sent('POST', '/batch/v1')).toHaveLength(1);

    await a.store.saveDirty({ throwOnError: true });
    expectSavedState(a.store, a.post);
    expectSavedState(a.store, postB);
    expect(edge.sent('POST', '/batch/v1')).toHaveLength(2);
  });

  it('the batch answered with a body of the wrong shape fails each save with invalid_response', async () => {
    const a = await edge.loadPost({ title: 'A', edits: { title: 'A, edited' } });
    edge.inject(
      { method: 'POST', path: '/batch/v1' },
      { kind: 'json', status: 207, body: { responses: 'none' } },
    );

    const [result] = await a.store.saveDirty();

    expect(result?.ok).toBe(false);
    expectRestError(a.post.saveError, {
      status: 207,
      code: 'invalid_response',
      message: /one response per request/,
    });
    expectFailedSaveState(a.store, a.post, { title: 'A, edited' }, a.post.saveError);
    await a.store.saveDirty({ throwOnError: true });
    expectSavedState(a.store, a.post);
  });

  it('the batch pre-flight (OPTIONS /batch/v1) failing fails the saves without sending them, and the next batch asks again', async () => {
    const a = await edge.loadPost({ title: 'A', edits: { title: 'A, edited' } });
    edge.inject({ method: 'OPTIONS', path: '/batch/v1' }, { kind: 'network' }, 3);

    const [result] = await a.store.saveDirty();

    expect(result?.ok).toBe(false);
    expect(isRestError(result?.error) && result.error.code).toBe('fetch_error');
    expectFailedSaveState(a.store, a.post, { title: 'A, edited' }, a.post.saveError);
    expect(edge.sent('POST', '/batch/v1')).toHaveLength(0);
    await a.store.saveDirty({ throwOnError: true });
    expectSavedState(a.store, a.post);
    expect(edge.sent('OPTIONS', '/batch/v1')).toHaveLength(4);
  });
});
