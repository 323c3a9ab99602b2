/**
 * The block's inline HTML as `@wordpress/rich-text` values, read and written the way the block
 * editor's paragraph does (whitespace collapsed as HTML shows it, `<br>` a line break), and the
 * inline formats the editor offers. Formats are the HTML elements themselves (`strong`, `em`,
 * `a`, `code`): rich text keeps an element it has no registered type for as a format of that tag,
 * so nothing is registered globally and every other inline element a post holds is kept as it is.
 *
 * @module
 */
import { RichTextData, toHTMLString, type RichTextFormat, type RichTextValue } from '@wordpress/rich-text';

export type { RichTextFormat, RichTextValue };

/** The inline formats of the editor's toolbar and shortcuts. */
export type InlineFormat = 'bold' | 'italic' | 'link' | 'code';

/** The element each format writes, as WordPress's format library writes it. */
export const FORMAT_TAGS: Readonly<Record<InlineFormat, string>> = {
  bold: 'strong',
  italic: 'em',
  link: 'a',
  code: 'code',
};

/** The rich-text value of inline HTML (no selection). */
export function parseRich(html: string): RichTextValue {
  const data = RichTextData.fromHTMLString(html);
  return {
    text: data.text,
    formats: data.formats as RichTextValue['formats'],
    replacements: data.replacements as RichTextValue['replacements'],
    start: undefined as unknown as number,
    end: undefined as unknown as number,
  };
}

/** The inline HTML of a rich-text value, as the block editor saves it. */
export function htmlOf(value: Pick<RichTextValue, 'text' | 'formats' | 'replacements'>): string {
  return toHTMLString({ value: value as RichTextValue });
}

/**
 * The HTML the rich-text field shows for a block's text: a list's or quote's lines (one item or
 * paragraph per line, `\n` between) become line breaks; a paragraph's text is shown as it is.
 */
export function richHtmlOfModel(text: string, hasLines: boolean): string {
  return hasLines ? text.split('\n').join('<br>') : text;
}

/** The block's text for the field's HTML (the inverse of {@link richHtmlOfModel}). */
export function modelOfRichHtml(html: string, hasLines: boolean): string {
  return hasLines ? html.replace(/<br\s*\/?>/g, '\n') : html;
}

/** Whether two characters' formats are the same list (same types and attributes, in order). */
export function sameFormats(
  a: readonly RichTextFormat[] | undefined,
  b: readonly RichTextFormat[] | undefined,
): boolean {
  if (a === b) return true;
  const left = a ?? [];
  const right = b ?? [];
  if (left.length !== right.length) return false;
  for (let i = 0; i < left.length; i++) {
    const x = left[i] as RichTextFormat;
    const y = right[i] as RichTextFormat;
    if (x === y) continue;
    if (x.type !== y.type) return false;
    const xa = x.attributes ?? {};
    const ya = y.attributes ?? {};
    const keys = Object.keys(xa);
    if (keys.length !== Object.keys(ya).length || keys.some((key) => xa[key] !== ya[key])) return false;
  }
  return true;
}
