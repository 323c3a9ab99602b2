// @vitest-environment jsdom
import { applyFormat, insert, remove, slice, toggleFormat } from '@wordpress/rich-text';
import {
  blocksOf,
  joinInlineHtml,
  mergeWithPrevious,
  splitBlock,
} from '../../examples/editor/src/post/blocks/blockEdits.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlOffsetAt, isMapOf, mapHtml, richOffsetAt } from '../../examples/editor/src/text/htmlOffsets.js';
import { changedCharacters, htmlSteps, nextBlockHtml } from '../../examples/editor/src/text/richEdit.js';
import { htmlOf, parseRich, type RichTextValue } from '../../examples/editor/src/text/richValue.js';
import {
  formatShortcutOf,
  linkAddressOf,
  toggleInlineFormat,
  isLinkRequest,
} from '../../examples/editor/src/text/formatCommands.js';
import * as Y from 'yjs';
import { applyTextValue, diffText } from '../../src/sync/shared/textDiff.js';

/** The properties' seed: fixed, so a run is repeatable; `FC_SEED=n` tries another. */
const PROPERTY_SEED = process.env.FC_SEED === undefined ? 20261127 : Number(process.env.FC_SEED);

const at = (value: RichTextValue, start: number, end = start): RichTextValue => ({ ...value, start, end });

/** The one replacement the shared text gets when `before` becomes `after` (as the sync layer writes it). */
function sharedEdit(before: string, after: string) {
  return diffText(before, after);
}

describe('rich text: HTML offset ↔ rich-text offset', () => {
  const html =
    'Go <em>in the</em> <strong>field</strong> &amp; <a href="https://x.org/?a=1&amp;b=2">see</a><br>ok';

  it('reads the characters as rich text does (tags none, an entity one, <br> a line break)', () => {
    const map = mapHtml(html);
    expect(map.text).toBe(parseRich(html).text);
    expect(map.text).toBe('Go in the field & see\nok');
    expect(isMapOf(map, parseRich(html).text)).toBe(true);
  });

  it('maps each character to where it is written, on either side of the tags between two', () => {
    const map = mapHtml(html);
    // Offset 3 ("|in"): before the tags is right after "Go ", after the tags inside <em>.
    expect(html.slice(0, htmlOffsetAt(map, 3, 'before-tags'))).toBe('Go ');
    expect(html.slice(0, htmlOffsetAt(map, 3, 'after-tags'))).toBe('Go <em>');
    // Offset 9 ("the|"): before the tags is inside </em>, after them past it.
    expect(html.slice(0, htmlOffsetAt(map, 9, 'before-tags'))).toBe('Go <em>in the');
    expect(html.slice(0, htmlOffsetAt(map, 9, 'after-tags'))).toBe('Go <em>in the</em>');
    // "&amp;" is one character: the offsets after it skip the whole entity.
    const amp = map.text.indexOf('&');
    expect(html.slice(htmlOffsetAt(map, amp, 'after-tags'), htmlOffsetAt(map, amp + 1, 'before-tags'))).toBe(
      '&amp;',
    );
    expect(htmlOffsetAt(map, 0, 'before-tags')).toBe(0);
    expect(htmlOffsetAt(map, map.text.length, 'after-tags')).toBe(html.length);
  });

  it('maps an HTML offset back to the characters written wholly before it (inside a tag or an entity: before it)', () => {
    const map = mapHtml(html);
    for (let offset = 0; offset <= map.text.length; offset++) {
      expect(richOffsetAt(map, htmlOffsetAt(map, offset, 'before-tags'))).toBe(offset);
      expect(richOffsetAt(map, htmlOffsetAt(map, offset, 'after-tags'))).toBe(offset);
    }
    expect(richOffsetAt(map, html.indexOf('<em>') + 2)).toBe(3);
    expect(richOffsetAt(map, html.indexOf('&amp;') + 2)).toBe(map.text.indexOf('&'));
  });

  it('counts a list line (\\n), a comment and an image as one character each', () => {
    const map = mapHtml('a\nb<!-- x --><img src="i.png">c');
    expect(map.text).toBe('a\nb\ufffc\ufffcc');
  });

  it('says when it reads HTML differently from rich text (an entity it does not know)', () => {
    const handWritten = 'wait&hellip; for it';
    expect(isMapOf(mapHtml(handWritten), parseRich(handWritten).text)).toBe(false);
  });

  it('agrees with rich text on generated inline HTML (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom('a', 'b', ' ', '&', '<', 'é', '😀'),
      fc.constantFrom(
        '<strong>x</strong>',
        '<em>y z</em>',
        '<code>c</code>',
        '<a href="u?a=1&amp;b">l</a>',
        '<br>',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const html = htmlOf(
          parseRich(
            // A "<" typed as text is escaped as rich text writes it: a "<" joined to the letters
            // after it would be a broken tag (`<a <br>`), which no typing produces.
            pieces
              .map((part) => (part === '<' ? '&lt;' : part))
              .join('')
              .replace(/&(?!amp;|lt;)/g, '&amp;'),
          ),
        );
        const map = mapHtml(html);
        expect(map.text).toBe(parseRich(html).text);
      }),
      { numRuns: 200, seed: PROPERTY_SEED },
    );
  });
});

