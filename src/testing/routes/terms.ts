/**
 * The terms controller for categories, tags and registered taxonomies: list with pagination
 * headers, create (201), update, force-only delete.
 *
 * @module
 */
import type { TaxonomyRow, TermRow } from '../database.js';
import { slugify } from '../database.js';
import { boolParam, collectionArgs, idListParam, intParam, listParam } from '../params.js';
import { CREATABLE, param, READABLE, route, type RestRequest, type Route } from '../router.js';
import { ok, WpRestFailure, type RouteResponse } from '../responses.js';
import { forceDeleteRecord, pagedList, readRecord, updateRecord, type RecordKind } from './records.js';
import { requireCap, whenFound, type Permission } from './guards.js';
import { termItemProperties } from '../itemSchemas.js';
import {
  contextOf,
  CURIES,
  linkTo,
  newTermRow,
  restUrl,
  termOfTaxonomy,
  textInput,
  type Context,
} from './shared.js';

/** Number of published posts carrying a term. */
export function termCount(request: RestRequest, term: TermRow): number {
  let count = 0;
  for (const post of request.site.db.posts.values()) {
    if (post.status === 'publish' && (post.terms[term.taxonomy] ?? []).includes(term.id)) count++;
  }
  return count;
}

/** The REST representation of a term. */
export function renderTerm(
  request: RestRequest,
  tax: TaxonomyRow,
  term: TermRow,
  context: Context,
): Record<string, unknown> {
  const link =
    tax.slug === 'category'
      ? `${request.siteRoot}/category/${term.slug}/`
      : `${request.siteRoot}/${tax.slug === 'post_tag' ? 'tag' : tax.slug}/${term.slug}/`;
  const base = `/${tax.rest_namespace}/${tax.rest_base}`;
  if (context === 'embed') {
    return {
      id: term.id,
      link,
      name: term.name,
      slug: term.slug,
      taxonomy: tax.slug,
      _links: { self: linkTo(restUrl(request, `${base}/${term.id}`)) },
    };
  }
  const out: Record<string, unknown> = {
    id: term.id,
    count: termCount(request, term),
    description: term.description,
    link,
    name: term.name,
    slug: term.slug,
    taxonomy: tax.slug,
  };
  if (tax.hierarchical) out['parent'] = term.parent;
  out['meta'] = { ...term.meta };
  out['_links'] = {
    self: linkTo(restUrl(request, `${base}/${term.id}`)),
    collection: linkTo(restUrl(request, base)),
    about: linkTo(restUrl(request, `/wp/v2/taxonomies/${tax.slug}`)),
    'wp:post_type': tax.types.map((type) => {
      const pt = request.site.db.postTypes.get(type);
      return {
        href: restUrl(
          request,
          `/${pt?.rest_namespace ?? 'wp/v2'}/${pt?.rest_base ?? type}?${tax.rest_base}=${term.id}`,
        ),
      };
    }),
    curies: CURIES,
  };
  return out;
}

function manageCap(tax: TaxonomyRow): string {
  return tax.hierarchical ? 'manage_categories' : 'edit_posts';
}

function getTerm(request: RestRequest, tax: TaxonomyRow): TermRow {
  return termOfTaxonomy(request, tax.slug);
}

function listTerms(request: RestRequest, tax: TaxonomyRow): RouteResponse {
  const include = idListParam(param(request, 'include'));
  const exclude = idListParam(param(request, 'exclude'));
  const slugs = listParam(param(request, 'slug'));
  const search = String(param(request, 'search') ?? '').toLowerCase();
  const parentParam = param(request, 'parent');
  const postParam = param(request, 'post');
  const hideEmpty = boolParam(param(request, 'hide_empty'));
  let terms = request.site.db.termsOf(tax.slug).filter((t) => {
    if (include.length > 0 && !include.includes(t.id)) return false;
    if (exclude.includes(t.id)) return false;
    if (slugs.length > 0 && !slugs.includes(t.slug)) return false;
    if (search && !`${t.name} ${t.slug}`.toLowerCase().includes(search)) return false;
    if (parentParam !== undefined && t.parent !== intParam(parentParam, 0)) return false;
    if (postParam !== undefined) {
      const post = request.site.db.posts.get(intParam(postParam, 0));
      if (!post || !(post.terms[tax.slug] ?? []).includes(t.id)) return false;
    }
    if (hideEmpty && termCount(request, t) === 0) return false;
    return true;
  });
  const orderby = String(param(request, 'orderby') ?? 'name');
  const dir = String(param(request, 'order') ?? 'asc') === 'desc' ? -1 : 1;
  terms = [...terms].sort((a, b) => {
    if (orderby === 'include') return include.indexOf(a.id) - include.indexOf(b.id);
    const ka =
      orderby === 'id'
        ? a.id
        : orderby === 'slug'
          ? a.slug
          : orderby === 'count'
            ? termCount(request, a)
            : a.name.toLowerCase();
    const kb =
      orderby === 'id'
        ? b.id
        : orderby === 'slug'
          ? b.slug
          : orderby === 'count'
            ? termCount(request, b)
            : b.name.toLowerCase();
    return ka < kb ? -dir : ka > kb ? dir : a.id - b.id;
  });
  return pagedList(request, terms, (t, context) => renderTerm(request, tax, t, context), {
    // WordPress 6.1 answers a page past the end here with an empty page, not an error.
    invalidPageCode: null,
  });
}

