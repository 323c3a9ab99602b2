/**
 * WordPress's schema quirks, each made into what the converter reads and then into TypeScript:
 * `context` at every depth, `readonly`, draft-3 `required`, `type: [..., 'null']`, unknown type
 * names, PHP's empty `[]`, `meta`'s own `properties`, converter keywords sent by a site, a `status`
 * enum that lists writes only, and settings that may be `null`.
 */
import { describe, expect, it } from 'vitest';
import { buildDeclarations } from '../../src/typegen/declarations.js';
import type { EntitySchema, JsonObject } from '../../src/typegen/siteSchemas.js';
import { schemaForContext } from '../../src/typegen/wpSchema.js';

/** A post type schema with one of each quirk. */
const BOOK: JsonObject = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  title: 'book',
  type: 'object',
  links: [{ rel: 'https://api.w.org/action-publish', href: '…' }],
  properties: {
    id: {
      description: 'Unique identifier.',
      type: 'integer',
      context: ['view', 'edit', 'embed'],
      readonly: true,
    },
    date: { type: ['string', 'null'], format: 'date-time', context: ['view', 'edit'] },
    password: { type: 'string', context: ['edit'] },
    title: {
      type: 'object',
      context: ['view', 'edit', 'embed'],
      arg_options: { sanitize_callback: null },
      properties: {
        raw: { type: 'string', context: ['edit'] },
        rendered: { type: 'string', context: ['view', 'edit', 'embed'], readonly: true },
      },
    },
    name: { type: 'string', context: ['view', 'edit'], required: true },
    content: {
      type: ['object', 'string'],
      context: ['view', 'edit'],
      properties: {
        raw: { type: 'string', context: ['edit'] },
        block_version: { type: 'integer', context: ['edit'] },
      },
    },
    status: { type: 'string', enum: ['publish', 'draft'], context: ['view', 'edit'] },
    meta: {
      type: 'object',
      context: ['view', 'edit'],
      properties: {
        isbn: { type: 'string', description: 'The ISBN.', default: '' },
        tags: { type: 'array', items: { type: 'string' }, default: [] },
      },
      additionalProperties: false,
    },
    empty_meta: { type: 'object', context: ['view', 'edit'], properties: [] },
    options: { type: 'object', context: ['view', 'edit'] },
    odd: { type: 'mixed', description: 'A type JSON Schema does not know.', context: ['view', 'edit'] },
    has_theme_file: { type: 'bool', description: "6.1's templates say bool.", context: ['view', 'edit'] },
    list: { type: 'array', items: [], context: ['view', 'edit'] },
    injected: {
      type: 'string',
      tsType: 'never; export const pwned = 1',
      tsEnumNames: ['X'],
      context: ['edit'],
    },
    titled: { title: 'Nested', type: 'object', properties: { a: { type: 'boolean' } }, context: ['edit'] },
  },
};

