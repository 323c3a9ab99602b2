import { memo, useEffect, useRef } from 'react';
import type { LinkRequest } from './formatCommands.js';
import { FORMAT_TAGS, type InlineFormat } from './richValue.js';

/** Whether the page runs on a Mac, where the shortcuts use ⌘ and Option (read once: it stays). */
let isMacPage: boolean | undefined;
function isMac(): boolean {
  isMacPage ??= typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return isMacPage;
}

const BUTTONS: ReadonlyArray<{
  format: InlineFormat;
  label: string;
  text: string;
  keys(mac: boolean): string;
  ariaKeys: string;
}> = [
  {
    format: 'bold',
    label: 'Bold',
    text: 'B',
    keys: (mac) => (mac ? '⌘B' : 'Ctrl+B'),
    ariaKeys: 'Control+B Meta+B',
  },
  {
    format: 'italic',
    label: 'Italic',
    text: 'I',
    keys: (mac) => (mac ? '⌘I' : 'Ctrl+I'),
    ariaKeys: 'Control+I Meta+I',
  },
  {
    format: 'link',
    label: 'Link',
    text: 'Link',
    keys: (mac) => (mac ? '⌘K' : 'Ctrl+K'),
    ariaKeys: 'Control+K Meta+K',
  },
  {
    format: 'code',
    label: 'Inline code',
    text: '</>',
    keys: (mac) => (mac ? '⌃⌥X' : 'Shift+Alt+X'),
    ariaKeys: 'Shift+Alt+X Control+Alt+X',
  },
];

/** Props of {@link FormatToolbar}. */
export interface FormatToolbarProps {
  /** The format types active at the selection (`strong`, `em`, `a`, `code`). */
  active: readonly string[];
  disabled: boolean;
  /** A link waiting for its address, or `undefined`. */
  link: LinkRequest | undefined;
  onFormat(format: InlineFormat): void;
  /**
   * The address given for the waiting link, or `undefined` when the person cancelled; `refocus`:
   * the text takes the focus back (not when the person went elsewhere).
   */
  onLink(href: string | undefined, refocus: boolean): void;
}

/**
 * The small toolbar of a rich-text block: bold, italic, link, inline code, each showing whether it
 * applies at the selection; it shows while the block has focus. Pressing a button keeps the focus
 * (and the selection) in the text. A link asks for its address in a field of its own. Rendered
 * again only when its props change (a keystroke that changes no active format does not).
 */
export const FormatToolbar = memo(function FormatToolbar({
  active,
  disabled,
  link,
  onFormat,
  onLink,
}: FormatToolbarProps) {
  const address = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (link) address.current?.focus();
  }, [link]);
  const mac = isMac();
  return (
    <div className={`format-toolbar${link ? ' is-open' : ''}`} role="toolbar" aria-label="Text formatting">
      {BUTTONS.map((button) => (
        <button
          key={button.format}
          type="button"
          className={`format-button format-${button.format}`}
          aria-label={button.label}
          aria-pressed={active.includes(FORMAT_TAGS[button.format])}
          aria-keyshortcuts={button.ariaKeys}
          title={`${button.label} (${button.keys(mac)})`}
          disabled={disabled}
          // The text keeps its focus and selection: the button acts on them.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onFormat(button.format)}
        >
          {button.text}
        </button>
      ))}
      {link ? (
        <form
          className="link-form"
          onSubmit={(event) => {
            event.preventDefault();
            onLink(address.current?.value ?? '', true);
          }}
        >
          <input
            ref={address}
            type="text"
            inputMode="url"
            aria-label="Link address"
            placeholder="Paste or type a link"
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              onLink(undefined, true);
            }}
            onBlur={(event) => {
              // Leaving the field for elsewhere than its own button cancels the link.
              if (!(
                event.relatedTarget instanceof Node && event.currentTarget.form?.contains(event.relatedTarget)
              ))
                onLink(undefined, false);
            }}
          />
          <button type="submit">Apply</button>
        </form>
      ) : null}
    </div>
  );
});
