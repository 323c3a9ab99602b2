/**
 * The smallest edit that turns one string into another, as collaborative text needs it: keep the
 * common prefix and suffix, replace what lies between. Two people typing in different places of one
 * field then touch different characters, and Yjs keeps both insertions.
 *
 * @module
 */
import type * as Y from 'yjs';

/** One replacement: delete `deleteCount` characters at `index`, then insert `insert` there. */
export interface TextChange {
  /** Where the change starts (UTF-16 code units, as Y.Text counts). */
  readonly index: number;
  /** How many characters are removed at `index`. */
  readonly deleteCount: number;
  /** What is inserted at `index` after the removal ('' for none). */
  readonly insert: string;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The common-prefix / common-suffix change from `before` to `after`; `undefined` when they are
 * equal. The boundaries never split a surrogate pair, so an emoji is never half deleted.
 */
export function diffText(before: string, after: string): TextChange | undefined {
  if (before === after) return undefined;
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix += 1;
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix -= 1;
  let suffix = 0;
  const suffixLimit = shortest - prefix;
  while (
    suffix < suffixLimit &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix += 1;
  }
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix -= 1;
  return {
    index: prefix,
    deleteCount: before.length - prefix - suffix,
    insert: after.slice(prefix, after.length - suffix),
  };
}

/**
 * Brings a Y.Text to `value` with the minimal change (call it inside a transaction). Returns false
 * when the text already held that value.
 *
 * @param before What the text holds now, when the caller knows it for certain: reading a text back
 *   builds a new string from its items, which costs more than the diff itself while typing.
 * @default before `text.toString()`
 */
export function applyTextValue(text: Y.Text, value: string, before: string = text.toString()): boolean {
  const change = diffText(before, value);
  if (change === undefined) return false;
  if (change.deleteCount > 0) text.delete(change.index, change.deleteCount);
  if (change.insert !== '') text.insert(change.index, change.insert);
  return true;
}
