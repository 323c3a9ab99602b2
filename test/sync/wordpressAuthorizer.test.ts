import { describe, expect, it } from 'vitest';
import { parseRoomName, type RoomRecord } from '../../src/sync/shared/roomName.js';
import { WordPressAuthorizer } from '../../src/sync/server/wordpressAuthorizer.js';
import { EntityConfig } from '../../models/EntityConfig.js';
import { DEFAULT_SYNCED_ENTITIES } from '../../core/entitySync.js';

const ROOT = 'http://wp.test/wp-json';

function room(text: string): RoomRecord {
  const record = parseRoomName(text);
  if (!record) throw new Error(`bad room ${text}`);
  return record;
}

/** A fake WordPress: `allowed` maps Authorization → post ids that user may edit. */
function fakeWordPress(allowed: Record<string, number[]>) {
  const calls: Array<{ url: string; authorization: string | null }> = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const authorization = new Headers(init?.headers).get('authorization');
    calls.push({ url, authorization });
    const type = /\/wp\/v2\/types\/([a-z_-]+)/.exec(url);
    if (type) {
      const restBase = type[1] === 'book' ? 'library' : `${type[1]}s`;
      return Response.json({ rest_base: restBase, rest_namespace: 'wp/v2' });
    }
    const post = /\/wp\/v2\/[a-z]+\/(\d+)\?/.exec(url);
    const ok = post !== null && (allowed[authorization ?? ''] ?? []).includes(Number(post[1]));
    return Response.json(ok ? { id: Number(post?.[1]) } : { code: 'rest_forbidden_context' }, {
      status: ok ? 200 : 403,
    });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('WordPressAuthorizer', () => {
  it("asks for the record in context=edit with the client's token as Authorization", async () => {
    const wp = fakeWordPress({ 'Basic ana': [5] });
    const authorizer = new WordPressAuthorizer({ wordpress: ROOT, fetch: wp.fetchImpl });

    await expect(authorizer.canEdit('Basic ana', room('wp.test/wp-json/postType/post/5'))).resolves.toBe(
      true,
    );
    await expect(authorizer.canEdit('Basic ana', room('wp.test/wp-json/postType/post/6'))).resolves.toBe(
      false,
    );
    const recordCall = wp.calls.find((call) => call.url.includes('/wp/v2/posts/5'));
    expect(recordCall?.url).toContain('context=edit');
    expect(recordCall?.authorization).toBe('Basic ana');
  });

  it("uses the post type's own REST base", async () => {
    const wp = fakeWordPress({ 'Basic ana': [9] });
    const authorizer = new WordPressAuthorizer({ wordpress: ROOT, fetch: wp.fetchImpl });

    await expect(authorizer.canEdit('Basic ana', room('wp.test/wp-json/postType/book/9'))).resolves.toBe(
      true,
    );
    expect(wp.calls.some((call) => call.url.startsWith(`${ROOT}/wp/v2/library/9?`))).toBe(true);
    // The type description is public: the user's token is not sent for it.
    expect(wp.calls.find((call) => call.url.includes('/types/book'))?.authorization).toBeNull();
  });

  it("asks about an app's own synced entity at its config's path, for its texts", async () => {
    const note = new EntityConfig({
      kind: 'root',
      name: 'note',
      baseURL: '/my-notes/v1/note',
      singleton: true,
      sync: { textFields: ['body'], capabilities: 'all' },
    });
    const calls: string[] = [];
    const authorizer = new WordPressAuthorizer({
      wordpress: ROOT,
      fetch: (async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return Response.json({ body: 'Hi' });
      }) as typeof fetch,
    });
    const record = parseRoomName('wp.test/wp-json/root/note/undefined', [
      ...DEFAULT_SYNCED_ENTITIES,
      note.sync!,
    ]);
    expect(record).toBeDefined();
    await expect(authorizer.check('Basic ana', record!)).resolves.toMatchObject({ kind: 'allowed' });
    expect(calls).toEqual([`${ROOT}/my-notes/v1/note?_fields=body&context=edit`]);
  });

  it('reuses an answer for the same token and record until the cache time passes', async () => {
    let now = 1_000;
    const wp = fakeWordPress({ 'Basic ana': [5] });
    const authorizer = new WordPressAuthorizer({
      wordpress: ROOT,
      fetch: wp.fetchImpl,
      cacheMs: 10_000,
      now: () => now,
    });
    const record = room('wp.test/wp-json/postType/post/5');
    const asked = (): number => wp.calls.filter((call) => call.url.includes('/posts/5')).length;

    await Promise.all([authorizer.canEdit('Basic ana', record), authorizer.canEdit('Basic ana', record)]);
    await authorizer.canEdit('Basic ana', record);
    expect(asked()).toBe(1);
    await authorizer.canEdit('Basic bob', record);
    expect(asked()).toBe(2);
    now += 10_001;
    await authorizer.canEdit('Basic ana', record);
    expect(asked()).toBe(3);
  });

  it('refuses an empty token without asking WordPress, which would act as its cookie user', async () => {
    const wp = fakeWordPress({});
    const authorizer = new WordPressAuthorizer({ wordpress: ROOT, fetch: wp.fetchImpl });

    await expect(authorizer.canEdit('  ', room('wp.test/wp-json/postType/post/5'))).resolves.toBe(false);
    expect(wp.calls).toEqual([]);
  });

  it('refuses when WordPress cannot be reached', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const authorizer = new WordPressAuthorizer({ wordpress: ROOT, fetch: failing });

    await expect(authorizer.canEdit('Basic ana', room('wp.test/wp-json/postType/post/5'))).resolves.toBe(
      false,
    );
  });

  it('checks the settings route for the site room', async () => {
    const seen: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      seen.push(String(input));
      return Response.json({}, { status: 200 });
    }) as typeof fetch;
    const authorizer = new WordPressAuthorizer({ wordpress: ROOT, fetch: fetchImpl });

    await expect(
      authorizer.canEdit('Basic admin', room('wp.test/wp-json/root/site/undefined')),
    ).resolves.toBe(true);
    expect(seen[0]).toContain('/wp/v2/settings?');
  });
});

