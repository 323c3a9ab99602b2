import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import type { EntityConfig } from '../../models/EntityConfig.js';
import { isBatchError, isRestError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RecordWriter } from '../../stores/RecordWriter.js';
import { runBatch, saveAllInBatch, type BatchHost } from '../../stores/batchWrites.js';
import { makePost } from '../helpers/fakeTransport.js';
import { PlainCollection, plainTransition } from '../helpers/plainWrites.js';
import { ROOT, useMswServer } from '../transport/mswServer.js';

const server = useMswServer();

interface SentItem {
  path: string;
  method: string;
  body?: Record<string, unknown>;
}

/** `/batch/v1` as WordPress 6.1 serves it: maxItems 25, per-item answers, 404 for unknown posts. */
function serveBatch(missing: ReadonlySet<string> = new Set()) {
  const log: string[] = [];
  server.use(
    http.options(`${ROOT}/batch/v1`, () => {
      log.push('OPTIONS');
      return HttpResponse.json({ endpoints: [{ methods: ['POST'], args: { requests: { maxItems: 25 } } }] });
    }),
    http.post(`${ROOT}/batch/v1`, async ({ request }) => {
      const batch = (await request.json()) as { validation: string; requests: SentItem[] };
      log.push(`POST ${batch.requests.length}`);
      return HttpResponse.json(
        {
          responses: batch.requests.map((item) => {
            if (missing.has(item.path)) {
              return {
                status: 404,
                headers: [],
                body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } },
              };
            }
            const id = Number(item.path.split('/').pop());
            const body =
              item.method === 'DELETE'
                ? { deleted: true, previous: makePost(id) }
                : makePost(id, echoText(item.body ?? {}));
            return { status: 200, headers: {}, body };
          }),
        },
        { status: 207 },
      );
    }),
  );
  return log;
}

function echoText(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  if (typeof out.title === 'string') out.title = { raw: out.title, rendered: out.title };
  return out;
}

function setup() {
  const transport = new RestTransport({ root: ROOT });
  const writer = new RecordWriter({ transport, transition: plainTransition });
  const collections = new Map<string, PlainCollection>();
  const configs: Record<string, EntityConfig> = {
    post: new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts' }),
    wp_template: new PostTypeConfig({ name: 'wp_template', baseURL: '/wp/v2/templates' }),
  };
  const host: BatchHost = {
    transport,
    writer,
    collection: (kind, name) => {
      let collection = collections.get(name);
      if (!collection) {
        collection = new PlainCollection(configs[name] as EntityConfig);
        collections.set(name, collection);
      }
      return collection;
    },
  };
  const posts = host.collection('postType', 'post') as PlainCollection;
  return { host, posts, templates: host.collection('postType', 'wp_template') as PlainCollection };
}

describe('saving dirty records in one batch', () => {
  it('saves 60 dirty records in 3 chunks and reports the failing item on its record', async () => {
    const log = serveBatch(new Set(['/wp/v2/posts/17']));
    const { host, posts } = setup();
    const records = Array.from({ length: 60 }, (_, index) => {
      posts.receive(makePost(index + 1));
      const record = posts.record(index + 1);
      record.edit({ title: `Edited ${index + 1}` });
      return record;
    });
    const results = await saveAllInBatch(host, records);
    expect(log).toEqual(['OPTIONS', 'POST 25', 'POST 25', 'POST 10']);
    const failed = results.filter((result) => !result.ok);
    expect(failed.map((result) => result.record.id)).toEqual([17]);
    expect(isRestError(failed[0]?.error) && failed[0]?.error.status).toBe(404);
    const seventeen = posts.record(17);
    expect(seventeen.status.saveError).toBe(failed[0]?.error);
    expect(seventeen.edits).toEqual({ title: 'Edited 17' });
    expect(posts.record(18).edits).toEqual({});
    expect(posts.record(18).raw?.title).toBe('Edited 18');
  });

  it('rejects with a BatchError naming the first record that failed when asked to throw', async () => {
    serveBatch(new Set(['/wp/v2/posts/2']));
    const { host, posts } = setup();
    const records = [1, 2].map((id) => {
      posts.receive(makePost(id));
      const record = posts.record(id);
      record.edit({ title: 'x' });
      return record;
    });
    const error: unknown = await saveAllInBatch(host, records, { throwOnError: true }).catch(
      (e: unknown) => e,
    );
    expect(isBatchError(error) && error.message).toBe(
      '1 of 2 records could not be saved; the first, (postType, post, 2), failed with: Invalid post ID.',
    );
  });
});

describe('runBatch', () => {
  it('resolves each call as the single call would, with undefined for a failed item', async () => {
    const log = serveBatch(new Set(['/wp/v2/posts/3']));
    const { host, posts } = setup();
    for (const id of [1, 2, 3]) posts.receive(makePost(id));
    posts.record(1).edit({ title: 'One' });
    posts.record(3).edit({ title: 'Three' });
    const results = await runBatch(host, (api) => [
      api.saveEditedRecord('postType', 'post', 1),
      api.deleteRecord('postType', 'post', 2, { force: true }),
      api.saveEditedRecord('postType', 'post', 3),
      api.saveRecord('postType', 'post', { id: 4, title: 'Four' }),
    ]);
    expect(log).toEqual(['OPTIONS', 'POST 4']);
    expect(results[0]).toMatchObject({ id: 1, title: { raw: 'One' } });
    expect(results[1]).toMatchObject({ deleted: true });
    expect(results[2]).toBeUndefined();
    expect(results[3]).toMatchObject({ id: 4, title: { raw: 'Four' } });
    expect(posts.record(2).persisted).toBeUndefined();
    expect(isRestError(posts.record(3).status.saveError)).toBe(true);
  });

  it('sends entities WordPress cannot batch on their own', async () => {
    const log = serveBatch();
    const puts: string[] = [];
    server.use(
      http.put(/\/wp\/v2\/templates\//, ({ request }) => {
        puts.push(new URL(request.url).pathname);
        return HttpResponse.json({ id: 'tt4//home', title: { raw: 'Home' } });
      }),
    );
    const { host, posts, templates } = setup();
    posts.receive(makePost(1));
    posts.record(1).edit({ title: 'One' });
    templates.receive({ id: 'tt4//home', title: { raw: 'Old' } });
    templates.record('tt4//home').edit({ title: 'Home' });
    await runBatch(host, (api) => [
      api.saveEditedRecord('postType', 'post', 1),
      api.saveEditedRecord('postType', 'wp_template', 'tt4//home'),
    ]);
    expect(log).toEqual(['OPTIONS', 'POST 1']);
    expect(puts).toEqual(['/wp-json/wp/v2/templates/tt4//home']);
    expect(templates.record('tt4//home').edits).toEqual({});
  });

  it('sends no batch when nothing needs saving', async () => {
    const log = serveBatch();
    const { host, posts } = setup();
    posts.receive(makePost(1));
    expect(await runBatch(host, (api) => [api.saveEditedRecord('postType', 'post', 1)])).toEqual([undefined]);
    expect(log).toEqual([]);
  });
});
