// @vitest-environment jsdom
import { toggleFormat } from '@wordpress/rich-text';
import fc from 'fast-check';
import { act, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { domPointAt, selectIn } from '../../examples/editor/src/text/domOffsets.js';
import {
  typedTextOf,
  valueAfterTyping,
  type FieldValue,
} from '../../examples/editor/src/text/plainTyping.js';
import { RichTextField, type RichTextHandle } from '../../examples/editor/src/text/RichTextField.js';
import { sameFormats } from '../../examples/editor/src/text/richValue.js';
import './richTextInJsdom.js';

/** The properties' seed: fixed, so a run is repeatable; `FC_SEED=n` tries another. */
const PROPERTY_SEED = process.env.FC_SEED === undefined ? 20261127 : Number(process.env.FC_SEED);

/** A mounted rich-text field, as a block shows it. */
interface Field {
  element: HTMLDivElement;
  handle: RichTextHandle;
  /** The texts the field wrote, one list per change. */
  writes: string[][];
  /** Inputs that reached the page past the window's capture phase (rich text's own handling). */
  inputsHandedOn: number;
  unmount(): void;
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
});

function mountField(text: string, takesPlainTyping: boolean): Field {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  const handleRef = createRef<RichTextHandle>();
  const writes: string[][] = [];
  const field = { writes, inputsHandedOn: 0 } as Field;
  const render = (current: string) =>
    root.render(
      <RichTextField
        text={current}
        hasLines={false}
        label="Paragraph"
        className="text-block"
        placeholder="Start writing…"
        disabled={false}
        onChange={(texts) => {
          writes.push([...texts]);
          // As the editor does: the store takes the text and the block shows it.
          render(texts[texts.length - 1] as string);
        }}
        onKeyDown={() => undefined}
        onBlur={() => undefined}
        handleRef={handleRef}
        remoteCarets={[]}
        sharedPlace={undefined}
        takesPlainTyping={takesPlainTyping}
      />,
    );
  act(() => render(text));
  const element = container.querySelector('[role="textbox"]') as HTMLDivElement;
  element.addEventListener('input', () => field.inputsHandedOn++);
  field.element = element;
  field.handle = handleRef.current as RichTextHandle;
  field.unmount = () => {
    act(() => root.unmount());
    roots.splice(roots.indexOf(root), 1);
    container.remove();
  };
  return field;
}

/**
 * The next task: what a browser runs between two events (the page's microtasks, among them the
 * mutation records a field's observer is handed, so a keystroke's records are its own).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Focuses the field with its caret at `offset`, and lets rich text read the selection (as at keydown). */
async function placeCaret(field: Field, offset: number): Promise<void> {
  act(() => {
    field.element.focus();
    selectIn(field.element, offset);
    document.dispatchEvent(new Event('selectionchange'));
  });
  await nextTask();
}

/**
 * Types `data` as Chromium does at a collapsed caret: into the caret's text node, the caret after
 * it (or, at a caret between elements, in a new text node there), then the `input` event; and
 * waits for the next task.
 */
async function typeAsBrowser(field: Field, data: string): Promise<void> {
  act(() => {
    const selection = document.getSelection() as Selection;
    const node = selection.anchorNode as Node;
    const offset = selection.anchorOffset;
    if (node.nodeType === Node.TEXT_NODE) {
      (node as Text).insertData(offset, data);
      selection.collapse(node, offset + data.length);
    } else {
      const text = document.createTextNode(data);
      node.insertBefore(text, node.childNodes[offset] ?? null);
      selection.collapse(text, data.length);
    }
    field.element.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data, bubbles: true }));
  });
  await nextTask();
}

/** Applies a format at the caret with nothing selected: it waits for the next typed character. */
async function pressBold(field: Field): Promise<void> {
  act(() => field.handle.change(toggleFormat(field.handle.value(), { type: 'strong' })));
  await nextTask();
}

