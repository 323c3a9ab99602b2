import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Peer } from 'wp-entities/sync';

/** Another person's caret or selection in a text field, in that field's offsets. */
export interface RemoteCaret {
  /** Their awareness client id. */
  readonly clientId: number;
  readonly name: string;
  readonly color: string;
  readonly start: number;
  readonly end: number;
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
