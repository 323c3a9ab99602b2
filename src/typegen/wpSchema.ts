/**
 * WordPress's REST schemas, made into plain JSON Schema for one context before the converter reads
 * them. What WordPress does that a JSON Schema tool does not expect:
 * - `context: ['view', 'edit', 'embed']` on a property says in which answers it is sent at all (at
 *   any depth: `title.raw` is `edit` only); a property without it is sent wherever its parent is.
 * - `readonly: true` (lower case) marks what the server sets; writes of it are ignored.
 * - `required: true` on a property is draft-3 style; in answers every property of the context is
 *   sent, so each kept property is required.
 * - `type: ['string', 'null']`; PHP's `bool`, `int` and `float` for the JSON types (6.1's
 *   templates say `bool`); other type names no JSON Schema tool knows are `unknown`.
 * - an `enum` may list what a write accepts rather than what a read answers (a post's `status`).
 * - PHP encodes an empty `properties` or `items` array as `[]`.
 * - `meta` has `properties` of its own, one per registered key.
 * - `arg_options`, `links`, `$schema` and nested `title`s are not types; `tsType`-style converter
 *   keywords coming from a site are never passed on (the generated file is code), nor are
 *   `definitions` (a `$ref` to them makes the entity unreadable, and it is skipped).
 *
 * @module
 */
import { isObject, type JsonObject } from './siteSchemas.js';

/** The REST contexts a record type is generated for. */
export type SchemaContext = 'view' | 'edit';

/** JSON Schema's own type names; WordPress schemas sometimes carry others. */
const JSON_TYPES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
]);

/**
 * PHP's names for JSON types, which WordPress's own schemas sometimes use (6.1's templates
 * controller types `has_theme_file` and `is_custom` as `bool`) and answer as the JSON type.
 */
const PHP_TYPE_NAMES: Readonly<Record<string, string>> = { bool: 'boolean', int: 'integer', float: 'number' };

/** Keywords whose subschemas are lists. */
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'] as const;

/** Options of {@link schemaForContext}. */
export interface ContextSchemaOptions {
  /** The name of the interface the converter writes (the root's `title`). */
  title: string;
  /** Each top-level property may also be `null` (the settings: WordPress sends `null` for a value that is unset or invalid). */
  nullableProperties?: boolean | undefined;
  /** Extra top-level properties, already plain JSON Schema (`_links`); never required. */
  extraProperties?: JsonObject | undefined;
  /**
   * Top-level properties whose `enum` lists what a write accepts, not all a read may answer: the
   * listed values and any other string (a post's `status` is also `auto-draft`, `trash`, `inherit`).
   */
  openEnums?: readonly string[] | undefined;
}

/** True when `schema` is sent in `context`: no `context` list, or one that names it. */
export function isInContext(schema: unknown, context: SchemaContext): boolean {
  if (!isObject(schema)) return true;
  const contexts = schema['context'];
  return !Array.isArray(contexts) || contexts.includes(context);
}

/** The record schema of a route as plain JSON Schema for `context`, ready for the converter. */
export function schemaForContext(
  schema: JsonObject,
  context: SchemaContext,
  options: ContextSchemaOptions,
): JsonObject {
  const root = normalise(schema, context);
  const properties = isObject(root['properties']) ? root['properties'] : {};
  if (options.nullableProperties === true) {
    for (const [key, property] of Object.entries(properties)) properties[key] = nullable(property);
  }
  for (const key of options.openEnums ?? []) {
    const property = properties[key];
    if (isObject(property)) properties[key] = openEnum(property);
  }
  const required = Object.keys(properties);
  for (const [key, property] of Object.entries(options.extraProperties ?? {})) properties[key] = property;
  const out: JsonObject = { title: options.title, ...root, properties: sortedObject(properties), required };
  out['type'] = 'object';
  out['additionalProperties'] = false;
  return out;
}

/**
 * A string `enum` that also takes any other string: its values stay listed for editors' completion
 * (`'publish' | … | (string & {})`). The union is written here from JSON-quoted strings, never
 * from text of the site's.
 */
