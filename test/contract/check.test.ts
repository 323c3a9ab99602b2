import { describe, expect, it } from 'vitest';
import { checkCase, type ContractTarget } from './check.js';
import type { ContractCase, ContractFixtures } from './expectations.js';

const fixtures: ContractFixtures = {
  adminPost: 10,
  authorPost: 11,
  authorDraft: 12,
  authorPrivate: 15,
  trashPost: 13,
  globalStyles: 14,
  theme: 'tt3',
  adminId: 1,
  authorId: 2,
  token: 'tok',
  root: 'http://wp.test/wp-json',
};

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

/** A target whose fetch records the request and answers with one canned response. */
function targetAnswering(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): { target: ContractTarget; seen: Seen[] } {
  const seen: Seen[] = [];
  const target: ContractTarget = {
    root: 'http://wp.test/wp-json/',
    users: {
      admin: { id: 1, authorization: 'Basic YWRtaW4=' },
      author: { id: 2, authorization: 'Basic YXV0aG9y' },
    },
    fetch: (input, init) => {
      seen.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : undefined,
      });
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
        }),
      );
    },
  };
  return { target, seen };
}

const base: ContractCase = {
  name: 'probe',
  as: 'author',
  method: 'PUT',
  path: '/wp/v2/posts/{adminPost}',
  query: { context: 'edit' },
  body: { title: '{token} title' },
  status: 200,
};

describe('the contract checker', () => {
  it('sends the case with fixtures filled in and the role’s credentials', async () => {
    const { target, seen } = targetAnswering(200, {});
    await checkCase(target, fixtures, base);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('http://wp.test/wp-json/wp/v2/posts/10?context=edit');
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.headers.get('Authorization')).toBe('Basic YXV0aG9y');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ title: 'tok title' });
  });

  it('sends no Authorization header for anonymous cases', async () => {
    const { target, seen } = targetAnswering(200, {});
    await checkCase(target, fixtures, { ...base, as: 'anon' });
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('reports a status that differs', async () => {
    const { target } = targetAnswering(201, {});
    const { problems } = await checkCase(target, fixtures, base);
    expect(problems).toEqual([expect.stringContaining('status: expected 200, got 201')]);
  });

  it('requires the WordPress error shape for an error status', async () => {
    const { target } = targetAnswering(403, { code: 'rest_cannot_edit', message: 'No.', data: {} });
    const { problems } = await checkCase(target, fixtures, {
      ...base,
      status: 403,
      code: 'rest_cannot_edit',
    });
    expect(problems).toEqual(['error body data.status: expected 403, got undefined']);
  });

  it('reports a field that must be absent, a wrong type and a missing one', async () => {
    const { target } = targetAnswering(200, { title: { raw: 'x', rendered: 'x' }, id: '5' });
    const { problems } = await checkCase(target, fixtures, {
      ...base,
      json: {
        'title.raw': { absent: true },
        id: { type: 'number' },
        'content.rendered': { present: true },
      },
    });
    expect(problems).toEqual([
      'title.raw: expected absent, got "x"',
      'id: expected a number, got "5"',
      'content.rendered: missing',
    ]);
  });

  it('compares Allow as a set of methods and notices a missing header', async () => {
    const { target } = targetAnswering(200, {}, { Allow: 'POST, GET' });
    const passing = await checkCase(target, fixtures, {
      ...base,
      headers: { Allow: { methods: ['GET', 'POST'] } },
    });
    expect(passing.problems).toEqual([]);
    const failing = await checkCase(target, fixtures, {
      ...base,
      headers: { Allow: { methods: ['GET'] }, 'X-WP-Total': { present: true } },
    });
    expect(failing.problems).toEqual([
      'header Allow: expected methods GET, got "POST, GET"',
      'header X-WP-Total: missing',
    ]);
  });

  it('checks every element of an array against a format built from its own fields', async () => {
    const { target } = targetAnswering(200, [
      { id: 'tt3//home', theme: 'tt3', slug: 'home' },
      { id: 'home', theme: 'tt3', slug: 'home' },
    ]);
    const { problems } = await checkCase(target, fixtures, {
      ...base,
      json: { $: { every: { id: { format: '{theme}//{slug}' } } } },
    });
    expect(problems).toEqual(['$: [1] id: expected "tt3//home", got "home"']);
  });

  it('collects the ids of posts a batch created', async () => {
    const { target } = targetAnswering(207, {
      responses: [
        { status: 201, body: { id: 41 } },
        { status: 400, body: { code: 'rest_invalid_param' } },
        { status: 201, body: { id: 42 } },
      ],
    });
    const { createdPostIds } = await checkCase(target, fixtures, {
      ...base,
      status: 207,
      creates: 'batch',
    });
    expect(createdPostIds).toEqual([41, 42]);
  });
});
