/**
 * Sidebars, widgets and widget types (all need `edit_theme_options`; 403
 * `rest_cannot_manage_widgets` for others, 401 for anonymous).
 *
 * @module
 */
import type { SidebarRow, WidgetRow } from '../database.js';
import { boolParam, contextArg, listParam } from '../params.js';
import { CREATABLE, EDITABLE, param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure } from '../responses.js';
import { deletedAnswer, deleteRecord, readRecord, updateRecord, type RecordKind } from './records.js';
import { requireCap, type Permission } from './guards.js';
import { CURIES, escapeHtml, found, linkTo, renderContent, restUrl } from './shared.js';

/** The widget types of a default 6.1 site (18). */
export const WIDGET_TYPES: Array<{ id: string; name: string; is_multi: boolean }> = [
  ['archives', 'Archives'],
  ['block', 'Block'],
  ['calendar', 'Calendar'],
  ['categories', 'Categories'],
  ['custom_html', 'Custom HTML'],
  ['media_audio', 'Audio'],
  ['media_gallery', 'Gallery'],
  ['media_image', 'Image'],
  ['media_video', 'Video'],
  ['meta', 'Meta'],
  ['nav_menu', 'Navigation Menu'],
  ['pages', 'Pages'],
  ['recent-comments', 'Recent Comments'],
  ['recent-posts', 'Recent Posts'],
  ['rss', 'RSS'],
  ['search', 'Search'],
  ['tag_cloud', 'Tag Cloud'],
  ['text', 'Text'],
].map(([id, name]) => ({ id: id as string, name: name as string, is_multi: true }));

function manage(request: RestRequest): Permission {
  return requireCap(
    request,
    'edit_theme_options',
    'rest_cannot_manage_widgets',
    'Sorry, you are not allowed to manage widgets on this site.',
  );
}

function widgetsIn(request: RestRequest, sidebar: string): WidgetRow[] {
  return [...request.site.db.widgets.values()].filter((w) => w.sidebar === sidebar);
}

function renderSidebar(request: RestRequest, s: SidebarRow): Record<string, unknown> {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    class: s.class,
    before_widget: s.before_widget,
    after_widget: s.after_widget,
    before_title: s.before_title,
    after_title: s.after_title,
    status: s.status,
    widgets: widgetsIn(request, s.id).map((w) => w.id),
    _links: {
      collection: linkTo(restUrl(request, '/wp/v2/sidebars')),
      self: linkTo(restUrl(request, `/wp/v2/sidebars/${s.id}`)),
      'wp:widget': linkTo(restUrl(request, `/wp/v2/widgets?sidebar=${s.id}`), { embeddable: true }),
      curies: CURIES,
    },
  };
}

function renderWidget(request: RestRequest, w: WidgetRow, edit: boolean): Record<string, unknown> {
  const content = typeof w.instance['content'] === 'string' ? w.instance['content'] : '';
  const out: Record<string, unknown> = {
    id: w.id,
    id_base: w.id_base,
    sidebar: w.sidebar,
    rendered: renderContent(content),
  };
  if (edit) {
    out['rendered_form'] = `<textarea class="widefat">${escapeHtml(content)}</textarea>`;
    const encoded = btoa(JSON.stringify(w.instance));
    out['instance'] = { encoded, hash: encoded.length.toString(16), raw: { ...w.instance } };
  }
  out['_links'] = {
    self: linkTo(restUrl(request, `/wp/v2/widgets/${w.id}`)),
    collection: linkTo(restUrl(request, '/wp/v2/widgets')),
    about: linkTo(restUrl(request, `/wp/v2/widget-types/${w.id_base}`), { embeddable: true }),
    curies: CURIES,
  };
  return out;
}

/** A widget type; the list adds a `self` link that the single answer lacks. */
function renderWidgetType(
  request: RestRequest,
  t: (typeof WIDGET_TYPES)[number],
  links: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: t.id,
    name: t.name,
    description: '',
    is_multi: t.is_multi,
    classname: `widget_${t.id}`,
    _links: { collection: linkTo(restUrl(request, '/wp/v2/widget-types')), ...links },
  };
}

function getSidebar(request: RestRequest): SidebarRow {
  const sidebar = request.site.db.sidebars.get(request.params['id'] ?? '');
  return found(sidebar, 'rest_sidebar_not_found', 'No sidebar exists with that id.');
}

function getWidget(request: RestRequest): WidgetRow {
  const widget = request.site.db.widgets.get(request.params['id'] ?? '');
  return found(widget, 'rest_widget_not_found', 'No widget was found with that id.');
}

