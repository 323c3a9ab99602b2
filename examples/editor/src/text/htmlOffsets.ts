/**
 * Where each character of a block's rich text sits in the block's inline HTML: the map between an
 * offset in the rich text (what the person sees and where their caret is) and an offset in the
 * HTML (what the post's `content` and its shared `Y.Text` hold).
 *
 * A tag is no character; an entity (`&amp;`) is one; `<br>` is a line break (one character, and a
 * line of a list's text, `\n`, is one too); a comment or an `<img>` is one object character, as
 * `@wordpress/rich-text` reads them. Whether this map read the HTML as rich text does is checked by
 * comparing {@link HtmlCharMap.text} with the rich text's own (see `isMapOf`): HTML written by hand
 * (collapsible whitespace, an unknown entity) can differ, and callers then fall back.
 *
 * @module
 */

/** The rich-text characters of an inline HTML string and where each one is written. */
export interface HtmlCharMap {
  /** The characters as rich text reads them (entities decoded, `<br>` as `\n`, objects as U+FFFC). */
  readonly text: string;
  /** `starts[i]`: the HTML offset where character `i` is written. */
  readonly starts: readonly number[];
  /** `ends[i]`: the HTML offset just after character `i`. */
  readonly ends: readonly number[];
  /** The HTML's length. */
  readonly htmlLength: number;
}

/** The character rich text uses for an object (an image, a comment). */
export const OBJECT_CHARACTER = '\ufffc';

/** Elements that are one object character in rich text. */
const OBJECT_TAGS = new Set(['img']);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** The character an entity stands for; `undefined` for a name this map does not know. */
function decodeEntity(body: string): string | undefined {
  if (body.startsWith('#x') || body.startsWith('#X')) {
    const code = Number.parseInt(body.slice(2), 16);
    return Number.isFinite(code) ? String.fromCodePoint(code) : undefined;
  }
  if (body.startsWith('#')) {
    const code = Number.parseInt(body.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : undefined;
  }
  return NAMED_ENTITIES[body];
}

/** The end of the tag that starts at `at` (after its `>`), quoted attribute values skipped. */
function tagEnd(html: string, at: number): number {
  let quote: string | undefined;
  for (let i = at + 1; i < html.length; i++) {
    const char = html[i];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i + 1;
  }
  return html.length;
}

/** Maps the rich-text characters of `html` (see the module's notes). */
export function mapHtml(html: string): HtmlCharMap {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const add = (characters: string, start: number, end: number) => {
    // A character outside the basic plane is two UTF-16 units, as rich text counts it.
    for (let k = 0; k < characters.length; k++) {
      text += characters[k];
      starts.push(start);
      ends.push(end);
    }
  };
  let i = 0;
  while (i < html.length) {
    const char = html[i] as string;
    if (char === '<' && html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      const end = close === -1 ? html.length : close + 3;
      add(OBJECT_CHARACTER, i, end);
      i = end;
    } else if (char === '<' && /[a-zA-Z/]/.test(html[i + 1] ?? '')) {
      const end = tagEnd(html, i);
      const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(i, end))?.[1]?.toLowerCase() ?? '';
      const isClosing = html[i + 1] === '/';
      if (!isClosing && name === 'br') add('\n', i, end);
      else if (!isClosing && OBJECT_TAGS.has(name)) add(OBJECT_CHARACTER, i, end);
      i = end;
    } else if (char === '&') {
      const entity = /^&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/.exec(html.slice(i, i + 40));
      const decoded = entity ? decodeEntity(entity[1] as string) : undefined;
      if (entity && decoded !== undefined) {
        add(decoded, i, i + entity[0].length);
        i += entity[0].length;
      } else {
        add('&', i, i + 1);
        i++;
      }
    } else {
      add(char, i, i + 1);
      i++;
    }
  }
  return { text, starts, ends, htmlLength: html.length };
}

/** Whether `map` read its HTML as rich text did, whose characters are `richText`. */
export function isMapOf(map: HtmlCharMap, richText: string): boolean {
  return map.text === richText;
}

/**
 * The rich-text offset of an HTML offset: how many characters are written wholly before it (an
 * offset inside a tag or an entity counts as before it).
 */
export function richOffsetAt(map: HtmlCharMap, htmlOffset: number): number {
  let low = 0;
  let high = map.ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((map.ends[middle] as number) <= htmlOffset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The HTML offset of a rich-text offset. Between two characters there may be tags (`</em><strong>`):
 * `'before-tags'` is right after the character before the offset (inside the formatting it has),
 * `'after-tags'` right before the character after it (inside the formatting of that one).
 */
export function htmlOffsetAt(
  map: HtmlCharMap,
  richOffset: number,
  side: 'before-tags' | 'after-tags',
): number {
  const offset = Math.max(0, Math.min(richOffset, map.text.length));
  if (side === 'before-tags') return offset === 0 ? 0 : (map.ends[offset - 1] as number);
  return offset === map.text.length ? map.htmlLength : (map.starts[offset] as number);
}
