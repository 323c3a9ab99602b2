// @vitest-environment jsdom
/**
 * A keystroke in a rich-text field is written inside its own `input` event, made from the text the
 * field showed (`basedOn`): when someone else's change reached the block after the field rendered,
 * the owner puts the keystroke on top of it, and nobody's characters are lost.
 */
import { act, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { selectIn } from '../../examples/editor/src/text/domOffsets.js';
import type { SharedPlace } from '../../examples/editor/src/text/heldSelection.js';
import { RichTextField, type RichTextHandle } from '../../examples/editor/src/text/RichTextField.js';
import { changedRegion, rebaseChange } from '../../examples/editor/src/text/textChange.js';
import './richTextInJsdom.js';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
});

/** A block's text that is also the whole shared content (offsets are the same). */
function wholeTextPlace(text: Y.Text): SharedPlace {
  return {
    sharedText: () => text,
    toShared: (content, blockText, local) => (content === blockText ? local : undefined),
    fromShared: (content, offset) => ({ local: offset, blockText: content }),
  };
}

/** Writes `next` into `text` as the smallest change from what it holds (as the record binding does). */
function writeInto(text: Y.Text, next: string): void {
  const region = changedRegion(text.toString(), next);
  if (!region) return;
  text.doc?.transact(() => {
    text.delete(region.start, region.endBefore - region.start);
    text.insert(region.start, next.slice(region.start, region.endAfter));
  });
}

/**
 * A rich-text field on a post whose content is one shared text: the "store" takes the field's
 * writes on top of what it holds (as the block editor does) and reads peers' changes from the
 * document before anything renders (as the record binding does).
 */
function mountSharedField(initial: string) {
  const doc = new Y.Doc();
  const text = doc.getText('content');
  text.insert(0, initial);
  const store = { text: initial };
  const writes: { texts: string[]; basedOn: string; storeWhenWritten: string }[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  const handleRef = createRef<RichTextHandle>();
  const place = wholeTextPlace(text);
  const render = () =>
    root.render(
      <RichTextField
        text={store.text}
        hasLines={false}
        label="Paragraph"
        className="text-block"
        placeholder="Start writing…"
        disabled={false}
        onChange={(texts, _isFormatting, basedOn) => {
          writes.push({ texts: [...texts], basedOn, storeWhenWritten: store.text });
          const last = texts[texts.length - 1] as string;
          store.text = rebaseChange(basedOn, last, store.text);
          writeInto(text, store.text);
          render();
        }}
        onKeyDown={() => undefined}
        onBlur={() => undefined}
        handleRef={handleRef}
        remoteCarets={[]}
        sharedPlace={place}
      />,
    );
  // The binding: a peer's change is read into the store at once; the field renders it when React
  // gets to it (`rendersPeers: false`: not before the next keystroke).
  const options = { rendersPeers: true };
  doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (transaction.local) return;
    store.text = text.toString();
    if (options.rendersPeers) render();
  });
  act(() => render());
  const element = container.querySelector('[role="textbox"]') as HTMLDivElement;
  return { doc, text, store, writes, element, options, handle: () => handleRef.current as RichTextHandle };
}

/** Types `data` as Chromium does into the caret's text node, then the `input` event; nothing more. */
function typeAsBrowser(element: HTMLElement, data: string): void {
  act(() => {
    const selection = document.getSelection() as Selection;
    const node = selection.anchorNode as Text;
    const offset = selection.anchorOffset;
    node.insertData(offset, data);
    selection.collapse(node, offset + data.length);
    element.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data, bubbles: true }));
  });
}

/** A peer's change of the shared text, made on a copy of the document and applied as a peer's update. */
function peerChange(doc: Y.Doc, change: (text: Y.Text) => void): void {
  const peer = new Y.Doc();
  Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc));
  change(peer.getText('content'));
  act(() => Y.applyUpdate(doc, Y.encodeStateAsUpdate(peer, Y.encodeStateVector(doc)), 'peer'));
}

async function focusAt(element: HTMLElement, offset: number): Promise<void> {
  act(() => {
    element.focus();
    selectIn(element, offset);
    document.dispatchEvent(new Event('selectionchange'));
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('a keystroke in a rich-text field', () => {
  it('is written inside its input event, once, made from the text shown', async () => {
    const field = mountSharedField('hello world');
    await focusAt(field.element, 5);
    typeAsBrowser(field.element, 'X');
    expect(field.writes).toEqual([
      { texts: ['helloX world'], basedOn: 'hello world', storeWhenWritten: 'hello world' },
    ]);
    expect(field.text.toString()).toBe('helloX world');
  });

  for (const [where, change, expected, caret] of [
    ['before the caret', (text: Y.Text) => text.insert(0, 'Oh, '), 'Oh, helloX world', 10],
    ['right at the caret', (text: Y.Text) => text.insert(5, '!!'), 'helloX!! world', 6],
    ['after the caret', (text: Y.Text) => text.delete(6, 5), 'helloX ', 6],
  ] as const) {
    it(`typed after someone else's change ${where} reached the block, not yet shown, goes on top of it, the caret after it`, async () => {
      const field = mountSharedField('hello world');
      await focusAt(field.element, 5);
      field.options.rendersPeers = false;
      peerChange(field.doc, change);
      expect(field.element.textContent).toBe('hello world');
      typeAsBrowser(field.element, 'X');
      // Made from the text it was typed into, while the block already held their change.
      expect(field.writes).toHaveLength(1);
      expect(field.writes[0]?.basedOn).toBe('hello world');
      expect(field.writes[0]?.texts).toEqual(['helloX world']);
      expect(field.writes[0]?.storeWhenWritten).not.toBe('hello world');
      // Nobody's characters lost, in the document, the post and the field.
      expect(field.text.toString()).toBe(expected);
      expect(field.store.text).toBe(expected);
      expect(field.element.textContent).toBe(expected);
      expect(field.handle().value().start).toBe(caret);
      expect(field.handle().value().end).toBe(caret);
    });
  }
});
