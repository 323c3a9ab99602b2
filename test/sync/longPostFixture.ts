/**
 * Long posts in unit tests and figures: two people opening one, and a small block codec: the block grammar's comment delimiters, and
 * the mix of a real post (paragraphs, headings, lists of list items, images, embeds), each block
 * serialized as `@wordpress/blocks` lays it out and the blocks joined by a blank line. The block
 * editor's own codec runs in test/block-editor/.
 */
import { RootStore, type EntityRecord } from 'wp-entities';
import type { BlockCodec, SyncBlock } from '../../src/sync/shared/blockCodec.js';
import { createMockWordPress } from '../../src/testing/index.js';
import type { MemoryNetwork } from '../../src/testing/memoryNetwork.js';
import { transportTo } from './storeHelpers.js';

/** How often the codec was asked to do what (a test counts a keystroke's work with these). */
export interface CodecCalls {
  parse: number;
  /** The characters parsed, all calls together. */
  parsed: number;
  serialize: number;
  serializeBlock: number;
}

const DELIMITER = /<!-- (\/)?wp:([a-z][a-z0-9-]*(?:\/[a-z][a-z0-9-]*)?)(?: (\{[\s\S]*?\}))? (\/)?-->/g;

/** The tag whose inner HTML is a block type's rich text, by block type. */
const RICH_TEXT_TAG: Readonly<Record<string, string>> = {
  'core/paragraph': 'p',
  'core/heading': 'h2',
  'core/list-item': 'li',
};

let nextClientId = 0;

function blockOf(name: string, json: string | undefined, inner: string, innerBlocks: SyncBlock[]): SyncBlock {
  const attributes: Record<string, unknown> =
    json === undefined ? {} : (JSON.parse(json) as Record<string, unknown>);
  const tag = RICH_TEXT_TAG[name];
  if (tag !== undefined) {
    const match = new RegExp(`^<${tag}>([\\s\\S]*)</${tag}>$`).exec(inner.trim());
    attributes.content = match?.[1] ?? '';
  } else if (name === 'core/image') {
    const match = /<img src="([^"]*)" alt="([^"]*)"\/>/.exec(inner);
    attributes.url = match?.[1] ?? '';
    attributes.alt = match?.[2] ?? '';
  }
  return {
    name,
    clientId: `b${(nextClientId += 1)}`,
    isValid: true,
    attributes,
    innerBlocks,
  };
}

/** Blocks of `content`: each delimited block with its inner blocks; text outside blocks is dropped. */
function parse(content: string): SyncBlock[] {
  const stack: { name: string; json: string | undefined; start: number; children: SyncBlock[] }[] = [];
  const top: SyncBlock[] = [];
  for (const match of content.matchAll(DELIMITER)) {
    const [whole, closing, short = '', json, selfClosing] = match;
    const name = short.includes('/') ? short : `core/${short}`;
    const at = match.index;
    const siblings = stack.at(-1)?.children ?? top;
    if (selfClosing !== undefined) siblings.push(blockOf(name, json, '', []));
    else if (closing === undefined) stack.push({ name, json, start: at + whole.length, children: [] });
    else {
      const open = stack.pop();
      if (open === undefined || open.name !== name) continue;
      const inner = content.slice(open.start, at).replace(DELIMITER, '');
      (stack.at(-1)?.children ?? top).push(blockOf(name, open.json, inner, open.children));
    }
  }
  return top;
}

function commentAttributes(block: SyncBlock): string {
  const { content: _content, url: _url, alt: _alt, ...rest } = block.attributes;
  const kept = block.name === 'core/embed' ? { ...rest, url: block.attributes.url } : rest;
  return Object.keys(kept).length === 0 ? '' : ` ${JSON.stringify(kept)}`;
}

