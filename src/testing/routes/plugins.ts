/**
 * `/wp/v2/plugins`: only Akismet (inactive), as on a fresh Debian WordPress 6.1. Plugin ids have no
 * `.php`.
 *
 * @module
 */
import { contextArg } from '../params.js';
import { DELETABLE, EDITABLE, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure } from '../responses.js';
import { requireCap } from './guards.js';
import { linkTo, restUrl } from './shared.js';

function renderAkismet(request: RestRequest): Record<string, unknown> {
  return {
    plugin: 'akismet/akismet',
    status: request.site.db.plugins.get('akismet/akismet') ?? 'inactive',
    name: 'Akismet Anti-Spam',
    plugin_uri: 'https://akismet.com/',
    author: 'Automattic',
    author_uri: 'https://automattic.com/wordpress-plugins/',
    description: {
      raw: 'Used by millions, Akismet is quite possibly the best way in the world to protect your blog from spam.',
      rendered:
        'Used by millions, Akismet is quite possibly the best way in the world to protect your blog from spam.',
    },
    version: '5.0.2',
    network_only: false,
    requires_wp: '5.0',
    requires_php: '5.2',
    textdomain: 'akismet',
    _links: { self: linkTo(restUrl(request, '/wp/v2/plugins/akismet/akismet')) },
  };
}

function view(request: RestRequest): true | WpRestFailure {
  return requireCap(
    request,
    'activate_plugins',
    'rest_cannot_view_plugins',
    'Sorry, you are not allowed to manage plugins for this site.',
  );
}

function getAkismet(request: RestRequest): void {
  if (request.params['plugin'] !== 'akismet/akismet')
    throw new WpRestFailure('rest_plugin_not_found', 'Plugin not found.', 404);
}

/** Plugin routes. */
export function pluginRoutes(): Route[] {
  return [
    route(
      '/wp/v2/plugins',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: view,
          handler: (r) => ok([renderAkismet(r)]),
        },
      ],
      { schemaTitle: 'plugin' },
    ),
    route(
      '/wp/v2/plugins/(?P<plugin>[^.\\/]+(?:\\/[^.\\/]+)?)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: view,
          handler: (r) => {
            getAkismet(r);
            return ok(renderAkismet(r));
          },
        },
        {
          methods: EDITABLE,
          args: { status: { type: 'string', enum: ['inactive', 'active'] } },
          permission: view,
          handler: (r) => {
            getAkismet(r);
            if (r.body['status'] === 'active' || r.body['status'] === 'inactive')
              r.site.db.plugins.set('akismet/akismet', r.body['status']);
            return ok(renderAkismet(r));
          },
        },
        {
          methods: DELETABLE,
          permission: view,
          handler: (r) => {
            getAkismet(r);
            if (r.site.db.plugins.get('akismet/akismet') === 'inactive') {
              throw new WpRestFailure(
                'rest_cannot_delete_plugin',
                'Plugin deletion is disabled in the mock.',
                500,
              );
            }
            throw new WpRestFailure(
              'rest_cannot_delete_active_plugin',
              'Cannot delete an active plugin. Please deactivate it first.',
              400,
            );
          },
        },
      ],
      { schemaTitle: 'plugin' },
    ),
  ];
}
