// @vitest-environment jsdom
import { act, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { selectIn } from '../../examples/editor/src/text/domOffsets.js';
import { holdKeystroke, writeHeldKeystroke } from '../../examples/editor/src/text/heldKeystroke.js';
import type { SharedPlace } from '../../examples/editor/src/text/heldSelection.js';
import { RichTextField, type RichTextHandle } from '../../examples/editor/src/text/RichTextField.js';
import { changedRegion, rebaseChange } from '../../examples/editor/src/text/textChange.js';
import './richTextInJsdom.js';

const roots: Root[] = [];
afterEach(() => {
  writeHeldKeystroke(window);
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** The first task after the next animation frame. */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

describe('a keystroke held until its frame is painted (heldKeystroke.ts)', () => {
  it('is written in the first task after the next frame, not inside the event that held it', async () => {
    const writes: string[] = [];
    holdKeystroke(window, () => writes.push('a'));
    await Promise.resolve();
    expect(writes).toEqual([]);
    await afterNextFrame();
    expect(writes).toEqual(['a']);
    // Once only.
    writeHeldKeystroke(window);
    await afterNextFrame();
    expect(writes).toEqual(['a']);
  });

  it('is written before anyone hears the next key, input, pointer press, paste, focus change or the page going', () => {
    const target = document.createElement('div');
    document.body.append(target);
    const cases: [EventTarget, Event][] = [
      [target, new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })],
      [target, new InputEvent('beforeinput', { inputType: 'insertText', data: 'x', bubbles: true })],
      [target, new Event('compositionstart', { bubbles: true })],
      [target, new Event('paste', { bubbles: true })],
      [target, new Event('cut', { bubbles: true })],
      [target, new Event('drop', { bubbles: true })],
      [target, new Event('pointerdown', { bubbles: true })],
      [target, new FocusEvent('focusout', { bubbles: true })],
      [window, new Event('beforeunload')],
      [window, new Event('pagehide')],
      [document, new Event('visibilitychange')],
    ];
    for (const [at, event] of cases) {
      const writes: string[] = [];
      let writtenWhenHeard: string[] | undefined;
      const listener = () => {
        writtenWhenHeard = [...writes];
      };
      // A listener on the target itself, at its capture phase: still after the window's.
      at.addEventListener(event.type, listener, true);
      holdKeystroke(window, () => writes.push('held'));
      at.dispatchEvent(event);
      at.removeEventListener(event.type, listener, true);
      expect({ event: event.type, writtenWhenHeard }).toEqual({
        event: event.type,
        writtenWhenHeard: ['held'],
      });
    }
  });

  it('writes the keystroke held before when another is held, so they are written in order', () => {
    const writes: string[] = [];
    holdKeystroke(window, () => writes.push('first'));
    holdKeystroke(window, () => writes.push('second'));
    expect(writes).toEqual(['first']);
    writeHeldKeystroke(window);
    expect(writes).toEqual(['first', 'second']);
  });

  it('is written within a tenth of a second when no frame comes (a hidden page draws none)', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const writes: string[] = [];
    holdKeystroke(window, () => writes.push('a'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(writes).toEqual(['a']);
  });
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
  // The binding: a peer's change is read into the store at once; the field renders it later.
  doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (transaction.local) return;
    store.text = text.toString();
    render();
  });
  act(() => render());
  const element = container.querySelector('[role="textbox"]') as HTMLDivElement;
  return { doc, text, store, writes, element, handle: () => handleRef.current as RichTextHandle };
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

describe('a held keystroke when someone else changes the block first', () => {
  for (const [where, change, expected, caret] of [
    ['before the caret', (text: Y.Text) => text.insert(0, 'Oh, '), 'Oh, helloX world', 10],
    ['right at the caret', (text: Y.Text) => text.insert(5, '!!'), 'helloX!! world', 6],
    ['after the caret', (text: Y.Text) => text.delete(6, 5), 'helloX ', 6],
  ] as const) {
    it(`is written on top of their change ${where}, before the field shows it, and the caret stays after it`, async () => {
      const field = mountSharedField('hello world');
      act(() => {
        field.element.focus();
        selectIn(field.element, 5);
        document.dispatchEvent(new Event('selectionchange'));
      });
      await new Promise((resolve) => setTimeout(resolve, 0));
      typeAsBrowser(field.element, 'X');
      // Held: shown, not written.
      expect(field.element.textContent).toBe('helloX world');
      expect(field.writes).toEqual([]);
      peerChange(field.doc, change);
      // Written as their change was read into the post, made from the text it was typed into.
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