function openEnum(property: JsonObject): JsonObject {
  const values = property['enum'];
  if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) return property;
  const out: JsonObject = {
    tsType: [...values.map((value) => JSON.stringify(value)), '(string & {})'].join(' | '),
  };
  if (typeof property['description'] === 'string') out['description'] = property['description'];
  return out;
}

/** `property`, or `null`; the description stays on the outside, where the converter reads it. */
function nullable(property: unknown): JsonObject {
  if (!isObject(property)) return {};
  const { description, ...rest } = property;
  const out: JsonObject = { anyOf: [rest, { type: 'null' }] };
  if (typeof description === 'string') out['description'] = description;
  return out;
}

/** One schema node in `context`: only the keywords that describe a type, cleaned of WordPress's quirks. */
function normalise(node: unknown, context: SchemaContext): JsonObject {
  if (!isObject(node)) return {};
  const out: JsonObject = {};
  const description = describe(node);
  if (description !== undefined) out['description'] = description;
  const type = jsonTypes(node['type']);
  if (type !== undefined) out['type'] = type;
  // A type no JSON tool knows: `unknown`, said here (the converter would make it an open object).
  else if (node['type'] !== undefined) out['tsType'] = 'unknown';
  if (Array.isArray(node['enum']) && node['enum'].length > 0) out['enum'] = [...node['enum']];
  if (typeof node['$ref'] === 'string') out['$ref'] = node['$ref'];
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list) && list.length > 0) out[key] = list.map((item) => normalise(item, context));
  }
  const properties = propertiesOf(node['properties']);
  if (properties !== undefined) {
    const kept: JsonObject = {};
    for (const [key, child] of sortedEntries(properties)) {
      if (isInContext(child, context)) kept[key] = normalise(child, context);
    }
    out['properties'] = kept;
    out['required'] = Object.keys(kept);
  }
  if (isObject(node['patternProperties'])) {
    out['patternProperties'] = Object.fromEntries(
      sortedEntries(node['patternProperties']).map(([key, child]) => [key, normalise(child, context)]),
    );
  }
  const additional = node['additionalProperties'];
  if (typeof additional === 'boolean') out['additionalProperties'] = additional;
  else if (isObject(additional)) out['additionalProperties'] = normalise(additional, context);
  else if (properties !== undefined) out['additionalProperties'] = false;
  else if (isObjectType(type)) out['additionalProperties'] = true;
  const items = node['items'];
  if (isObject(items)) out['items'] = normalise(items, context);
  else if (Array.isArray(items) && items.length > 0)
    out['items'] = items.map((item) => normalise(item, context));
  return out;
}

/** The description, with `readonly` said in words (TypeScript's `readonly` would not stop an edit). */
function describe(node: JsonObject): string | undefined {
  const text = typeof node['description'] === 'string' ? node['description'].trim() : '';
  const readonly = node['readonly'] === true || node['readOnly'] === true;
  if (!readonly) return text === '' ? undefined : text;
  return text === '' ? 'Read only: set by WordPress.' : `${text}\n\nRead only: set by WordPress.`;
}

/** The JSON Schema types of a `type` member; unknown names dropped; `undefined` when none is left. */
function jsonTypes(type: unknown): string | string[] | undefined {
  const names = (Array.isArray(type) ? type : [type])
    .map((name: unknown) => (typeof name === 'string' ? (PHP_TYPE_NAMES[name] ?? name) : name))
    .filter((name): name is string => typeof name === 'string' && JSON_TYPES.has(name));
  const unique = [...new Set(names)];
  if (unique.length === 0) return undefined;
  return unique.length === 1 ? unique[0] : unique;
}

/** True when a normalised `type` allows an object. */
function isObjectType(type: string | string[] | undefined): boolean {
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/** The `properties` member as an object: PHP's empty array `[]` is `{}`; anything else is none. */
function propertiesOf(value: unknown): JsonObject | undefined {
  if (Array.isArray(value) && value.length === 0) return {};
  return isObject(value) ? value : undefined;
}

/** The entries of an object sorted by key (code-point order). */
function sortedEntries(record: JsonObject): [string, unknown][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A copy of `record` with its keys sorted. */
function sortedObject(record: JsonObject): JsonObject {
  return Object.fromEntries(sortedEntries(record));
}