describe('WordPressAuthorizer: verdicts, capabilities and cost bounds', () => {
  const record = (id: number): RoomRecord => room(`wp.test/wp-json/postType/post/${id}`);

  it('tells unavailable (WordPress down, 5xx, 429) apart from forbidden', async () => {
    for (const status of [500, 502, 503, 429]) {
      const fetchImpl = (async (input: RequestInfo | URL) =>
        String(input).includes('/types/')
          ? Response.json({ rest_base: 'posts' })
          : Response.json({}, { status })) as typeof fetch;
      const authorizer = new WordPressAuthorizer({ wordpress: ROOT, fetch: fetchImpl });
      await expect(authorizer.check('Basic ana', record(5))).resolves.toEqual({ kind: 'unavailable' });
    }
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const authorizer = new WordPressAuthorizer({ wordpress: ROOT, fetch: down });
    await expect(authorizer.check('Basic ana', record(5))).resolves.toEqual({ kind: 'unavailable' });
  });

  it("reads the user's capabilities from the record's wp:action-* links", async () => {
    const fetchImpl = (async (input: RequestInfo | URL) =>
      String(input).includes('/types/')
        ? Response.json({ rest_base: 'posts' })
        : Response.json({
            id: 5,
            content: { raw: '<iframe></iframe>' },
            _links: { 'wp:action-publish': [{ href: 'x' }], 'wp:action-assign-tags': [{ href: 'x' }] },
          })) as typeof fetch;
    const authorizer = new WordPressAuthorizer({ wordpress: ROOT, fetch: fetchImpl });

    const verdict = await authorizer.check('Basic ana', record(5));
    expect(verdict).toMatchObject({
      kind: 'allowed',
      capabilities: { canPublish: true, canPostUnfilteredHtml: false, canAssignAuthor: false },
    });
  });

  it('asks once about a token WordPress rejects (401), then refuses it for every record without asking', async () => {
    let asked = 0;
    const refusedTokens: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      if (String(input).includes('/types/')) return Response.json({ rest_base: 'posts' });
      asked += 1;
      return Response.json({ code: 'invalid_username' }, { status: 401 });
    }) as typeof fetch;
    const authorizer = new WordPressAuthorizer({
      wordpress: ROOT,
      fetch: fetchImpl,
      onRefused: (tokenKey) => refusedTokens.push(tokenKey),
    });

    const verdicts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => authorizer.check('Basic garbage', record(i + 1))),
    );
    expect(verdicts.every((verdict) => verdict.kind === 'forbidden')).toBe(true);
    expect(asked).toBe(1);
    expect(refusedTokens).toEqual([WordPressAuthorizer.tokenKey('Basic garbage')]);
  });

  it('asks WordPress at most maxConcurrent questions at once and answers busy beyond the queue', async () => {
    let inFlight = 0;
    let most = 0;
    const fetchImpl = (async (input: RequestInfo | URL) => {
      if (String(input).includes('/types/')) return Response.json({ rest_base: 'posts' });
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      return Response.json({}, { status: 403 });
    }) as typeof fetch;
    const authorizer = new WordPressAuthorizer({
      wordpress: ROOT,
      fetch: fetchImpl,
      gate: { concurrency: 3, maxQueuedPerSource: 5 },
    });
    await authorizer.check('Basic warm', record(1));

    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        authorizer.check(`Basic user${i}`, record(2), { source: '10.0.0.9' }),
      ),
    );
    expect(most).toBe(3);
    // 3 started at once, 5 waited their turn, the other 12 were told to come back later.
    expect(verdicts.filter((verdict) => verdict.kind === 'unavailable')).toHaveLength(12);
  });
});
