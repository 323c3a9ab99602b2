/**
 * The declaration file `wp-entities-types` writes: for each post type and taxonomy its record in
 * the `edit` context (what a store reads), in the `view` context and as it is edited, the settings
 * record, and a `declare module 'wp-entities'` block that registers them (see `PostTypeRecords`),
 * so `store.collection('postType', 'book')` is typed without a type argument. JSON Schema becomes
 * TypeScript through json-schema-to-typescript; names and order are stable, so the file diffs
 * cleanly and `--check` can compare it byte for byte.
 *
 * @module
 */
import { compile, type Options as ConverterOptions } from 'json-schema-to-typescript';
import type { EntitySchema, JsonObject, SiteSchemas, SkippedEntity, TypedKind } from './siteSchemas.js';
import { isObject } from './siteSchemas.js';
import { schemaForContext, type SchemaContext } from './wpSchema.js';

/** The schema type the converter takes. */
type ConverterSchema = Parameters<typeof compile>[0];

/** What {@link buildDeclarations} made. */
export interface Declarations {
  /** The file's text. */
  text: string;
  /** The entities typed, as `kind/name`. */
  typed: string[];
  /** The entities left out: those the site did not describe, and those the converter could not read. */
  skipped: SkippedEntity[];
}

/** The fields each kind of entity edits as their raw value (see the entity configs' `rawAttributes`). */
function rawAttributesOf(kind: TypedKind, name: string): readonly string[] {
  if (kind !== 'postType') return [];
  return name === 'attachment' ? ['caption', 'description', 'title'] : ['content', 'excerpt', 'title'];
}

/** Where the registration of each kind goes. */
const REGISTRY_OF: Record<TypedKind, string> = {
  postType: 'PostTypeRecords',
  taxonomy: 'TaxonomyRecords',
  root: 'RootRecords',
};

/** The converter's options: no banner, `unknown` over `any`, no tuples from `minItems`, no `$ref` fetched from elsewhere. */
const CONVERTER_OPTIONS: Partial<ConverterOptions> = {
  bannerComment: '',
  additionalProperties: false,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
  format: true,
  style: { printWidth: 100, singleQuote: true, trailingComma: 'all', bracketSpacing: true },
  // A site's schema must not make this tool read files or fetch URLs.
  $refOptions: { resolve: { external: false, file: false, http: false } },
};

/** HAL links and embeds: every record has `_links`; `_embedded` only when asked for with `_embed`. Left loose. */
const LINK_PROPERTIES: JsonObject = {
  _embedded: {
    description: 'Embedded resources by relation; only in answers to requests with `_embed`.',
    tsType: '{ [relation: string]: unknown }',
  },
  _links: {
    description: 'Links to related resources, by relation.',
    tsType: '{ [relation: string]: unknown }',
  },
};

/** One entity's interfaces, before they are put in the file. */
interface EntityDeclarations {
  entity: EntitySchema;
  names: { record: string; view: string; edited: string };
  code: string;
}

/** The declaration file for `site`: deterministic for the same schemas. */
export async function buildDeclarations(site: SiteSchemas): Promise<Declarations> {
  const skipped = [...site.skipped];
  const taken = new Set<string>();
  const built: EntityDeclarations[] = [];
  for (const entity of site.entities) {
    const names = namesOf(entity, taken);
    try {
      built.push({ entity, names, code: await entityCode(entity, names) });
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      skipped.push({
        kind: entity.kind,
        name: entity.name,
        route: entity.route,
        reason: `the schema of ${entity.route} could not be converted: ${message}`,
      });
    }
  }
  const text = [header(built, skipped), ...built.map((one) => one.code), registration(built)].join('\n');
  return {
    text,
    typed: built.map(({ entity }) => `${entity.kind}/${entity.name}`),
    skipped: sortSkipped(skipped),
  };
}

