import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Peer } from 'wp-entities/sync';
import { domPointAt } from '../text/domOffsets.js';

/** Another person's caret or selection in a text field, in that field's offsets. */
export interface RemoteCaret {
  /** Their awareness client id. */
  readonly clientId: number;
  readonly name: string;
  readonly color: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Whether two lists show the same carets, caret by caret: what a memoised field or block compares
 * so that another person's caret moving re-renders it and a parent's re-render alone does not.
 */
export function sameCarets(a: readonly RemoteCaret[], b: readonly RemoteCaret[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((caret, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      caret.clientId === other.clientId &&
      caret.start === other.start &&
      caret.end === other.end &&
      caret.name === other.name &&
      caret.color === other.color
    );
  });
}

/** The field's box and text styles, so that the layer's text wraps exactly as the field's does. */
const COPIED = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'lineHeight',
  'letterSpacing',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'boxSizing',
] as const;

/**
 * The others' carets and selections drawn over a text field, each in its person's colour with their
 * name: a layer over the field holding the same text, transparent, laid out as the field lays it
 * out, in which only the marks are visible. It never takes a click or a keystroke.
 */
export function RemoteCarets({
  field,
  text,
  carets,
}: {
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  text: string;
  carets: readonly RemoteCaret[];
}) {
  const layer = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = field.current;
    const box = layer.current;
    // Nobody else here: nothing to lay out (and no style read on each keystroke).
    if (!node || !box || carets.length === 0) return;
    const style = getComputedStyle(node);
    for (const name of COPIED) box.style[name] = style[name];
    box.style.top = `${node.offsetTop}px`;
    box.style.left = `${node.offsetLeft}px`;
    box.style.width = `${node.offsetWidth}px`;
    box.style.height = `${node.offsetHeight}px`;
    box.style.whiteSpace = node instanceof HTMLTextAreaElement ? 'pre-wrap' : 'pre';
    // A one-line field scrolled sideways: the layer's text moves with it.
    box.style.textIndent = node instanceof HTMLInputElement ? `${-node.scrollLeft}px` : style.textIndent;
  });
  if (carets.length === 0) return <div ref={layer} className="remote-carets" hidden />;
  return (
    <div ref={layer} className="remote-carets" aria-hidden="true">
      {carets.map((caret) => {
        const start = Math.max(0, Math.min(caret.start, caret.end, text.length));
        const end = Math.min(text.length, Math.max(caret.start, caret.end));
        return (
          <div key={caret.clientId} className="remote-caret-layer">
            {text.slice(0, start)}
            {end > start ? (
              <span className="remote-selection" style={{ background: `${caret.color}33` }}>
                {text.slice(start, end)}
              </span>
            ) : null}
            <span className="remote-caret" style={{ borderColor: caret.color }} data-testid="remote-caret">
              <span className="remote-caret-name" style={{ background: caret.color }}>
                {caret.name}
              </span>
            </span>
            {text.slice(end)}
          </div>
        );
      })}
    </div>
  );
}

/** The boxes of the value range `[start, end)` of a rich-text field, relative to `origin`. */
function rangeBoxes(field: HTMLElement, origin: DOMRect, start: number, end: number): DOMRect[] {
  const range = field.ownerDocument.createRange();
  const from = domPointAt(field, start);
  const to = end === start ? from : domPointAt(field, end);
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  const boxes = Array.from(range.getClientRects()).filter((box) => box.width > 0 || start === end);
  const shift = (box: DOMRect) =>
    new DOMRect(box.left - origin.left, box.top - origin.top, box.width, box.height);
  if (boxes.length > 0) return boxes.map(shift);
  // An empty line has no box of its own: the caret goes to the field's first line.
  const own = field.getBoundingClientRect();
  const lineHeight = Number.parseFloat(getComputedStyle(field).lineHeight) || 20;
  const padding = Number.parseFloat(getComputedStyle(field).paddingTop) || 0;
  const left = Number.parseFloat(getComputedStyle(field).paddingLeft) || 0;
  return [new DOMRect(own.left - origin.left + left, own.top - origin.top + padding, 0, lineHeight)];
}