function applyTermFields(request: RestRequest, tax: TaxonomyRow, term: TermRow): void {
  const body = { ...request.query, ...request.body };
  const name = textInput(body['name']);
  if (name !== undefined) term.name = name;
  if (typeof body['description'] === 'string') term.description = body['description'];
  if (typeof body['slug'] === 'string') term.slug = slugify(body['slug']);
  if (tax.hierarchical && body['parent'] !== undefined) {
    const parent = intParam(body['parent'], 0);
    if (parent !== 0 && !request.site.db.terms.has(parent)) {
      throw new WpRestFailure('rest_term_invalid', 'Parent term does not exist.', 400);
    }
    term.parent = parent;
  }
  if (typeof body['meta'] === 'object' && body['meta'] !== null)
    term.meta = { ...term.meta, ...(body['meta'] as Record<string, unknown>) };
  if (term.slug === '') term.slug = slugify(term.name);
}

/** Routes of one taxonomy served by the terms controller. */
export function termRoutes(tax: TaxonomyRow): Route[] {
  const base = `/${tax.rest_namespace}/${tax.rest_base}`;
  const ns = tax.rest_namespace;
  const cannot = (request: RestRequest, code: string, message: string): Permission =>
    requireCap(request, manageCap(tax), code, message);
  const term: RecordKind<TermRow> = {
    load: (request) => getTerm(request, tax),
    render: (request, row, context) => renderTerm(request, tax, row, context),
  };
  return [
    route(
      base,
      ns,
      [
        {
          methods: READABLE,
          args: {
            ...collectionArgs(),
            include: { type: 'array' },
            exclude: { type: 'array' },
            order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
            orderby: {
              type: 'string',
              enum: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
              default: 'name',
            },
            hide_empty: { type: 'boolean', default: false },
            post: { type: 'integer' },
            slug: { type: 'array' },
          },
          permission: (request) =>
            contextOf(request) === 'edit'
              ? cannot(
                  request,
                  'rest_forbidden_context',
                  'Sorry, you are not allowed to edit terms in this taxonomy.',
                )
              : true,
          handler: (request) => listTerms(request, tax),
        },
        {
          methods: CREATABLE,
          args: { name: { type: 'string', required: true } },
          permission: (request) =>
            cannot(
              request,
              'rest_cannot_create',
              'Sorry, you are not allowed to create terms in this taxonomy.',
            ),
          handler: (request) => {
            const db = request.site.db;
            const name = String(request.body['name'] ?? request.query['name'] ?? '');
            const parent = intParam(request.body['parent'], 0);
            const clash = db
              .termsOf(tax.slug)
              .find((t) => t.name.toLowerCase() === name.toLowerCase() && t.parent === parent);
            if (clash) {
              throw new WpRestFailure(
                'term_exists',
                'A term with the name provided already exists with this parent.',
                400,
                { term_id: clash.id },
              );
            }
            const term = newTermRow(request, tax.slug, { name });
            applyTermFields(request, tax, term);
            db.terms.set(term.id, term);
            return ok(renderTerm(request, tax, term, 'edit'), 201, {
              Location: restUrl(request, `${base}/${term.id}`),
            });
          },
        },
      ],
      { allowBatch: true, schemaTitle: tax.slug, schemaProperties: () => termItemProperties(tax) },
    ),
    route(
      `${base}/(?P<id>[\\d]+)`,
      ns,
      [
        readRecord(
          term,
          whenFound(term.load, (request) =>
            contextOf(request) === 'edit'
              ? cannot(request, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this term.')
              : true,
          ),
        ),
        updateRecord(
          term,
          whenFound(term.load, (request) =>
            cannot(request, 'rest_cannot_update', 'Sorry, you are not allowed to edit this term.'),
          ),
          (request, row) => applyTermFields(request, tax, row),
        ),
        forceDeleteRecord(
          term,
          whenFound(term.load, (request) =>
            cannot(request, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this term.'),
          ),
          "Terms do not support trashing. Set 'force=true' to delete.",
          (request, row) => {
            request.site.db.terms.delete(row.id);
            for (const post of request.site.db.posts.values()) {
              const ids = post.terms[tax.slug];
              if (ids) post.terms[tax.slug] = ids.filter((id) => id !== row.id);
            }
          },
        ),
      ],
      { allowBatch: true, schemaTitle: tax.slug, schemaProperties: () => termItemProperties(tax) },
    ),
  ];
}