describe('rich text: the smallest edit of the block HTML', () => {
  it('typing is an insertion of the typed characters at the caret, in the formatting they have', () => {
    const html = 'Hello <strong>bold</strong> world';
    // Typed at the end of the bold word, bold; then after it, not bold.
    const next = nextBlockHtml(html, parseRich('Hello <strong>bolder</strong> world'));
    expect(next).toBe('Hello <strong>bolder</strong> world');
    expect(sharedEdit(html, next)).toEqual({ index: 18, deleteCount: 0, insert: 'er' });
    const plain = nextBlockHtml(html, parseRich('Hello <strong>bold</strong>er world'));
    expect(plain).toBe('Hello <strong>bold</strong>er world');
  });

  it('keeps hand-written markup (<b>, single quotes, entities) outside the edit, instead of rewriting the block', () => {
    const html = "Say <b>hi</b> to <a href='https://x.org' class=c>them</a>&#8217;s &nbsp;team";
    const value = parseRich(html);
    const end = value.text.length;
    const typed = insert(at(value, end), '!');
    const next = nextBlockHtml(html, typed);
    expect(next).toBe(`${html}!`);
    // Deleting the "h" of "hi" deletes exactly that character.
    const deleted = remove(at(value, 4, 5), 4, 5);
    const afterDelete = nextBlockHtml(html, deleted);
    expect(afterDelete).toBe("Say <b>i</b> to <a href='https://x.org' class=c>them</a>&#8217;s &nbsp;team");
    expect(sharedEdit(html, afterDelete)).toEqual({ index: 7, deleteCount: 1, insert: '' });
  });

  it('deleting a whole formatted word takes its tags along', () => {
    const html = 'a <b>word</b> b';
    const value = parseRich(html);
    const next = nextBlockHtml(html, remove(value, 2, 6));
    expect(next).toBe('a  b');
  });

  it('falls back to the whole block written as rich text writes it when no smaller edit gives the same text', () => {
    const html = 'wait&hellip; for it';
    const value = parseRich(html);
    const next = nextBlockHtml(html, insert(at(value, value.text.length), '!'));
    expect(next).toBe('wait… for it!');
  });

  it('applying or removing a format only inserts or removes its tags (two writes, each pure)', () => {
    const before = 'one two three';
    const bolded = htmlOf(toggleFormat(at(parseRich(before), 4, 7), { type: 'strong' }));
    expect(bolded).toBe('one <strong>two</strong> three');
    const steps = htmlSteps(before, bolded);
    expect(steps).toEqual(['one two</strong> three', bolded]);
    expect(sharedEdit(before, steps[0] as string)).toEqual({ index: 7, deleteCount: 0, insert: '</strong>' });
    expect(sharedEdit(steps[0] as string, bolded)).toEqual({ index: 4, deleteCount: 0, insert: '<strong>' });
    // Halfway, the text reads as before (a closing tag alone is ignored).
    expect(parseRich(steps[0] as string).text).toBe('one two three');
    // Removing: the opening tag goes first, then the closing one.
    const removed = htmlSteps(bolded, before);
    expect(removed).toEqual(['one two</strong> three', before]);
  });

  it('a change that is not only tags is one write', () => {
    expect(htmlSteps('abc', 'abXc')).toEqual(['abXc']);
    // Tags around new text are not a format change of text that stays.
    expect(htmlSteps('ac', 'a<em>b</em>c')).toEqual(['a<em>b</em>c']);
    // The text inside the new tags must be whole tags around it, not a piece of a tag.
    expect(htmlSteps('abc', 'a<b>b</b>c')).toEqual(['ab</b>c', 'a<b>b</b>c']);
  });

  it('finds the changed characters, formats included', () => {
    const value = parseRich('ab');
    const bold = applyFormat(value, { type: 'strong' }, 1, 2);
    expect(changedCharacters(value, bold)).toEqual({ start: 1, endBefore: 2, endAfter: 2 });
    expect(changedCharacters(value, value)).toBeUndefined();
  });

  it('every edit gives exactly the rich text asked for (property: random typing and deleting in hand-written HTML)', () => {
    const html = "A <b>bold</b> and <em class='x'>soft</em> &amp; <code>code</code> end";
    fc.assert(
      fc.property(
        fc.nat(40),
        fc.nat(4),
        fc.constantFrom('', 'x', 'yz', ' ', '&'),
        (startSeed, lengthSeed, typed) => {
          const value = parseRich(html);
          const start = startSeed % (value.text.length + 1);
          const end = Math.min(value.text.length, start + lengthSeed);
          const edited = insert(at(value, start, end), typed);
          const next = nextBlockHtml(html, edited);
          expect(htmlOf(parseRich(next))).toBe(htmlOf(edited));
        },
      ),
      { numRuns: 300, seed: PROPERTY_SEED },
    );
  });
});

