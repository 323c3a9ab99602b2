import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { isArgumentError } from '../../core/errors.js';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { useMswServer } from './mswServer.js';

const server = useMswServer();

function argumentErrorOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    expect(isArgumentError(error)).toBe(true);
    return error as Error;
  }
  throw new Error('expected an ArgumentError');
}

describe('pretty-permalink roots', () => {
  it('appends the path to the root, with or without a trailing slash', () => {
    const withSlash = new RestTransport({ root: 'http://wp.test/wp-json/' });
    const without = new RestTransport({ root: 'http://wp.test/wp-json' });
    expect(withSlash.url('/wp/v2/posts/5')).toBe('http://wp.test/wp-json/wp/v2/posts/5');
    expect(without.url('/wp/v2/posts/5')).toBe('http://wp.test/wp-json/wp/v2/posts/5');
  });

  it('merges the query with one already in the path', () => {
    const transport = new RestTransport({ root: 'http://wp.test/wp-json' });
    expect(transport.url('/wp/v2/posts?status=draft', { context: 'edit', per_page: 10 })).toBe(
      'http://wp.test/wp-json/wp/v2/posts?context=edit&per_page=10&status=draft',
    );
  });

  it('keeps a template id with a double slash as it is', () => {
    const transport = new RestTransport({ root: 'http://wp.test/wp-json' });
    expect(transport.url('/wp/v2/templates/twentytwentythree//home')).toBe(
      'http://wp.test/wp-json/wp/v2/templates/twentytwentythree//home',
    );
  });
});

describe('rest_route roots', () => {
  it('puts the REST path into rest_route and the other parameters after it', () => {
    const transport = new RestTransport({ root: 'http://wp.test/?rest_route=' });
    expect(transport.url('/wp/v2/posts', { per_page: 10, context: 'edit' })).toBe(
      'http://wp.test/?rest_route=/wp/v2/posts&context=edit&per_page=10',
    );
  });

  it('moves a query given in the path behind rest_route', () => {
    const transport = new RestTransport({ root: 'http://wp.test/index.php?rest_route=' });
    expect(transport.url('/wp/v2/posts?status=draft', { page: 2 })).toBe(
      'http://wp.test/index.php?rest_route=/wp/v2/posts&page=2&status=draft',
    );
  });

  it('sends a request that WordPress routes by its rest_route parameter', async () => {
    const seen: { route: string | null; context: string | null }[] = [];
    server.use(
      http.get('http://wp.test/', ({ request }) => {
        const url = new URL(request.url);
        seen.push({
          route: url.searchParams.get('rest_route'),
          context: url.searchParams.get('context'),
        });
        return HttpResponse.json({ id: 5 });
      }),
    );
    const transport = new RestTransport({ root: 'http://wp.test/?rest_route=' });
    const post = await transport.request({ path: '/wp/v2/posts/5', query: { context: 'edit' } });
    expect(post).toEqual({ id: 5 });
    expect(seen).toEqual([{ route: '/wp/v2/posts/5', context: 'edit' }]);
  });
});

describe('absolute URLs', () => {
  it('uses an absolute URL as it is, merging the query', () => {
    const transport = new RestTransport({ root: 'http://wp.test/wp-json' });
    expect(transport.url('http://wp.test/?p=5&_wp-find-template=true')).toBe(
      'http://wp.test/?_wp-find-template=true&p=5',
    );
    expect(transport.url('https://other.test/wp-json/wp/v2/global-styles/27', { a: 1 })).toBe(
      'https://other.test/wp-json/wp/v2/global-styles/27?a=1',
    );
  });

  it('requests a front-end URL with its own parameters', async () => {
    let received: URLSearchParams | undefined;
    server.use(
      http.get('http://wp.test/', ({ request }) => {
        received = new URL(request.url).searchParams;
        return HttpResponse.json({ success: true, data: { id: 'twentytwentythree//home' } });
      }),
    );
    const transport = new RestTransport({ root: 'http://wp.test/wp-json' });
    await transport.request({ path: 'http://wp.test/?p=5&_wp-find-template=true' });
    expect(received?.get('p')).toBe('5');
    expect(received?.get('_wp-find-template')).toBe('true');
  });
});

describe('option checks', () => {
  it('rejects a root that is not an absolute http(s) URL, naming the root option', () => {
    expect(argumentErrorOf(() => new RestTransport({ root: 'wp-json' })).message).toContain('"root"');
    expect(argumentErrorOf(() => new RestTransport({ root: 'ftp://wp.test/wp-json' })).message).toContain(
      'http or https',
    );
    expect(argumentErrorOf(() => new RestTransport({ root: '' })).message).toContain('"root"');
  });

  it('rejects a path without a leading slash, naming the path', async () => {
    const transport = new RestTransport({ root: 'http://wp.test/wp-json' });
    const error: unknown = await transport.request({ path: 'wp/v2/posts' }).catch((e: unknown) => e);
    expect(isArgumentError(error)).toBe(true);
    expect((error as Error).message).toContain('"wp/v2/posts"');
    expect((error as Error).message).toContain('must start with "/"');
  });

  it('rejects bad timeout, retry and auth options, naming each', () => {
    const root = 'http://wp.test/wp-json';
    expect(argumentErrorOf(() => new RestTransport({ root, timeout: -1 })).message).toContain('"timeout"');
    expect(argumentErrorOf(() => new RestTransport({ root, retry: { limit: 1.5 } })).message).toContain(
      '"retry.limit"',
    );
    expect(
      argumentErrorOf(() => new RestTransport({ root, auth: { username: '', applicationPassword: 'x' } }))
        .message,
    ).toContain('"auth"');
  });

  it('rejects a body on a GET request', async () => {
    const transport = new RestTransport({ root: 'http://wp.test/wp-json' });
    const error: unknown = await transport
      .request({ path: '/wp/v2/posts', body: { a: 1 } })
      .catch((e: unknown) => e);
    expect(isArgumentError(error)).toBe(true);
  });
});
