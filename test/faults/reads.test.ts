/**
 * Fault scenarios for reads: a record, a list, the every-page list, revisions and autosaves. Reads
 * are retried on network failures, timeouts and 5xx (honouring `Retry-After` up to its cap); every
 * read that still fails keeps the cache and the edits as they were, stores a typed error, and a
 * later read succeeds.
 */
import { describe, expect, it } from 'vitest';
import { isRestError } from '../../core/errors.js';
import { useFaultEdge, htmlPage, wpError, TEST_TIMEOUT_MS, type Fault } from './edge.js';
import { criticalError, expectRestError, type ExpectedError, type FaultRow } from './expectations.js';

const edge = useFaultEdge();
const { mock } = edge;

/** A post cached and edited, so a failed read can be checked for losing either. */
interface ReadFault {
  readonly name: string;
  readonly fault: Fault;
  /** How many requests in a row get the fault. */
  readonly times: number;
  /** Requests the read sends in all (the first attempt and its retries). */
  readonly sent: number;
  /** The error the read ends with; `undefined` when a retry within the read succeeds. */
  readonly error: ExpectedError | undefined;
  /** Back off a minute between retries, so only a honoured `Retry-After` lets the read finish in time. */
  readonly minuteBackoff?: boolean;
}

const MINUTE_BACKOFF = { retry: { limit: 2, backoffMs: 60_000, capMs: 60_000, maxRetryAfterMs: 1_000 } };