/** One block as `@wordpress/blocks` lays it out. */
function serializeBlock(block: SyncBlock): string {
  const { name } = block;
  const short = name.replace(/^core\//, '');
  const head = `<!-- wp:${short}${commentAttributes(block)} -->`;
  const tail = `<!-- /wp:${short} -->`;
  const tag = RICH_TEXT_TAG[name];
  if (tag !== undefined)
    return `${head}\n<${tag}>${String(block.attributes.content ?? '')}</${tag}>\n${tail}`;
  if (name === 'core/image')
    return `${head}\n<figure class="wp-block-image"><img src="${String(block.attributes.url)}" alt="${String(block.attributes.alt)}"/></figure>\n${tail}`;
  if (name === 'core/embed')
    return `${head}\n<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\n${String(block.attributes.url)}\n</div></figure>\n${tail}`;
  if (name === 'core/list')
    return `${head}\n<ul>${block.innerBlocks.map(serializeBlock).join('')}</ul>\n${tail}`;
  return `${head}${tail}`;
}

/**
 * The codec, counting its calls in `calls`; without `perBlock`, it has no `serializeBlock` (a
 * codec that can only serialize a whole post).
 */
export function longPostCodec(calls: CodecCalls, perBlock = true): BlockCodec {
  const codec: BlockCodec = {
    parse: (content) => {
      calls.parse += 1;
      calls.parsed += content.length;
      return parse(content);
    },
    serialize: (blocks) => {
      calls.serialize += 1;
      return blocks.map(serializeBlock).join('\n\n');
    },
    attributeSchema: (blockName, attribute) => {
      if (attribute === 'content' && RICH_TEXT_TAG[blockName] !== undefined) return { type: 'rich-text' };
      if (attribute === 'level') return { type: 'number' };
      return { type: 'string' };
    },
  };
  if (perBlock)
    codec.serializeBlock = (block) => {
      calls.serializeBlock += 1;
      return serializeBlock(block);
    };
  return codec;
}

const WORDS =
  'the quick brown fox jumps over a lazy dog while editors type long posts about sync and blocks in WordPress'.split(
    ' ',
  );

function sentence(seed: number, length: number): string {
  let text = '';
  for (let i = 0; text.length < length; i++) text += `${WORDS[(seed * 7 + i * 13) % WORDS.length]} `;
  return text.trim();
}

/**
 * A post of `count` top-level blocks, about 200 bytes each: mostly paragraphs, with headings,
 * lists of three items, images and embeds among them, as a long article has.
 */
export function longPostContent(count: number): string {
  const blocks: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 10;
    if (kind === 0) blocks.push(`<!-- wp:heading -->\n<h2>${sentence(i, 40)}</h2>\n<!-- /wp:heading -->`);
    else if (kind === 4)
      blocks.push(
        `<!-- wp:list -->\n<ul>${[0, 1, 2].map((n) => `<!-- wp:list-item -->\n<li>${sentence(i + n, 30)}</li>\n<!-- /wp:list-item -->`).join('')}</ul>\n<!-- /wp:list -->`,
      );
    else if (kind === 7)
      blocks.push(
        `<!-- wp:image {"id":${i}} -->\n<figure class="wp-block-image"><img src="https://example.org/wp-content/uploads/2026/12/photo-${i}.jpg" alt="${sentence(i, 20)}"/></figure>\n<!-- /wp:image -->`,
      );
    else if (kind === 9)
      blocks.push(
        `<!-- wp:embed {"url":"https://www.youtube.com/watch?v=v${i}"} -->\n<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=v${i}\n</div></figure>\n<!-- /wp:embed -->`,
      );
    else blocks.push(`<!-- wp:paragraph -->\n<p>${sentence(i, 160)}</p>\n<!-- /wp:paragraph -->`);
  }
  return blocks.join('\n\n');
}

/** No calls yet. */
export function noCalls(): CodecCalls {
  return { parse: 0, parsed: 0, serialize: 0, serializeBlock: 0 };
}

/** One person on the long post: their store, their record and their codec's calls. */
export interface Person {
  readonly store: RootStore;
  readonly record: EntityRecord<object>;
  readonly calls: CodecCalls;
}

/**
 * Two people on one post of `count` blocks, joined through `net`, the blocks in the document
 * (the first person edited the content once). The caller disposes their stores.
 */
export async function twoPeople(count: number, net: MemoryNetwork): Promise<[Person, Person]> {
  const mock = createMockWordPress();
  mock.setCurrentRole('administrator');
  const id = mock.addPost('post', { title: 'Long', content: longPostContent(count), status: 'draft' });
  const people: Person[] = [];
  for (const n of [1, 2]) {
    const calls = noCalls();
    const store = new RootStore({
      transport: transportTo(mock),
      sync: {
        user: { id: n, name: `User ${n}`, color: '#333' },
        providers: [net.provider()],
        undoCaptureTimeoutMs: 0,
        blockCodec: longPostCodec(calls),
      },
    });
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync!.join(record);
    people.push({ store, record, calls });
  }
  // The blocks come into the document with the first edit of the content.
  const first = people[0] as Person;
  first.record.edit({ content: longPostContent(count).replace('<h2>', '<h2>Now: ') });
  await net.flush();
  return people as [Person, Person];
}

/** The record's content as a save would send it (a deferred edit evaluated). */
export function contentOf(record: EntityRecord<object>): string {
  const edit = (record.edits as { content?: unknown }).content;
  const value =
    typeof edit === 'function'
      ? (edit as (edited: unknown) => unknown)(record.edited)
      : (record.edited as { content?: unknown }).content;
  return typeof value === 'string' ? value : String((value as { raw?: unknown } | undefined)?.raw);
}