/** A field's value, comparable: formats by type and attributes (no list and `[]` alike). */
function comparable(value: FieldValue) {
  const length = value.text.length;
  const formats = Array.from({ length }, (_, i) =>
    (value.formats[i] ?? []).map((format) => [format.type, format.attributes ?? {}]),
  );
  const replacements = Array.from({ length }, (_, i) => value.replacements[i] ?? null);
  return {
    text: value.text,
    formats,
    replacements,
    start: value.start,
    end: value.end,
    activeFormats: (value.activeFormats ?? []).map((format) => [format.type, format.attributes ?? {}]),
  };
}

const piece = fc.record({
  text: fc.constantFrom('a', 'bc', 'de f', ' ', '&', 'é', 'x<y', '😀'),
  tags: fc.subarray(['strong', 'em', 'code', 'a'] as const),
});

/** Inline HTML of pieces, each in its formats (a link with an address). */
function htmlOf(pieces: readonly { text: string; tags: readonly string[] }[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return pieces
    .map(({ text, tags }) =>
      tags.reduceRight(
        (inner, tag) => (tag === 'a' ? `<a href="https://x.org/">${inner}</a>` : `<${tag}>${inner}</${tag}>`),
        escape(text),
      ),
    )
    .join('');
}

/** What a field shows and holds after a keystroke. */
interface FieldState {
  value: ReturnType<typeof comparable>;
  html: string;
  writes: string[][];
}

/**
 * Mounts a field with `html`, puts the caret at `caretSeed` (modulo its length), presses bold
 * there when asked, and types `typed` one input at a time: the field's state after each, and how
 * many inputs the field took in itself.
 */
async function typeInField(
  html: string,
  caretSeed: number,
  pendingBold: boolean,
  typed: readonly string[],
  takesPlainTyping: boolean,
): Promise<{ states: FieldState[]; taken: number }> {
  const field = mountField(html, takesPlainTyping);
  try {
    await placeCaret(field, caretSeed % (field.handle.value().text.length + 1));
    // A format waiting to apply at the caret (bold pressed, nothing typed yet).
    if (pendingBold) await pressBold(field);
    const states: FieldState[] = [];
    let taken = 0;
    for (const data of typed) {
      const handedOn = field.inputsHandedOn;
      await typeAsBrowser(field, data);
      if (field.inputsHandedOn === handedOn) taken++;
      states.push({
        value: comparable(field.handle.value()),
        html: field.element.innerHTML,
        writes: field.writes.map((texts) => [...texts]),
      });
    }
    return { states, taken };
  } finally {
    field.unmount();
  }
}

describe('plain typing in a rich-text field (the fast path of a keystroke)', () => {
  it('gives exactly the value, DOM and written text of rich text\u2019s own handling, for random text, carets, formats and characters', async () => {
    let taken = 0;
    let keys = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.boolean(),
        fc.array(fc.constantFrom('x', ' ', '&', '<', 'é', '😀', 'ab'), { minLength: 1, maxLength: 4 }),
        async (pieces, caretSeed, pendingBold, typed) => {
          const html = htmlOf(pieces);
          const fast = await typeInField(html, caretSeed, pendingBold, typed, true);
          const full = await typeInField(html, caretSeed, pendingBold, typed, false);
          keys += typed.length;
          taken += fast.taken;
          expect(full.taken).toBe(0);
          expect(fast.states).toEqual(full.states);
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 120 },
    );
    // The comparison means something only if the fast path took a good share of the keystrokes.
    expect(taken).toBeGreaterThan(keys / 4);
    expect(taken).toBeLessThan(keys);
  }, 120_000);

  it('takes a character typed in the middle of bold text, keeping it bold, and writes the block once', async () => {
    const field = mountField('one <strong>two</strong> three', true);
    await placeCaret(field, 5);
    await typeAsBrowser(field, 'X');
    expect(field.inputsHandedOn).toBe(0);
    expect(field.writes).toEqual([['one <strong>tXwo</strong> three']]);
    const value = field.handle.value() as FieldValue;
    expect(value.start).toBe(6);
    expect(value.formats[5]?.map((format) => format.type)).toEqual(['strong']);
    expect(field.element.textContent).toBe('one tXwo three');
    expect(field.element.querySelector('strong')?.textContent).toBe('tXwo');
  });

  it('leaves to rich text a character typed with a format waiting to apply, at a format\u2019s edge, or in an empty field', async () => {
    const pending = mountField('plain words', true);
    await placeCaret(pending, 5);
    await pressBold(pending);
    await typeAsBrowser(pending, 'X');
    expect(pending.inputsHandedOn).toBe(1);
    expect(pending.writes.at(-1)).toEqual(['plain<strong>X</strong> words']);

    const edge = mountField('<em>ab</em>cd', true);
    await placeCaret(edge, 2);
    await typeAsBrowser(edge, 'X');
    expect(edge.inputsHandedOn).toBe(1);

    const empty = mountField('', true);
    await placeCaret(empty, 0);
    await typeAsBrowser(empty, 'X');
    expect(empty.inputsHandedOn).toBe(1);
    expect(empty.writes).toEqual([['X']]);
  });

  it('reads only a one-node insertion right after the caret\u2019s character: not a composition, a line break, two changes', () => {
    const root = document.createElement('div');
    root.innerHTML = 'abc';
    document.body.append(root);
    const node = root.firstChild as Text;
    const observer = new MutationObserver(() => undefined);
    observer.observe(root, {
      subtree: true,
      characterData: true,
      characterDataOldValue: true,
      childList: true,
    });
    node.insertData(2, 'X');
    document.getSelection()?.collapse(node, 3);
    const records = observer.takeRecords();
    const input = (init: InputEventInit) =>
      new InputEvent('input', { inputType: 'insertText', data: 'X', ...init });
    expect(typedTextOf(input({}), records, root)).toEqual({ node, offset: 2, data: 'X' });
    expect(typedTextOf(input({ isComposing: true }), records, root)).toBeUndefined();
    expect(typedTextOf(input({ inputType: 'insertCompositionText' }), records, root)).toBeUndefined();
    expect(typedTextOf(input({ data: '\n' }), records, root)).toBeUndefined();
    expect(typedTextOf(input({}), [...records, ...records], root)).toBeUndefined();
    // The caret elsewhere than right after the typed text.
    document.getSelection()?.collapse(node, 1);
    expect(typedTextOf(input({}), records, root)).toBeUndefined();
    // The value's caret must be where the browser typed: a value that disagrees is refused.
    document.getSelection()?.collapse(node, 3);
    const typed = typedTextOf(input({}), records, root);
    expect(typed).toBeDefined();
    const value: FieldValue = { text: 'abc', formats: [], replacements: [], start: 1, end: 1 };
    if (typed) {
      expect(valueAfterTyping(value, root, typed)).toBeUndefined();
      expect(valueAfterTyping({ ...value, start: 2, end: 2 }, root, typed)?.text).toBe('abXc');
    }
    expect(domPointAt(root, 2)).toEqual({ node, offset: 2 });

    // Text that repeats: the characters around the caret agree at another offset too; only the
    // caret's place in the field tells them apart.
    root.innerHTML = 'aa<em>aa</em>';
    const first = root.firstChild as Text;
    observer.takeRecords();
    first.insertData(1, 'X');
    document.getSelection()?.collapse(first, 2);
    const inRepeat = typedTextOf(input({}), observer.takeRecords(), root);
    expect(inRepeat).toEqual({ node: first, offset: 1, data: 'X' });
    const repeated: FieldValue = { text: 'aaaa', formats: [], replacements: [], start: 3, end: 3 };
    if (inRepeat) {
      expect(valueAfterTyping(repeated, root, inRepeat)).toBeUndefined();
      expect(valueAfterTyping({ ...repeated, start: 1, end: 1 }, root, inRepeat)?.text).toBe('aXaaa');
    }
    expect(sameFormats(undefined, [])).toBe(true);
  });
});