const RECORD_READ_FAULTS: readonly ReadFault[] = [
  {
    name: '503 with Retry-After: 0, retried at once although the backoff is a minute',
    fault: {
      kind: 'json',
      status: 503,
      body: { code: 'maintenance', message: 'Maintenance', data: { status: 503 } },
      headers: { 'Retry-After': '0' },
    },
    times: 1,
    sent: 2,
    error: undefined,
    minuteBackoff: true,
  },
  {
    name: '503 with a Retry-After longer than the cap, not retried',
    fault: {
      kind: 'json',
      status: 503,
      body: { code: 'maintenance', message: 'Back in two minutes.', data: { status: 503 } },
      headers: { 'Retry-After': '120' },
    },
    times: 1,
    sent: 1,
    error: { status: 503, code: 'maintenance', message: 'Back in two minutes.' },
  },
  {
    name: '502 without Retry-After, retried after the backoff',
    fault: { kind: 'text', status: 502, text: '', contentType: 'text/plain' },
    times: 1,
    sent: 2,
    error: undefined,
  },
  {
    name: '500 on every attempt',
    fault: wpError(500, 'internal_server_error', 'There has been a critical error on this website.'),
    times: 3,
    sent: 3,
    error: { status: 500, code: 'internal_server_error', message: /critical error/ },
  },
  {
    name: 'a network failure on every attempt',
    fault: { kind: 'network' },
    times: 3,
    sent: 3,
    error: { status: 0, code: 'fetch_error', message: 'You are probably offline.' },
  },
  {
    name: 'a server slower than the timeout on every attempt',
    fault: { kind: 'slow', ms: TEST_TIMEOUT_MS * 3 },
    times: 3,
    sent: 3,
    error: { status: 0, code: 'timeout', message: `The request timed out after ${TEST_TIMEOUT_MS} ms.` },
  },
  {
    name: '404 rest_post_invalid_id, not retried',
    fault: wpError(404, 'rest_post_invalid_id', 'Invalid post ID.'),
    times: 1,
    sent: 1,
    error: { status: 404, code: 'rest_post_invalid_id', message: 'Invalid post ID.' },
  },
  {
    name: '403 rest_forbidden_context, not retried',
    fault: wpError(403, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this post.'),
    times: 1,
    sent: 1,
    error: { status: 403, code: 'rest_forbidden_context', message: /not allowed/ },
  },
  {
    name: '200 with a body that is not JSON',
    fault: { kind: 'text', status: 200, text: '{"id":', contentType: 'application/json' },
    times: 1,
    sent: 1,
    error: { status: 200, code: 'invalid_json', message: 'The response is not a valid JSON response.' },
  },
  {
    name: '200 with an HTML page',
    fault: htmlPage(200),
    times: 1,
    sent: 1,
    error: { status: 200, code: 'invalid_json', message: 'The response is not a valid JSON response.' },
  },
  {
    name: '200 with an empty body',
    fault: { kind: 'text', status: 200, text: '', contentType: 'application/json' },
    times: 1,
    sent: 1,
    error: {
      status: 200,
      code: 'invalid_response',
      message: /empty body instead of a \(postType, post\) record; the cached copy was kept/,
    },
  },
  {
    name: '200 with an array',
    fault: { kind: 'json', status: 200, body: [{ id: 1 }] },
    times: 1,
    sent: 1,
    error: {
      status: 200,
      code: 'invalid_response',
      message:
        /JSON array of 1 item instead of a \(postType, post\) record; the cached copy was kept\. Retry/,
    },
  },
];

describe('a record read answered badly', () => {
  it.each(RECORD_READ_FAULTS)('fetch answered with $name', async (row) => {
    const { fault, times, sent, error: expected } = row;
    const { store, post, id, persisted } = await edge.loadPost({
      edits: { title: 'Typed' },
      transport: row.minuteBackoff === true ? MINUTE_BACKOFF : {},
    });
    mock.clearRequests();
    edge.inject({ method: 'GET', path: `/wp/v2/posts/${id}` }, fault, times);

    const error = await post.fetch().then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expect(edge.sent('GET', `/wp/v2/posts/${id}`)).toHaveLength(sent);
    // Nothing lost: the edits stay whatever the read did.
    expect(post.edits).toEqual({ title: 'Typed' });
    expect(store.dirtyRecords).toEqual([post]);
    expect(post.isResolving).toBe(false);
    expect(post.hasResolved).toBe(true);
    if (expected === undefined) {
      expect(error).toBeUndefined();
      expect(post.fetchError).toBeUndefined();
      return;
    }
    expectRestError(error, expected);
    expect(post.fetchError).toBe(error);
    expect(post.persisted).toBe(persisted);

    await post.fetch();
    expect(post.fetchError).toBeUndefined();
    expect(post.edits).toEqual({ title: 'Typed' });
  });

  it('a fetch aborted by its caller rejects with abort_error and is not retried', async () => {
    const store = edge.newStore();
    const id = mock.addPost('post', { title: 'Original' });
    const controller = new AbortController();
    edge.inject({ method: 'GET', path: `/wp/v2/posts/${id}` }, { kind: 'slow', ms: 100 });
    const pending = store.transport.request({ path: `/wp/v2/posts/${id}`, signal: controller.signal });
    controller.abort();
    const error = await pending.catch((reason: unknown) => reason);
    expectRestError(error, { status: 0, code: 'abort_error', message: 'The request was aborted.' });
    expect(isRestError(error) && error.isAbort).toBe(true);
    expect(edge.sent('GET', `/wp/v2/posts/${id}`).length).toBeLessThanOrEqual(1);
    await expect(store.transport.request({ path: `/wp/v2/posts/${id}` })).resolves.toMatchObject({ id });
  });
});

const LIST_FAULTS: readonly FaultRow[] = [
  {
    name: 'a JSON object instead of an array (probe finding 4)',
    fault: { kind: 'json', status: 200, body: { 1: { id: 1 } } },
    times: 1,
    error: {
      status: 200,
      code: 'invalid_response',
      message: /JSON object instead of a list of \(postType, post\) records; the cached list was kept/,
    },
  },
  {
    name: 'a WordPress error sent with status 200',
    fault: {
      kind: 'json',
      status: 200,
      body: { code: 'rest_no_route', message: 'No route.', data: { status: 404 } },
    },
    times: 1,
    error: { status: 200, code: 'invalid_response', message: /instead of a list/ },
  },
  {
    name: 'an empty body',
    fault: { kind: 'text', status: 200, text: '', contentType: 'application/json' },
    times: 1,
    error: { status: 200, code: 'invalid_response', message: /empty body instead of a list/ },
  },
  {
    name: 'an HTML page with status 200',
    fault: htmlPage(200),
    times: 1,
    error: { status: 200, code: 'invalid_json', message: 'The response is not a valid JSON response.' },
  },
  criticalError(3),
  {
    name: '400 rest_invalid_param',
    fault: wpError(400, 'rest_invalid_param', 'Invalid parameter(s): orderby'),
    times: 1,
    error: { status: 400, code: 'rest_invalid_param', message: 'Invalid parameter(s): orderby' },
  },
];

describe('a list read answered badly', () => {
  it.each(LIST_FAULTS)('query answered with $name', async ({ fault, times = 1, error: expected }) => {
    mock.addPost('post', { title: 'Listed', status: 'publish' });
    const store = edge.newStore();
    const query = store.collection('postType', 'post').query({ per_page: 5 });
    await query.fetch();
    const items = query.items;
    expect(items?.length).toBeGreaterThan(0);
    query.invalidate();
    edge.inject({ method: 'GET', path: '/wp/v2/posts' }, fault, times);

    const error = await query.fetch().then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expectRestError(error, expected);
    expect(query.error).toBe(error);
    expect(query.isResolving).toBe(false);
    // Nothing lost: the list known before stays.
    expect(query.items).toBe(items);

    await query.fetch();
    expect(query.error).toBeUndefined();
    expect(query.items?.map((item) => item.id)).toEqual(items?.map((item) => item.id));
  });

  it('an every-page list (per_page -1) answered with an object fails instead of being empty', async () => {
    mock.addPost('post', { title: 'Listed', status: 'publish' });
    const store = edge.newStore();
    const query = store.collection('postType', 'post').query({ per_page: -1 });
    edge.inject(
      { method: 'GET', path: '/wp/v2/posts' },
      { kind: 'json', status: 200, body: { items: 'none' } },
    );
    const error = await query.fetch().catch((reason: unknown) => reason);
    expectRestError(error, {
      status: 200,
      code: 'invalid_response',
      message: /Expected a JSON array.*answered with a JSON object\. Nothing was stored\. Retry/,
    });
    expect(query.items).toBeNull();
    await query.fetch();
    expect(query.items?.length).toBeGreaterThan(0);
  });

  it('a keyed list (post statuses) still reads an object keyed by slug', async () => {
    const store = edge.newStore();
    const statuses = await store.collection('root', 'status').query({}).fetch();
    expect(statuses.items?.map((item) => (item as { slug: string }).slug)).toContain('publish');
  });

  it('a revisions list answered with an object fails, keeps the known revisions and reads on retry', async () => {
    const { post, id } = await edge.loadPost({ edits: { title: 'Typed' } });
    await post.save();
    const revisions = post.revisions({ per_page: 10 });
    await revisions.fetch();
    const known = revisions.items;
    revisions.invalidate();
    edge.inject(
      { method: 'GET', path: `/wp/v2/posts/${id}/revisions` },
      { kind: 'json', status: 200, body: { id: 1 } },
    );
    const error = await revisions.fetch().catch((reason: unknown) => reason);
    expectRestError(error, { status: 200, code: 'invalid_response', message: /instead of a list/ });
    expect(revisions.items).toBe(known);
    await revisions.fetch();
    expect(revisions.error).toBeUndefined();
  });

  it('a revisions list answered 500 on every attempt stores the error and reads on retry', async () => {
    const { post, id } = await edge.loadPost({ edits: { title: 'Typed' } });
    await post.save();
    const revisions = post.revisions();
    edge.inject(
      { method: 'GET', path: `/wp/v2/posts/${id}/revisions` },
      wpError(500, 'internal_server_error', 'Boom'),
      3,
    );
    const error = await revisions.fetch().catch((reason: unknown) => reason);
    expectRestError(error, { status: 500, code: 'internal_server_error', message: 'Boom' });
    expect(edge.sent('GET', `/wp/v2/posts/${id}/revisions`)).toHaveLength(3);
    await revisions.fetch();
    expect(revisions.items?.length).toBeGreaterThan(0);
  });

  it('an autosaves list answered with an object fails instead of forgetting the autosaves', async () => {
    const { post, id } = await edge.loadPost({ edits: { title: 'Typed' } });
    await post.fetchAutosaves();
    const known = post.autosaves;
    edge.inject(
      { method: 'GET', path: `/wp/v2/posts/${id}/autosaves` },
      { kind: 'json', status: 200, body: {} },
    );
    const error = await post.fetchAutosaves().catch((reason: unknown) => reason);
    expectRestError(error, {
      status: 200,
      code: 'invalid_response',
      message: /a JSON object instead of a list of autosaves; the stored autosaves were kept\. Retry/,
    });
    expect(post.autosaves).toBe(known);
    await expect(post.fetchAutosaves()).resolves.toEqual(known);
  });
});
