import { describe, expect, it } from 'vitest';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import { mountMock, sendJson, type WpErrorBody } from './helpers.js';

const { mock, rest, json } = mountMock();

describe('common response headers', () => {
  it('sends the JSON content type, robots, nosniff and the api.w.org Link on REST answers', async () => {
    const res = await rest('/wp/v2/types');
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('link')).toBe(`<${mock.restRoot}/>; rel="https://api.w.org/"`);
    expect(res.headers.get('access-control-expose-headers')).toBe('X-WP-Total, X-WP-TotalPages, Link');
  });

  it('adds no-cache headers for logged-in users only', async () => {
    const admin = await rest('/wp/v2/types');
    expect(admin.headers.get('expires')).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
    expect(admin.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0');
    mock.setCurrentUser(null);
    const anon = await rest('/wp/v2/types');
    expect(anon.headers.get('expires')).toBeNull();
  });

  it('replaces the api.w.org Link of a single post with its alternate html link', async () => {
    const res = await rest('/wp/v2/posts/1');
    expect(res.headers.get('link')).toBe(
      '<http://localhost:8888/hello-world/>; rel="alternate"; type=text/html',
    );
  });

  it('echoes any Origin with credentials allowed', async () => {
    const res = await rest('/wp/v2/posts/1', { headers: { Origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toBe('Origin');
  });
});

describe('error bodies', () => {
  it('answers 404 rest_no_route for unknown routes and for unsupported methods, never 405', async () => {
    const unknown = await json<WpErrorBody>('/wp/v2/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
    const wrongMethod = await json<WpErrorBody>('/wp/v2/posts', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body.code).toBe('rest_no_route');
    const badId = await json<WpErrorBody>('/wp/v2/posts/abc');
    expect(badId.body.code).toBe('rest_no_route');
  });

  it('answers 404 rest_post_invalid_id for an unknown post id', async () => {
    const res = await json<WpErrorBody>('/wp/v2/posts/99999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'rest_post_invalid_id',
      message: 'Invalid post ID.',
      data: { status: 404 },
    });
  });

  it('answers 400 rest_invalid_json with the PHP json error for a malformed body', async () => {
    const res = await json<WpErrorBody>('/wp/v2/posts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  it('lists missing parameters as an array', async () => {
    const res = await json<WpErrorBody>('/oembed/1.0/proxy');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_missing_callback_param');
    expect(res.body.data.params).toEqual(['url']);
  });

  it('reports an invalid status on create as rest_not_in_enum inside rest_invalid_param', async () => {
    const res = await json<WpErrorBody>('/wp/v2/posts', sendJson('POST', { title: 'x', status: 'bogus' }));
    expect(res.status).toBe(400);
    expect(res.body.data.details?.['status']?.code).toBe('rest_not_in_enum');
  });
});

describe('per_page and page limits', () => {
  it.each(['-1', '0', '101'])('rejects per_page=%s with the exact WordPress error', async (perPage) => {
    const res = await json<WpErrorBody>(`/wp/v2/posts?per_page=${perPage}`);
    const message = 'per_page must be between 1 (inclusive) and 100 (inclusive)';
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      data: {
        status: 400,
        params: { per_page: message },
        details: { per_page: { code: 'rest_out_of_bounds', message, data: null } },
      },
    });
  });

  it('accepts per_page=100', async () => {
    const res = await rest('/wp/v2/posts?per_page=100');
    expect(res.status).toBe(200);
  });

  it('rejects page=0 as out of bounds and a page past the end as rest_post_invalid_page_number', async () => {
    const zero = await json<WpErrorBody>('/wp/v2/posts?page=0');
    expect(zero.status).toBe(400);
    expect(zero.body.data.details?.['page']?.code).toBe('rest_out_of_bounds');
    const past = await json<WpErrorBody>('/wp/v2/posts?page=999');
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('rest_post_invalid_page_number');
  });
});

describe('pagination headers', () => {
  it('sends totals and a next link on the first page, prev and next in the middle, prev at the end', async () => {
    const first = await rest('/wp/v2/posts?per_page=5');
    const total = Number(first.headers.get('x-wp-total'));
    const pages = Number(first.headers.get('x-wp-totalpages'));
    expect(total).toBeGreaterThan(10);
    expect(pages).toBe(Math.ceil(total / 5));
    expect(first.headers.get('link')).toBe(`<${mock.restRoot}/wp/v2/posts?per_page=5&page=2>; rel="next"`);
    const middle = await rest('/wp/v2/posts?per_page=5&page=2');
    expect(middle.headers.get('link')).toBe(
      `<${mock.restRoot}/wp/v2/posts?per_page=5&page=1>; rel="prev", <${mock.restRoot}/wp/v2/posts?per_page=5&page=3>; rel="next"`,
    );
    const last = await rest(`/wp/v2/posts?per_page=5&page=${pages}`);
    expect(last.headers.get('link')).toBe(
      `<${mock.restRoot}/wp/v2/posts?per_page=5&page=${pages - 1}>; rel="prev"`,
    );
  });

  it('walking the next links visits every published post once', async () => {
    let url: string | null = `${mock.restRoot}/wp/v2/posts?per_page=4`;
    const ids: number[] = [];
    let total = 0;
    while (url) {
      const res: Response = await fetch(url);
      total = Number(res.headers.get('x-wp-total'));
      ids.push(...((await res.json()) as Array<{ id: number }>).map((p) => p.id));
      url = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(total);
  });
});

describe('contexts and _fields', () => {
  it('includes raw values only in edit context', async () => {
    const view = await json<{ title: Record<string, unknown>; content: Record<string, unknown> }>(
      '/wp/v2/posts/1',
    );
    expect(view.body.title).toEqual({ rendered: 'Hello world!' });
    expect(view.body.content).not.toHaveProperty('raw');
    const edit = await json<{
      title: Record<string, unknown>;
      content: Record<string, unknown>;
      generated_slug: string;
    }>('/wp/v2/posts/1?context=edit');
    expect(edit.body.title).toEqual({ raw: 'Hello world!', rendered: 'Hello world!' });
    expect(edit.body.content).toHaveProperty('raw');
    expect(edit.body.content).toHaveProperty('block_version', 1);
    expect(edit.body.generated_slug).toBe('hello-world');
  });

  it('keeps only the listed fields, nested paths included, and drops _links unless listed', async () => {
    const res = await json<Array<Record<string, unknown>>>(
      '/wp/v2/posts?_fields=id,title.rendered&per_page=2',
    );
    expect(res.body).toHaveLength(2);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual(['id', 'title']);
      expect(Object.keys(item['title'] as object)).toEqual(['rendered']);
    }
    const arrayForm = await json<Array<Record<string, unknown>>>(
      '/wp/v2/posts?_fields[]=id&_fields[]=slug&per_page=1',
    );
    expect(Object.keys(arrayForm.body[0] as object).sort()).toEqual(['id', 'slug']);
  });

  it('keeps the index _links even when _fields leaves them out', async () => {
    const res = await json<Record<string, unknown>>('/?_fields=name,url');
    expect(Object.keys(res.body).sort()).toEqual(['_links', 'name', 'url']);
  });

  it('filters with include and search', async () => {
    const included = await json<Array<{ id: number }>>('/wp/v2/posts?include=7,1&orderby=include');
    expect(included.body.map((p) => p.id)).toEqual([7, 1]);
    const found = await json<Array<{ title: { rendered: string } }>>('/wp/v2/posts?search=global%20styles');
    expect(found.body.map((p) => p.title.rendered)).toEqual(['A tour of global styles']);
  });
});

describe('_embed', () => {
  it('embeds the author and terms of a post in embed context', async () => {
    const res = await json<{ _embedded: Record<string, unknown[]> }>('/wp/v2/posts/1?_embed');
    expect(res.body._embedded['author']).toEqual([
      expect.objectContaining({ id: 1, name: 'Admin', slug: 'admin' }),
    ]);
    expect(res.body._embedded['author']?.[0]).not.toHaveProperty('meta');
    const terms = res.body._embedded['wp:term'] as Array<Array<{ taxonomy: string }>>;
    expect(terms.map((list) => list[0]?.taxonomy)).toEqual(['category', undefined]);
  });

  it('embeds only the listed rels', async () => {
    const res = await json<{ _embedded: Record<string, unknown> }>('/wp/v2/posts/1?_embed=author');
    expect(Object.keys(res.body._embedded)).toEqual(['author']);
  });
});

describe('routing', () => {
  it('serves the same answer under ?rest_route= as under /wp-json', async () => {
    const pretty = await (await rest('/wp/v2/posts/1')).json();
    const plain = await (await fetch(`${mock.root}/?rest_route=/wp/v2/posts/1`)).json();
    expect(plain).toEqual(pretty);
  });

  it('treats POST with X-HTTP-Method-Override: DELETE as a delete', async () => {
    const res = await json<{ status: string }>('/wp/v2/posts/1', {
      method: 'POST',
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('trash');
    expect(mock.requests.at(-1)).toMatchObject({ method: 'DELETE', httpMethod: 'POST' });
  });

  it('wraps any answer in a 200 envelope with _envelope', async () => {
    const res = await json<{ body: WpErrorBody; status: number; headers: unknown }>(
      '/wp/v2/posts/99999?_envelope=1',
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(404);
    expect(res.body.body.code).toBe('rest_post_invalid_id');
    expect(res.body.headers).toEqual([]);
  });

  it('answers the index at /wp-json without a trailing slash with site fields and namespaces', async () => {
    const res = await fetch(`${mock.root}/wp-json`);
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      name: 'WP REST Test Site',
      gmt_offset: 0,
      timezone_string: 'UTC',
      site_logo: 0,
      site_icon_url: '',
    });
    expect(body['namespaces']).toEqual(['oembed/1.0', 'wp/v2', 'wp-site-health/v1', 'wp-block-editor/v1']);
    expect(Object.keys(body['routes'] as object)).toContain('/batch/v1');
  });

  it('lists routes that 6.1 lacks as absent', async () => {
    for (const path of [
      '/wp/v2/navigation-fallback',
      '/wp/v2/font-families',
      '/wp-block-editor/v1/navigation-fallback',
      '/wp/v2/wp_pattern_category',
    ]) {
      const res = await json<WpErrorBody>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.code, path).toBe('rest_no_route');
    }
    const batchGet = await json<WpErrorBody>('/batch/v1');
    expect(batchGet.body.code).toBe('rest_no_route');
  });

  it('serves a root with a path prefix and builds links under it', async () => {
    const sub = createMockWordPress({ root: 'http://example.test/site/' });
    expect(sub.restRoot).toBe('http://example.test/site/wp-json');
    const res = await sub.handle(new Request(`${sub.restRoot}/wp/v2/posts/1`));
    const body = (await res.json()) as { link: string; _links: { self: Array<{ href: string }> } };
    expect(body.link).toBe('http://example.test/site/hello-world/');
    expect(body._links.self[0]?.href).toBe('http://example.test/site/wp-json/wp/v2/posts/1');
  });

  it('serves a registered post type under its own namespace and rest_base', async () => {
    mock.addPostType({ slug: 'book', name: 'Books', rest_base: 'library', rest_namespace: 'shelf/v1' });
    const id = mock.addPost('book', { title: 'Dune', author: MOCK_USERS.author.id });
    const types = await json<Record<string, { rest_base: string; rest_namespace: string }>>('/wp/v2/types');
    expect(types.body['book']).toMatchObject({ rest_base: 'library', rest_namespace: 'shelf/v1' });
    const book = await json<{ id: number; type: string }>(`/shelf/v1/library/${id}`);
    expect(book.body).toMatchObject({ id, type: 'book' });
  });
});