describe('rich text: formats and shortcuts', () => {
  const key = (
    k: string,
    mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
    code?: string,
  ) => ({
    key: k,
    code,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });

  it('knows the block editor shortcuts', () => {
    expect(formatShortcutOf(key('b', { ctrlKey: true }))).toBe('bold');
    expect(formatShortcutOf(key('b', { metaKey: true }))).toBe('bold');
    expect(formatShortcutOf(key('i', { ctrlKey: true }))).toBe('italic');
    expect(formatShortcutOf(key('k', { ctrlKey: true }))).toBe('link');
    expect(formatShortcutOf(key('K', { ctrlKey: true, shiftKey: true }))).toBe('unlink');
    expect(formatShortcutOf(key('X', { shiftKey: true, altKey: true }, 'KeyX'))).toBe('code');
    expect(formatShortcutOf(key('≈', { ctrlKey: true, altKey: true }, 'KeyX'))).toBe('code');
    expect(formatShortcutOf(key('z', { ctrlKey: true }))).toBeUndefined();
    expect(formatShortcutOf(key('b'))).toBeUndefined();
  });

  it('makes a link on the selection, or the address itself as a link at a caret; refuses a script address', () => {
    const value = at(parseRich('see here'), 4, 8);
    const request = toggleInlineFormat(value, 'link');
    expect(isLinkRequest(request)).toBe(true);
    if (!isLinkRequest(request)) return;
    expect(htmlOf(request.apply('wordpress.org'))).toBe('see <a href="https://wordpress.org">here</a>');
    expect(htmlOf(request.apply('javascript:alert(1)'))).toBe('see here');
    const atCaret = toggleInlineFormat(at(parseRich('go '), 3), 'link');
    if (!isLinkRequest(atCaret)) throw new Error('a link request');
    expect(htmlOf(atCaret.apply('https://x.org'))).toBe('go <a href="https://x.org">https://x.org</a>');
    // A link there is removed.
    const linked = at(parseRich('see <a href="https://x.org">here</a>'), 6);
    const unlinked = toggleInlineFormat(linked, 'link');
    expect(isLinkRequest(unlinked) ? undefined : htmlOf(unlinked)).toBe('see here');
    expect(linkAddressOf(' /about ')).toBe('/about');
    expect(linkAddressOf('mailto:a@b.org')).toBe('mailto:a@b.org');
  });

  it('writes bold, italic and code as WordPress does', () => {
    const value = at(parseRich('abc'), 0, 3);
    expect(htmlOf(toggleInlineFormat(value, 'bold') as RichTextValue)).toBe('<strong>abc</strong>');
    expect(htmlOf(toggleInlineFormat(value, 'italic') as RichTextValue)).toBe('<em>abc</em>');
    expect(htmlOf(toggleInlineFormat(value, 'code') as RichTextValue)).toBe('<code>abc</code>');
  });
});