const WIDGET: RecordKind<WidgetRow> = {
  load: getWidget,
  render: (request, w, context) => renderWidget(request, w, context === 'edit'),
};

function applyWidget(request: RestRequest, w: WidgetRow): void {
  const body = request.body;
  if (typeof body['sidebar'] === 'string') w.sidebar = body['sidebar'];
  const instance = body['instance'];
  if (typeof instance === 'object' && instance !== null && 'raw' in instance) {
    w.instance = { ...((instance as { raw: Record<string, unknown> }).raw ?? {}) };
  }
}

/** Sidebar, widget and widget-type routes. */
export function widgetRoutes(): Route[] {
  return [
    route(
      '/wp/v2/sidebars',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: manage,
          handler: (r) => ok([...r.site.db.sidebars.values()].map((s) => renderSidebar(r, s))),
        },
      ],
      { schemaTitle: 'sidebar' },
    ),
    route(
      '/wp/v2/sidebars/(?P<id>[\\w-]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: manage,
          handler: (r) => ok(renderSidebar(r, getSidebar(r))),
        },
        {
          methods: EDITABLE,
          permission: manage,
          handler: (r) => {
            const s = getSidebar(r);
            const ids = listParam(r.body['widgets']);
            for (const w of r.site.db.widgets.values()) {
              if (ids.includes(w.id)) w.sidebar = s.id;
              else if (w.sidebar === s.id) w.sidebar = 'wp_inactive_widgets';
            }
            return ok(renderSidebar(r, s));
          },
        },
      ],
      { schemaTitle: 'sidebar' },
    ),
    route(
      '/wp/v2/widgets',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg(), sidebar: { type: 'string' } },
          permission: manage,
          handler: (r) => {
            const sidebar = param(r, 'sidebar');
            const edit = param(r, 'context') === 'edit';
            const items = [...r.site.db.widgets.values()].filter(
              (w) => sidebar === undefined || w.sidebar === sidebar,
            );
            return ok(items.map((w) => renderWidget(r, w, edit)));
          },
        },
        {
          methods: CREATABLE,
          args: { sidebar: { type: 'string', required: true } },
          permission: manage,
          handler: (r) => {
            const idBase = typeof r.body['id_base'] === 'string' ? r.body['id_base'] : 'block';
            let n = 2;
            while (r.site.db.widgets.has(`${idBase}-${n}`)) n++;
            const w: WidgetRow = { id: `${idBase}-${n}`, id_base: idBase, sidebar: '', instance: {} };
            applyWidget(r, w);
            r.site.db.widgets.set(w.id, w);
            return ok(renderWidget(r, w, true), 201, { Location: restUrl(r, `/wp/v2/widgets/${w.id}`) });
          },
        },
      ],
      { allowBatch: true, schemaTitle: 'widget' },
    ),
    route(
      '/wp/v2/widgets/(?P<id>[\\w\\-]+)',
      'wp/v2',
      [
        readRecord(WIDGET, manage),
        updateRecord(WIDGET, manage, applyWidget),
        deleteRecord(WIDGET, manage, (r, w) => {
          if (boolParam(param(r, 'force'))) {
            const previous = renderWidget(r, w, true);
            r.site.db.widgets.delete(w.id);
            return deletedAnswer(previous);
          }
          w.sidebar = 'wp_inactive_widgets';
          return ok(renderWidget(r, w, true));
        }),
      ],
      { allowBatch: true, schemaTitle: 'widget' },
    ),
    route(
      '/wp/v2/widget-types',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: manage,
          handler: (r) =>
            ok(
              WIDGET_TYPES.map((t) =>
                renderWidgetType(r, t, { self: linkTo(restUrl(r, `/wp/v2/widget-types/${t.id}`)) }),
              ),
            ),
        },
      ],
      { schemaTitle: 'widget-type' },
    ),
    route(
      '/wp/v2/widget-types/(?P<id>[a-zA-Z0-9_-]+)',
      'wp/v2',
      [
        {
          methods: READABLE,
          args: { context: contextArg() },
          permission: manage,
          handler: (r) => {
            const t = WIDGET_TYPES.find((x) => x.id === r.params['id']);
            if (!t) throw new WpRestFailure('rest_widget_type_invalid', 'Invalid widget type.', 404);
            return ok(renderWidgetType(r, t));
          },
        },
      ],
      { schemaTitle: 'widget-type' },
    ),
  ];
}
