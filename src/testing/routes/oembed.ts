/**
 * oEmbed: `/oembed/1.0/embed` for this site's posts and `/oembed/1.0/proxy` for any URL. Proxy
 * answers come from `mock.setEmbed(url, answer)`; without one, a URL of this site embeds the post
 * and anything else is 404 `oembed_invalid_url` (6.1 blocks outgoing HTTP).
 *
 * @module
 */
import type { PostRow } from '../database.js';
import { param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure, type RouteResponse } from '../responses.js';
import { requireCap } from './guards.js';
import { escapeHtml } from './shared.js';

function localPost(request: RestRequest, url: string): PostRow | undefined {
  if (!url.startsWith(request.siteRoot)) return undefined;
  const parsed = new URL(url);
  const id = parsed.searchParams.get('p') ?? parsed.searchParams.get('page_id');
  if (id) return request.site.db.posts.get(Number(id));
  const slug = parsed.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return [...request.site.db.posts.values()].find(
    (p) => p.status === 'publish' && (p.type === 'post' || p.type === 'page') && p.slug === slug,
  );
}

function embedOf(request: RestRequest, post: PostRow, url: string): Record<string, unknown> {
  const author = request.site.db.users.get(post.author);
  const settings = request.site.db.settings;
  return {
    version: '1.0',
    provider_name: settings['title'],
    provider_url: request.siteRoot,
    author_name: author?.name ?? '',
    author_url: author ? `${request.siteRoot}/author/${author.slug}/` : request.siteRoot,
    title: post.title,
    type: 'rich',
    width: 600,
    height: 338,
    html: `<blockquote class="wp-embedded-content"><a href="${escapeHtml(url)}">${escapeHtml(post.title)}</a></blockquote>`,
  };
}

function notFound(): WpRestFailure {
  return new WpRestFailure('oembed_invalid_url', 'Not Found', 404);
}

function proxy(request: RestRequest): RouteResponse {
  const url = String(param(request, 'url'));
  const answer = request.site.embeds.get(url);
  if (answer === 'invalid') throw notFound();
  if (answer === 'fallback') {
    return ok({ provider_name: 'Embed Handler', html: `<a href="${url}">${url}</a>` });
  }
  if (answer !== undefined) return ok(structuredClone(answer));
  const post = localPost(request, url);
  if (!post) throw notFound();
  return ok(embedOf(request, post, url));
}

/** oEmbed routes. */
export function oembedRoutes(): Route[] {
  return [
    route('/oembed/1.0/embed', 'oembed/1.0', [
      {
        methods: READABLE,
        args: {
          url: { type: 'string', required: true },
          format: { type: 'string', default: 'json' },
          maxwidth: { type: 'integer', default: 600 },
        },
        handler: (request) => {
          const url = String(param(request, 'url'));
          const post = localPost(request, url);
          if (!post) throw notFound();
          return ok(embedOf(request, post, url));
        },
      },
    ]),
    route('/oembed/1.0/proxy', 'oembed/1.0', [
      {
        methods: READABLE,
        args: {
          url: { type: 'string', required: true },
          format: { type: 'string', enum: ['json', 'xml'], default: 'json' },
          maxwidth: { type: 'integer', default: 600 },
          maxheight: { type: 'integer' },
          discover: { type: 'boolean', default: true },
        },
        permission: (request) =>
          requireCap(
            request,
            'edit_posts',
            'rest_forbidden',
            'Sorry, you are not allowed to make proxied oEmbed requests.',
          ),
        handler: proxy,
      },
    ]),
  ];
}
