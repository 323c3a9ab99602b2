/**
 * Splits post content into {@link Segment}s with `@wordpress/block-serialization-default-parser`
 * (WordPress's own parser), keeping each top-level block's exact markup, so that joining the
 * segments gives back the content byte for byte.
 *
 * @module
 */
import { parse } from '@wordpress/block-serialization-default-parser';
import { renderTextBlock } from './renderTextBlock.js';
import type { BlockSegment, Segment, TextBlockModel } from './types.js';

/**
 * A block comment: `<!-- wp:name {attrs} -->`, `<!-- /wp:name -->` or `<!-- wp:name /-->`. Groups:
 * 1 closer slash, 2 namespace, 3 name, 4 attributes, 5 void slash. The attributes end at the first
 * `}` followed by whitespace and the end of the comment, as in WordPress's own tokenizer.
 */
/** A block as WordPress's parser returns it (the package does not export the type). */
type ParsedBlock = ReturnType<typeof parse>[number];

const BLOCK_COMMENT = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+(\{[\s\S]*?\}\s+)?(\/)?-->/g;

/** The exact source ranges `[start, end)` of the top-level blocks of `content`. */
function topLevelRanges(content: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let depth = 0;
  let start = 0;
  BLOCK_COMMENT.lastIndex = 0;
  for (let match = BLOCK_COMMENT.exec(content); match; match = BLOCK_COMMENT.exec(content)) {
    const end = match.index + match[0].length;
    if (match[1] === '/') {
      // A stray closer at the top level belongs to no block: it stays in the text around it.
      if (depth === 0) continue;
      depth--;
      if (depth === 0) ranges.push([start, end]);
    } else if (match[5] === '/') {
      if (depth === 0) ranges.push([match.index, end]);
    } else {
      if (depth === 0) start = match.index;
      depth++;
    }
  }
  // An opener never closed runs to the end, as WordPress's parser reads it.
  if (depth > 0) ranges.push([start, content.length]);
  return ranges;
}

function isEmptyObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.keys(value).length === 0;
}

/** The text between `<tag>` and `</tag>` when `html` is exactly that element (with the block's newlines). */
function elementText(html: string, tag: string): string | undefined {
  const match = new RegExp(`^\\n?<${tag}>([\\s\\S]*)</${tag}>\\n?$`).exec(html);
  const text = match?.[1];
  return text === undefined || text.includes(`<${tag}`) ? undefined : text;
}

function paragraphText(block: ParsedBlock): string | undefined {
  if (block.blockName !== 'core/paragraph' || !isEmptyObject(block.attrs) || block.innerBlocks.length > 0)
    return undefined;
  return elementText(block.innerHTML, 'p');
}

/**
 * Whether a list item's or quote paragraph's HTML holds a line break: the editor shows a list as
 * one line per item, so such an item is kept as a card rather than split into two.
 */
function isMultiline(text: string): boolean {
  return text.includes('\n') || /<br[\s/>]/i.test(text);
}

/** The text model of a parsed block, when it is one of the text blocks in its plain form. */
function textModelOf(block: ParsedBlock): TextBlockModel | undefined {
  const attrs = block.attrs as Record<string, unknown>;
  switch (block.blockName) {
    case 'core/paragraph': {
      const text = paragraphText(block);
      return text === undefined ? undefined : { type: 'paragraph', text };
    }
    case 'core/heading': {
      const level = attrs['level'] ?? 2;
      if (typeof level !== 'number' || block.innerBlocks.length > 0) return undefined;
      const text = elementText(block.innerHTML, `h${level}`);
      return text === undefined ? undefined : { type: 'heading', text, level };
    }
    case 'core/list': {
      const isOrdered = attrs['ordered'] === true;
      const items: string[] = [];
      for (const item of block.innerBlocks) {
        if (item.blockName !== 'core/list-item' || item.innerBlocks.length > 0) return undefined;
        const text = elementText(item.innerHTML, 'li');
        if (text === undefined || isMultiline(text)) return undefined;
        items.push(text);
      }
      return { type: 'list', text: items.join('\n'), isOrdered };
    }
    case 'core/quote': {
      const lines: string[] = [];
      for (const inner of block.innerBlocks) {
        const text = paragraphText(inner);
        if (text === undefined || isMultiline(text)) return undefined;
        lines.push(text);
      }
      return { type: 'quote', text: lines.join('\n') };
    }
    default:
      return undefined;
  }
}

/**
 * One top-level block: a text segment when the editor would write it back exactly as it is (so
 * editing it loses nothing it cannot show), otherwise a read-only card.
 */
function blockSegment(source: string): BlockSegment {
  const [block] = parse(source);
  if (!block) return { kind: 'card', blockName: null, attrs: {}, innerHTML: source, source };
  const model = textModelOf(block);
  if (model && renderTextBlock(model) === source) return { kind: 'text', ...model, source };
  return {
    kind: 'card',
    blockName: block.blockName,
    attrs: block.attrs as Record<string, unknown>,
    innerHTML: block.innerHTML,
    source,
  };
}

/** The segments of `content`; `segments.map((s) => s.source).join('')` is `content` exactly. */
export function parseContent(content: string): Segment[] {
  const segments: Segment[] = [];
  const between = (text: string) => {
    if (text === '') return;
    // Whitespace between blocks is layout; anything else is classic HTML outside any block.
    if (text.trim() === '') segments.push({ kind: 'gap', source: text });
    else segments.push({ kind: 'card', blockName: null, attrs: {}, innerHTML: text, source: text });
  };
  let at = 0;
  for (const [start, end] of topLevelRanges(content)) {
    between(content.slice(at, start));
    segments.push(blockSegment(content.slice(start, end)));
    at = end;
  }
  between(content.slice(at));
  return segments;
}
