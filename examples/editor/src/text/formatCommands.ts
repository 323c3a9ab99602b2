/**
 * The inline formats' commands and shortcuts, as the block editor has them: Ctrl/Cmd+B bold,
 * Ctrl/Cmd+I italic, Ctrl/Cmd+K link (Ctrl/Cmd+Shift+K removes it), and inline code on the
 * block editor's "access" key with X (Shift+Alt+X; Ctrl+Option+X on a Mac).
 *
 * @module
 */
import { applyFormat, getActiveFormat, insert, removeFormat, toggleFormat } from '@wordpress/rich-text';
import { FORMAT_TAGS, type InlineFormat, type RichTextValue } from './richValue.js';

/** What a key press asks for: a format to toggle, or removing a link. */
export type FormatShortcut = InlineFormat | 'unlink';

/** The format shortcut of a key press, or `undefined`. */
export function formatShortcutOf(event: {
  key: string;
  code?: string | undefined;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): FormatShortcut | undefined {
  const isX = event.code === 'KeyX' || event.key.toLowerCase() === 'x';
  const isAccess =
    (event.shiftKey && event.altKey && !event.ctrlKey && !event.metaKey) ||
    (event.ctrlKey && event.altKey && !event.shiftKey && !event.metaKey);
  if (isX && isAccess) return 'code';
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'k') return event.shiftKey ? 'unlink' : 'link';
  if (event.shiftKey) return undefined;
  if (key === 'b') return 'bold';
  if (key === 'i') return 'italic';
  return undefined;
}

/** A link to make: asks for its address first. */
export interface LinkRequest {
  readonly kind: 'link';
  /** Where the caret goes back to once the address is given (or not). */
  readonly caret: number;
  /** The value with the link to `href` (on the selection; an empty selection gets the address as its text). */
  apply(href: string): RichTextValue;
}

/**
 * A link address as written: `https://` is added to a bare domain (`wordpress.org`); a script or
 * data address is refused (`undefined`), as it would run in readers' browsers.
 */
export function linkAddressOf(input: string): string | undefined {
  const href = input.trim();
  if (href === '') return undefined;
  if (/^\s*(javascript|data|vbscript):/i.test(href)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || /^[/#?.]/.test(href)) return href;
  return /^[^\s/]+\.[^\s/]+/.test(href) ? `https://${href}` : href;
}

/** Removes the link at the selection (the whole link when the selection is empty). */
export function removeLink(value: RichTextValue): RichTextValue {
  return getActiveFormat(value, FORMAT_TAGS.link) ? removeFormat(value, FORMAT_TAGS.link) : value;
}

/**
 * Toggles `format` at the selection of `value`: the new value, or for a link not there yet, a
 * {@link LinkRequest} (its address is asked first); a link there is removed.
 */
export function toggleInlineFormat(value: RichTextValue, format: InlineFormat): RichTextValue | LinkRequest {
  if (format !== 'link') return toggleFormat(value, { type: FORMAT_TAGS[format] });
  if (getActiveFormat(value, FORMAT_TAGS.link)) return removeLink(value);
  const { start, end } = value;
  return {
    kind: 'link',
    caret: end,
    apply(input) {
      const href = linkAddressOf(input);
      if (href === undefined) return value;
      const link = { type: FORMAT_TAGS.link, attributes: { href } };
      if (start !== end) return applyFormat(value, link);
      const inserted = insert(value, href);
      return applyFormat(inserted, link, start, start + href.length);
    },
  };
}

/** Whether a toggle's result is a {@link LinkRequest}. */
export function isLinkRequest(result: RichTextValue | LinkRequest): result is LinkRequest {
  return (result as LinkRequest).kind === 'link';
}