/** The skipped entities in the order of the site's: post types, taxonomies, settings; by name within each. */
function sortSkipped(skipped: SkippedEntity[]): SkippedEntity[] {
  const order: Record<TypedKind, number> = { postType: 0, taxonomy: 1, root: 2 };
  return skipped.sort(
    (a, b) => order[a.kind] - order[b.kind] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/** `PostTypeBook`, `TaxonomyGenre`, `Settings`; a name already taken (`my-book` and `my_book`) gets a number. */
function namesOf(entity: EntitySchema, taken: Set<string>): EntityDeclarations['names'] {
  const prefix = entity.kind === 'postType' ? 'PostType' : entity.kind === 'taxonomy' ? 'Taxonomy' : '';
  const base = entity.kind === 'root' ? 'Settings' : `${prefix}${pascalCase(entity.name)}`;
  let record = base;
  for (let n = 2; taken.has(record); n += 1) record = `${base}${n}`;
  taken.add(record);
  return { record, view: `${record}View`, edited: `${record}Edited` };
}

/**
 * `wp_template_part` → `WpTemplatePart`, `2fa` → `2Fa`: the converter's own spelling of a name
 * (it capitalises a letter after a digit), so the names this file refers to are the ones it declares.
 */
function pascalCase(slug: string): string {
  const words = slug.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  const name = words
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')
    .replace(/([0-9])([a-z])/g, (_, digit: string, letter: string) => `${digit}${letter.toUpperCase()}`);
  return name === '' ? 'Unnamed' : name;
}

/** How the file and its comments name an entity: `post type book (Books)`. */
function label(entity: EntitySchema): string {
  if (entity.kind === 'root') return 'the settings';
  const what = entity.kind === 'postType' ? 'post type' : 'taxonomy';
  return `${what} \`${entity.name}\` (${entity.label.replace(/\*\//g, '* /')})`;
}

/** The three types of one entity: `edit` and `view` context from the converter, and the edited shape. */
async function entityCode(entity: EntitySchema, names: EntityDeclarations['names']): Promise<string> {
  const settings = entity.kind === 'root';
  const contexts: [SchemaContext, string][] = settings
    ? [['edit', names.record]]
    : [
        ['edit', names.record],
        ['view', names.view],
      ];
  const parts: string[] = [];
  for (const [context, title] of contexts) {
    const description = settings
      ? `The settings as \`${entity.route}\` sends them. WordPress sends \`null\` for a setting that is unset or fails its schema.`
      : `A record of ${label(entity)} as \`${entity.route}\` sends it in the \`${context}\` context.`;
    const schema = schemaForContext(entity.schema, context, {
      title,
      nullableProperties: settings,
      extraProperties: settings ? undefined : LINK_PROPERTIES,
      openEnums: entity.kind === 'postType' ? ['status'] : undefined,
    });
    schema['description'] = description;
    const code = (await compile(schema as ConverterSchema, title, CONVERTER_OPTIONS)).trim();
    // The other declarations name this interface: a converter that spelled it otherwise would leave them dangling.
    if (!code.includes(`export interface ${title} {`)) {
      throw new Error(`the converter did not declare the interface ${title}`);
    }
    parts.push(code);
  }
  if (settings) {
    parts.push(
      `/** The settings in the \`view\` context: the same as {@link ${names.record}}. */\nexport type ${names.view} = ${names.record};`,
    );
  }
  parts.push(editedCode(entity, names));
  return `${parts.join('\n\n')}\n`;
}

/** The edited shape: each raw attribute (`title`, `content`, `excerpt`) as its raw value. */
function editedCode(entity: EntitySchema, names: EntityDeclarations['names']): string {
  const properties = isObject(entity.schema['properties']) ? entity.schema['properties'] : {};
  const raw = rawAttributesOf(entity.kind, entity.name).filter((field) => {
    const property = properties[field];
    return isObject(property) && isObject(property['properties']) && 'raw' in property['properties'];
  });
  const doc = `/** A record of ${label(entity)} as it is edited (\`record.edited\`, \`record.edit()\`)${
    raw.length > 0 ? `: ${raw.map((field) => `\`${field}\``).join(', ')} as their raw value` : ''
  }. */`;
  if (raw.length === 0) return `${doc}\nexport type ${names.edited} = ${names.record};`;
  const omitted = raw.map((field) => `'${field}'`).join(' | ');
  const fields = raw.map((field) => `  ${field}: RawValue<${names.record}['${field}']>;`).join('\n');
  return `${doc}\nexport interface ${names.edited} extends Omit<${names.record}, ${omitted}> {\n${fields}\n}`;
}

/** The comment at the top: what the file is, what it types, what it skipped. */
function header(built: EntityDeclarations[], skipped: SkippedEntity[]): string {
  const listOf = (kind: TypedKind): string =>
    built
      .filter(({ entity }) => entity.kind === kind)
      .map(({ entity }) => entity.name)
      .join(', ') || 'none';
  const lines = [
    '/**',
    ' * The records of a WordPress site, typed from its REST schema by wp-entities-types. Do not edit:',
    ' * run wp-entities-types again when the site changes (`--check` tells CI the file is out of date).',
    ' *',
    ...wrap(`Post types: ${listOf('postType')}.`),
    ...wrap(`Taxonomies: ${listOf('taxonomy')}.`),
    ...wrap(`Settings: ${built.some(({ entity }) => entity.kind === 'root') ? 'typed' : 'none'}.`),
  ];
  if (skipped.length > 0) {
    lines.push(' *', ' * Skipped (not typed here):');
    for (const entry of sortSkipped([...skipped])) {
      lines.push(...wrap(`- ${entry.kind}/${entry.name}: ${entry.reason.replace(/\*\//g, '* /')}`));
    }
  }
  // The import makes this file a module, so the `declare module` below adds to the package's types.
  lines.push(
    ' */',
    "import type {} from 'wp-entities';",
    '',
    '/**',
    ' * A raw attribute as it is edited: its `raw` value, or the value itself where the schema allows',
    " * a plain one (a template's `content` is an object or a string).",
    ' */',
    'type RawValue<T> = T extends { raw: infer R } ? R : T;',
    '',
  );
  return lines.join('\n');
}

/** A comment line, wrapped at about 100 columns. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + word.length + 1 > 96) {
      lines.push(` * ${line}`);
      line = '  ';
    }
    line = line === '' || line === '  ' ? `${line}${word}` : `${line} ${word}`;
  }
  if (line.trim() !== '') lines.push(` * ${line}`);
  return lines;
}

/** The `declare module 'wp-entities'` block that registers every typed entity under its kind. */
function registration(built: EntityDeclarations[]): string {
  const blocks: string[] = [];
  for (const kind of ['postType', 'taxonomy', 'root'] as const) {
    const entries = built.filter(({ entity }) => entity.kind === kind);
    if (entries.length === 0) continue;
    const members = entries.map(({ entity, names }) =>
      [
        `    ${propertyKey(entity.name)}: {`,
        `      record: ${names.record};`,
        `      edited: ${names.edited};`,
        `      view: ${names.view};`,
        '    };',
      ].join('\n'),
    );
    blocks.push(`  interface ${REGISTRY_OF[kind]} {\n${members.join('\n')}\n  }`);
  }
  return `declare module 'wp-entities' {\n${blocks.join('\n\n')}\n}\n`;
}

/** `book`, or `'my-book'` when the name is not an identifier. */
function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)
    ? name
    : `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