describe('schemaForContext', () => {
  it('keeps only what the context sends, at every depth; a property without context goes where its parent goes', () => {
    const edit = schemaForContext(BOOK, 'edit', { title: 'Book' });
    const view = schemaForContext(BOOK, 'view', { title: 'Book' });
    const props = (schema: JsonObject): JsonObject => schema['properties'] as JsonObject;
    expect(Object.keys(props(edit))).toContain('password');
    expect(Object.keys(props(view))).not.toContain('password');
    expect(Object.keys(props(props(edit)['title'] as JsonObject))).toEqual(['raw', 'rendered']);
    expect(Object.keys(props(props(view)['title'] as JsonObject))).toEqual(['rendered']);
    expect(Object.keys(props(props(view)['meta'] as JsonObject))).toEqual(['isbn', 'tags']);
  });

  it('makes every property of the context required and no other key allowed, at the top and in objects with properties', () => {
    const edit = schemaForContext(BOOK, 'edit', {
      title: 'Book',
      extraProperties: { _links: { type: 'object' } },
    });
    const properties = edit['properties'] as JsonObject;
    expect(edit['required']).toEqual(Object.keys(properties).filter((key) => key !== '_links'));
    expect(edit['additionalProperties']).toBe(false);
    expect((properties['title'] as JsonObject)['required']).toEqual(['raw', 'rendered']);
    expect((properties['title'] as JsonObject)['additionalProperties']).toBe(false);
    // A free-form object stays open.
    expect((properties['options'] as JsonObject)['additionalProperties']).toBe(true);
  });

  it('drops draft-3 booleans, WordPress-only keys, nested titles and converter keywords a site sends', () => {
    const edit = schemaForContext(BOOK, 'edit', { title: 'Book' });
    const text = JSON.stringify(edit);
    for (const key of ['arg_options', 'context', 'readonly', '$schema', 'links', 'tsEnumNames', 'Nested']) {
      expect(text).not.toContain(`"${key}"`);
    }
    expect(text).not.toContain('pwned');
    // The only converter keyword left is the one written here for a type no JSON tool knows.
    expect(text.match(/"tsType":"[^"]*"/g)).toEqual(['"tsType":"unknown"']);
    expect(edit['title']).toBe('Book');
  });
});

/** The generated file for one post type `book` with {@link BOOK}'s schema. */
async function bookDeclarations(schema: JsonObject = BOOK): Promise<string> {
  const entity: EntitySchema = {
    kind: 'postType',
    name: 'book',
    label: 'Books',
    route: '/wp/v2/books',
    schema,
  };
  return (await buildDeclarations({ entities: [entity], skipped: [] })).text;
}

/** The body of `interface name` in `text`. */
function interfaceBody(text: string, name: string): string {
  const start = text.indexOf(`export interface ${name} `);
  if (start < 0) throw new Error(`No interface ${name} in:\n${text}`);
  return text.slice(start, text.indexOf('\n}\n', start) + 2);
}

describe('the converted types', () => {
  it('type each WordPress quirk as a record answers it', async () => {
    const text = await bookDeclarations();
    const edit = interfaceBody(text, 'PostTypeBook');
    const view = interfaceBody(text, 'PostTypeBookView');
    expect(edit).toMatch(/\n {2}date: string \| null;/);
    expect(edit).toMatch(/\n {2}name: string;/);
    expect(edit).toMatch(/\n {2}content:\n {4}\| \{\n(.*\n)* {4}\| string;/);
    expect(text).toContain('type RawValue<T> = T extends { raw: infer R } ? R : T;');
    expect(edit).toMatch(/title: \{\n(.*\n)* {4}raw: string;\n(.*\n)* {4}rendered: string;/);
    expect(view).not.toMatch(/raw: string/);
    expect(edit).toMatch(/meta: \{\n(.*\n)* {4}isbn: string;\n(.*\n)* {4}tags: string\[\];\n {2}\};/);
    expect(edit).toMatch(/empty_meta: \{\};/);
    expect(edit).toMatch(/options: \{\n {4}\[k: string\]: unknown;\n {2}\};/);
    expect(edit).toMatch(/odd: unknown;/);
    expect(edit).toMatch(/has_theme_file: boolean;/);
    expect(edit).toMatch(/list: unknown\[\];/);
    expect(edit).toMatch(/injected: string;/);
    expect(edit).toMatch(/Unique identifier\.\n {3}\*\n {3}\* Read only: set by WordPress\./);
    expect(edit).toMatch(/status: 'publish' \| 'draft' \| \(string & \{\}\);/);
    expect(edit).toMatch(/_links\?: \{ \[relation: string\]: unknown \};/);
    expect(text).toContain(
      "export interface PostTypeBookEdited extends Omit<PostTypeBook, 'content' | 'title'> {\n  content: RawValue<PostTypeBook['content']>;\n  title: RawValue<PostTypeBook['title']>;\n}",
    );
  });

  it('types the settings as possibly null (WordPress answers null for a value that is unset or invalid)', async () => {
    const settings: EntitySchema = {
      kind: 'root',
      name: 'site',
      label: 'Settings',
      route: '/wp/v2/settings',
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string', description: 'Site title.', default: null },
          default_ping_status: { type: 'string', enum: ['open', 'closed'], default: null },
        },
      },
    };
    const text = (await buildDeclarations({ entities: [settings], skipped: [] })).text;
    const body = interfaceBody(text, 'Settings');
    expect(body).toMatch(/title: string \| null;/);
    expect(body).toMatch(/default_ping_status: \('open' \| 'closed'\) \| null;/);
    expect(text).toContain(
      'site: {\n      record: Settings;\n      edited: SettingsEdited;\n      view: SettingsView;\n    };',
    );
  });

  it('is the same text whatever order the site lists properties and entities in', async () => {
    const reversed = (schema: JsonObject): JsonObject => ({
      ...schema,
      properties: Object.fromEntries(Object.entries(schema['properties'] as JsonObject).reverse()),
    });
    expect(await bookDeclarations(reversed(BOOK))).toBe(await bookDeclarations(BOOK));
  });

  it('gives slugs that are not identifiers stable names, and quotes them in the registration', async () => {
    const entity = (name: string): EntitySchema => ({
      kind: 'postType',
      name,
      label: name,
      route: `/wp/v2/${name}`,
      schema: { type: 'object', properties: { id: { type: 'integer' } } },
    });
    const { text } = await buildDeclarations({
      entities: [entity('my-book'), entity('my_book'), entity('2fa')],
      skipped: [],
    });
    expect(text).toContain('export interface PostTypeMyBook {');
    expect(text).toContain('export interface PostTypeMyBook2 {');
    expect(text).toContain('export interface PostType2Fa {');
    expect(text).toContain("    'my-book': {\n      record: PostTypeMyBook;");
    expect(text).toContain('    my_book: {\n      record: PostTypeMyBook2;');
  });
});