/**
 * The others' carets and selections drawn over a rich-text field (a contenteditable), each in its
 * person's colour with their name: boxes placed where the browser lays out the characters, in a
 * layer that never takes a click or a keystroke. Drawn again whenever the text (`shown`) or the
 * carets change and when the field's size changes.
 */
export function RichRemoteCarets({
  field,
  carets,
  shown,
}: {
  field: RefObject<HTMLElement | null>;
  /** In the field's value offsets. */
  carets: readonly RemoteCaret[];
  /** The text the field shows (a change draws again). */
  shown: string;
}) {
  const layer = useRef<HTMLDivElement>(null);
  // After layout effects: the field's editing hook (its parent's) writes the new text into the DOM
  // in one, after this component's own would run.
  useEffect(() => {
    const node = field.current;
    const box = layer.current;
    if (!node || !box) return;
    const draw = () => {
      box.replaceChildren();
      const parent = box.offsetParent ?? box.parentElement;
      if (!parent) return;
      const origin = parent.getBoundingClientRect();
      for (const caret of carets) {
        const start = Math.min(caret.start, caret.end);
        const end = Math.max(caret.start, caret.end);
        const mark = document.createElement('div');
        mark.className = 'rich-remote-caret';
        mark.dataset.name = caret.name;
        if (end > start) {
          const from = domPointAt(node, start);
          const to = domPointAt(node, end);
          const selected = node.ownerDocument.createRange();
          selected.setStart(from.node, from.offset);
          selected.setEnd(to.node, to.offset);
          mark.dataset.selectedText = selected.toString().replace(/\ufeff/g, '');
          for (const rect of rangeBoxes(node, origin, start, end)) {
            const part = document.createElement('div');
            part.className = 'remote-selection';
            part.style.cssText = `left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px;background:${caret.color}33`;
            mark.append(part);
          }
        }
        const [at] = rangeBoxes(node, origin, end, end);
        if (at) {
          const line = document.createElement('div');
          line.className = 'remote-caret';
          line.dataset.testid = 'remote-caret';
          line.style.cssText = `left:${at.left - 1}px;top:${at.top}px;height:${at.height}px;border-color:${caret.color}`;
          const name = document.createElement('span');
          name.className = 'remote-caret-name';
          name.style.background = caret.color;
          name.textContent = caret.name;
          line.append(name);
          mark.append(line);
        }
        box.append(mark);
        // A caret at the end of a line would hang its name past the block's right border: the name
        // then hangs to the caret's left instead.
        const name = mark.querySelector<HTMLElement>('.remote-caret-name');
        if (name && name.getBoundingClientRect().right > origin.right) name.classList.add('is-flipped');
      }
    };
    draw();
    if (carets.length === 0 || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(draw);
    observer.observe(node);
    return () => observer.disconnect();
  }, [field, carets, shown]);
  return <div ref={layer} className="rich-remote-carets" aria-hidden="true" />;
}

/** The others' carets in the post's fields (`content` in offsets of the whole content). */
export function remoteCaretsByField(
  peers: readonly Peer[],
): Record<'title' | 'content' | 'excerpt', RemoteCaret[]> {
  const carets: Record<'title' | 'content' | 'excerpt', RemoteCaret[]> = {
    title: [],
    content: [],
    excerpt: [],
  };
  for (const peer of peers) {
    const { field, selection } = peer;
    if (selection === undefined || (field !== 'title' && field !== 'content' && field !== 'excerpt'))
      continue;
    carets[field].push({
      clientId: peer.clientId,
      name: peer.user.name,
      color: peer.user.color,
      start: selection.start,
      end: selection.end,
    });
  }
  return carets;
}
