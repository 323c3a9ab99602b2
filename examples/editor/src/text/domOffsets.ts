/**
 * Offsets of a rich-text field's value ↔ places in its editable DOM, counted as
 * `@wordpress/rich-text` counts them when it reads the DOM: the characters of text nodes (less the
 * zero-width characters it adds to hold a caret), one for each line break it wrote, one for each
 * object (an image, anything not editable), nothing for a placeholder or a padding `<br>`.
 *
 * @module
 */

/** The zero-width no-break space rich text puts in empty lines and formats. */
const ZWNBSP = '\ufeff';

/** A place in the DOM: a node and an offset in it. */
export interface DomPoint {
  readonly node: Node;
  readonly offset: number;
}

function isSkipped(element: Element): boolean {
  return element.hasAttribute('data-rich-text-placeholder');
}

/** Whether `element` is one character (a line break rich text wrote, or an object). */
function isCharacter(element: Element): boolean {
  const tag = element.tagName;
  if (tag === 'BR') return element.hasAttribute('data-rich-text-line-break');
  return tag === 'IMG' || (element as HTMLElement).contentEditable === 'false';
}

function countText(value: string, upTo = value.length): number {
  let count = 0;
  for (let i = 0; i < upTo; i++) if (value[i] !== ZWNBSP) count++;
  return count;
}

/** The value offset of a DOM place inside `root` (a place outside it gives `undefined`). */
export function offsetOfDomPoint(root: Element, node: Node, offset: number): number | undefined {
  if (node !== root && !root.contains(node)) return undefined;
  let count = 0;
  let found: number | undefined;
  const walk = (current: Node): boolean => {
    if (current === node && current.nodeType === Node.TEXT_NODE) {
      found = count + countText(current.nodeValue ?? '', offset);
      return true;
    }
    if (current.nodeType === Node.TEXT_NODE) {
      count += countText(current.nodeValue ?? '');
      return false;
    }
    if (!(current instanceof Element)) return false;
    if (current !== root && isSkipped(current)) return false;
    if (current !== root && isCharacter(current)) {
      count++;
      return false;
    }
    const children = current.childNodes;
    for (let i = 0; i < children.length; i++) {
      if (current === node && i === offset) {
        found = count;
        return true;
      }
      if (walk(children[i] as Node)) return true;
    }
    if (current === node) {
      found = count;
      return true;
    }
    return false;
  };
  walk(root);
  return found ?? count;
}

/** The DOM place of value offset `offset` inside `root` (clamped to its end). */
export function domPointAt(root: Element, offset: number): DomPoint {
  let left = Math.max(0, offset);
  let last: DomPoint = { node: root, offset: 0 };
  let result: DomPoint | undefined;
  const walk = (current: Node): boolean => {
    if (current.nodeType === Node.TEXT_NODE) {
      const value = current.nodeValue ?? '';
      const length = countText(value);
      if (left <= length) {
        // The `left`-th counted character, skipping zero-width ones before it.
        let i = 0;
        for (let seen = 0; i < value.length && seen < left; i++) if (value[i] !== ZWNBSP) seen++;
        result = { node: current, offset: i };
        return true;
      }
      left -= length;
      last = { node: current, offset: value.length };
      return false;
    }
    if (!(current instanceof Element) || isSkipped(current)) return false;
    if (isCharacter(current)) {
      const parent = current.parentNode as Node;
      const index = Array.prototype.indexOf.call(parent.childNodes, current) as number;
      if (left === 0) {
        result = { node: parent, offset: index };
        return true;
      }
      left--;
      last = { node: parent, offset: index + 1 };
      return false;
    }
    for (const child of Array.from(current.childNodes)) if (walk(child)) return true;
    return false;
  };
  walk(root);
  return result ?? last;
}

/** The value offsets of the document's selection in `root`, or `undefined` when it is elsewhere. */
export function selectionIn(root: Element): { start: number; end: number } | undefined {
  const selection = root.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return undefined;
  const range = selection.getRangeAt(0);
  const start = offsetOfDomPoint(root, range.startContainer, range.startOffset);
  const end = offsetOfDomPoint(root, range.endContainer, range.endOffset);
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** Puts the document's selection at value offsets `start`–`end` of `root`. */
export function selectIn(root: Element, start: number, end = start): void {
  const selection = root.ownerDocument.getSelection();
  if (!selection) return;
  const from = domPointAt(root, start);
  const to = end === start ? from : domPointAt(root, end);
  const range = root.ownerDocument.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The number of value characters in `root` (where `'end'` puts a caret). */
export function valueLengthOf(root: Element): number {
  return offsetOfDomPoint(root, root, root.childNodes.length) ?? 0;
}
