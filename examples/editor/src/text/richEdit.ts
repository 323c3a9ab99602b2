/**
 * A rich-text edit as the smallest edit of the block's HTML, so that it merges by character with
 * what others type in the same block (the content is one shared `Y.Text`, changed by common prefix
 * and suffix):
 *
 * - {@link nextBlockHtml}: typing or deleting changes only the characters typed or deleted. HTML
 *   the editor wrote (as the block editor writes it) is simply written again; HTML written by hand
 *   (`<b>`, single quotes, an entity) keeps its spelling outside the edit instead of being
 *   rewritten whole, so a keystroke never replaces what someone else is typing next to it.
 * - {@link htmlSteps}: applying or removing a format only inserts or removes its tags; as one
 *   replacement it would delete the formatted words and insert them again, and what someone typed
 *   inside them meanwhile would land after them.
 *
 * {@link blockTextsAfterEdit} puts the two together: what a field's edit writes to its block.
 *
 * @module
 */
import { slice } from '@wordpress/rich-text';
import { htmlOffsetAt, isMapOf, mapHtml } from './htmlOffsets.js';
import {
  htmlOf,
  modelOfRichHtml,
  parseRich,
  richHtmlOfModel,
  sameFormats,
  type RichTextValue,
} from './richValue.js';
import { changedRegion } from './textChange.js';

type Value = Pick<RichTextValue, 'text' | 'formats' | 'replacements'>;

/** Whether character `i` of `a` and character `j` of `b` are the same: text, formats and object. */
function sameCharacter(a: Value, i: number, b: Value, j: number): boolean {
  if (a.text[i] !== b.text[j]) return false;
  if (!sameFormats(a.formats[i], b.formats[j])) return false;
  const x = a.replacements[i];
  const y = b.replacements[j];
  return x === y || (x !== undefined && y !== undefined && sameFormats([x], [y]));
}

/** The changed characters: `[start, endBefore)` of `before` became `[start, endAfter)` of `after`. */
export function changedCharacters(
  before: Value,
  after: Value,
): { start: number; endBefore: number; endAfter: number } | undefined {
  const shortest = Math.min(before.text.length, after.text.length);
  let start = 0;
  while (start < shortest && sameCharacter(before, start, after, start)) start++;
  let endBefore = before.text.length;
  let endAfter = after.text.length;
  while (endBefore > start && endAfter > start && sameCharacter(before, endBefore - 1, after, endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  if (start === endBefore && start === endAfter && before.text.length === after.text.length) return undefined;
  return { start, endBefore, endAfter };
}

/** Text as rich text writes it into HTML. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The block's next HTML after a rich-text edit: `html` with only the edited characters changed,
 * or `after`'s own HTML when `html` is what rich text writes anyway (the common case) or when no
 * smaller edit gives exactly `after`.
 *
 * @param html The block's HTML before the edit (as stored).
 * @param after The rich-text value after the edit.
 * @param afterHtml `htmlOf(after)`, when the caller has it.
 * @param isWritten The caller knows `html` is what rich text writes (its own last output): no need
 *   to read it again to find out, which costs a parse on every keystroke.
 */
export function nextBlockHtml(
  html: string,
  after: Value,
  afterHtml: string = htmlOf(after),
  isWritten = false,
): string {
  if (isWritten) return afterHtml;
  const before = parseRich(html);
  if (htmlOf(before) === html) return afterHtml;
  const map = mapHtml(html);
  if (!isMapOf(map, before.text)) return afterHtml;
  const change = changedCharacters(before, after);
  if (change === undefined) return html;
  const { start, endBefore, endAfter } = change;
  // Between two characters there may be tags: cut on either side of them, the widest first, so a
  // deleted formatted word takes its tags along.
  const from = [htmlOffsetAt(map, start, 'before-tags'), htmlOffsetAt(map, start, 'after-tags')];
  const to = [htmlOffsetAt(map, endBefore, 'after-tags'), htmlOffsetAt(map, endBefore, 'before-tags')];
  const inserted = slice(after as RichTextValue, start, endAfter);
  const fragments = [escapeText(inserted.text), htmlOf(inserted)];
  for (const fragment of new Set(fragments)) {
    for (const cutFrom of from) {
      for (const cutTo of to) {
        if (cutTo < cutFrom) continue;
        const candidate = html.slice(0, cutFrom) + fragment + html.slice(cutTo);
        if (htmlOf(parseRich(candidate)) === afterHtml) return candidate;
      }
    }
  }
  return afterHtml;
}

/** A run of whole tags (`</em><strong>`), nothing else. */
const TAGS_ONLY = /^(?:<[^<>]*>)*$/;

/**
 * The HTML strings to write one after the other to go from `before` to `after`: `[after]`, or,
 * when the change only adds or removes tags around text that stays (a format applied or
 * removed), a halfway state and then `after`, so each write is a pure insertion or deletion of
 * tags: the closing tags are added first, the opening ones removed first.
 */
export function htmlSteps(before: string, after: string): string[] {
  const region = changedRegion(before, after);
  if (region === undefined) return [after];
  const prefix = region.start;
  const suffix = before.length - region.endBefore;
  const oldMiddle = before.slice(prefix, region.endBefore);
  const newMiddle = after.slice(prefix, region.endAfter);
  const [shorter, longer] =
    oldMiddle.length < newMiddle.length ? [oldMiddle, newMiddle] : [newMiddle, oldMiddle];
  if (shorter === '' || shorter === longer) return [after];
  for (let at = longer.indexOf(shorter); at !== -1; at = longer.indexOf(shorter, at + 1)) {
    const head = longer.slice(0, at);
    const tail = longer.slice(at + shorter.length);
    if (head === '' || tail === '' || !TAGS_ONLY.test(head) || !TAGS_ONLY.test(tail)) continue;
    // Halfway, the text shows as it did or as it will: a closing tag alone is ignored, so the
    // closing tags are added first and the opening ones removed first.
    return [before.slice(0, prefix) + shorter + tail + before.slice(before.length - suffix), after];
  }
  return [after];
}

/** What {@link blockTextsAfterEdit} gives. */
export interface BlockEdit {
  /** The block's next texts, to write in this order (two when a format's tags are added or removed). */
  readonly texts: readonly string[];
  /** Whether the last one is written as rich text writes it (the next edit then needs no parse to know). */
  readonly isCanonical: boolean;
}

/**
 * The block's next texts after an edit of its field: from the block's text `from` to the field's
 * value `value` (whose HTML is `valueHtml`), as the smallest edit of the block's HTML
 * ({@link nextBlockHtml}, {@link htmlSteps}). `hasLines`: the block's lines are line breaks in
 * the field (a list, a quote); `isFromCanonical`: `from` is known to be written as rich text
 * writes it.
 */
export function blockTextsAfterEdit(
  from: string,
  value: Value,
  valueHtml: string,
  hasLines: boolean,
  isFromCanonical: boolean,
): BlockEdit {
  const before = richHtmlOfModel(from, hasLines);
  const next = nextBlockHtml(before, value, valueHtml, isFromCanonical);
  return {
    texts: htmlSteps(before, next).map((step) => modelOfRichHtml(step, hasLines)),
    isCanonical: next === valueHtml,
  };
}
