/**
 * `/wp/v2/search`: posts (default), terms or post formats, with pagination headers.
 *
 * @module
 */
import { collectionArgs, intParam } from '../params.js';
import { canReadPost } from '../permissions.js';
import { param, READABLE, route, type Route } from '../router.js';
import { ok, paginate, paginationHeaders } from '../responses.js';
import { postLink } from './posts.js';
import { linkTo, restUrl, typePath } from './shared.js';

/** The search route. */
export function searchRoutes(): Route[] {
  return [
    route('/wp/v2/search', 'wp/v2', [
      {
        methods: READABLE,
        args: {
          ...collectionArgs(),
          type: { type: 'string', enum: ['post', 'term', 'post-format'], default: 'post' },
          subtype: { type: 'array', default: 'any' },
        },
        handler: (request) => {
          const db = request.site.db;
          const search = String(param(request, 'search') ?? '').toLowerCase();
          const kind = String(param(request, 'type') ?? 'post');
          const subtype = String(param(request, 'subtype') ?? 'any');
          let items: Array<Record<string, unknown>> = [];
          if (kind === 'post') {
            items = [...db.posts.values()]
              .filter((p) => p.type === 'post' || p.type === 'page')
              .filter((p) => subtype === 'any' || subtype.split(',').includes(p.type))
              .filter((p) => p.status === 'publish')
              .filter((p) => {
                const type = db.postTypes.get(p.type);
                return type !== undefined && canReadPost(request.user, type, p);
              })
              .filter((p) => !search || `${p.title} ${p.content}`.toLowerCase().includes(search))
              .sort((a, b) => b.date.localeCompare(a.date))
              .map((p) => {
                const type = db.postTypes.get(p.type);
                return {
                  id: p.id,
                  title: p.title,
                  url: type ? postLink(request.siteRoot, type, p) : '',
                  type: 'post',
                  subtype: p.type,
                  _links: {
                    self: linkTo(restUrl(request, `${type ? typePath(type) : '/wp/v2/posts'}/${p.id}`), {
                      embeddable: true,
                    }),
                  },
                };
              });
          } else if (kind === 'term') {
            items = [...db.terms.values()]
              .filter((t) => t.taxonomy === 'category' || t.taxonomy === 'post_tag')
              .filter((t) => !search || t.name.toLowerCase().includes(search))
              .map((t) => ({
                id: t.id,
                title: t.name,
                url: `${request.siteRoot}/${t.taxonomy === 'category' ? 'category' : 'tag'}/${t.slug}/`,
                type: t.taxonomy,
                _links: {
                  self: linkTo(
                    restUrl(request, `/wp/v2/${t.taxonomy === 'category' ? 'categories' : 'tags'}/${t.id}`),
                    { embeddable: true },
                  ),
                },
              }));
          }
          const page = intParam(param(request, 'page'), 1);
          const perPage = intParam(param(request, 'per_page'), 10);
          const result = paginate(items, page, perPage, null);
          return ok(result.items, 200, paginationHeaders(request.url, page, result.total, result.totalPages));
        },
      },
    ]),
  ];
}