describe('rich text: Enter and Backspace in formatted text', () => {
  const content =
    '<!-- wp:paragraph -->\n<p>Go <strong>boldly</strong> <em>now</em></p>\n<!-- /wp:paragraph -->';

  it('splits inside a bold word with the bold kept on both sides, and merges back to the same markup', () => {
    const value = at(parseRich('Go <strong>boldly</strong> <em>now</em>'), 5);
    const before = htmlOf(slice(value, 0, 5));
    const after = htmlOf(slice(value, 5, value.text.length));
    expect([before, after]).toEqual(['Go <strong>bo</strong>', '<strong>ldly</strong> <em>now</em>']);
    const split = splitBlock(
      content,
      0,
      { type: 'paragraph', text: 'Go <strong>boldly</strong> <em>now</em>' },
      before,
      after,
    );
    expect(blocksOf(split).map((block) => (block.kind === 'text' ? block.text : ''))).toEqual([
      before,
      after,
    ]);
    expect(mergeWithPrevious(split, 1)).toBe(content);
  });

  it('joins a format that ends one piece and starts the next, only when both are bare', () => {
    expect(joinInlineHtml('<em><strong>a</strong></em>', '<em><strong>b</strong></em>')).toBe(
      '<em><strong>ab</strong></em>',
    );
    expect(joinInlineHtml('<a href="x">a</a>', '<a href="y">b</a>')).toBe(
      '<a href="x">a</a><a href="y">b</a>',
    );
    expect(joinInlineHtml('<strong class="c">a</strong>', '<strong>b</strong>')).toBe(
      '<strong class="c">a</strong><strong>b</strong>',
    );
    expect(joinInlineHtml('a', 'b')).toBe('ab');
  });
});

describe('rich text: a format change merged with typing inside the formatted words', () => {
  /** Two shared texts in step; `mine` writes each HTML step as the sync layer does (common prefix and suffix). */
  function pair(html: string) {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.getText('t').insert(0, html);
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const exchange = () => {
      Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
      Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    };
    return { mine: a.getText('t'), theirs: b.getText('t'), exchange };
  }

  it('keeps what the other typed inside the words made bold at the same time, inside the bold', () => {
    const before = 'say one two three now';
    const { mine, theirs, exchange } = pair(before);
    const bolded = htmlOf(toggleFormat(at(parseRich(before), 4, 17), { type: 'strong' }));
    for (const step of htmlSteps(before, bolded)) applyTextValue(mine, step);
    // Meanwhile the other types inside "two".
    theirs.insert(before.indexOf('two') + 2, 'X');
    exchange();
    expect(mine.toString()).toBe(theirs.toString());
    expect(mine.toString()).toBe('say <strong>one twXo three</strong> now');
  });

  it('as one replacement (without the steps) the other’s letter would land outside the words', () => {
    const before = 'say one two three now';
    const { mine, theirs, exchange } = pair(before);
    const bolded = htmlOf(toggleFormat(at(parseRich(before), 4, 17), { type: 'strong' }));
    applyTextValue(mine, bolded);
    theirs.insert(before.indexOf('two') + 2, 'X');
    exchange();
    expect(mine.toString()).not.toContain('twXo');
  });
});
