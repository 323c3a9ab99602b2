// @vitest-environment jsdom
/**
 * The editor's text field logs no deprecation warning (examples/editor/src/text/richTextHook.ts),
 * and the one message it marks as shown is exactly what @wordpress/rich-text logs for its hook.
 */
import { act, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextField, type RichTextHandle } from '../../examples/editor/src/text/RichTextField.js';
import { RICH_TEXT_HOOK_DEPRECATION } from '../../examples/editor/src/text/richTextHook.js';
import './richTextInJsdom.js';

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the rich-text hook of the example editor', () => {
  it('renders a text field without a console warning', () => {
    const warn = vi.spyOn(console, 'warn');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(
        <RichTextField
          text="Hello <strong>world</strong>"
          hasLines={false}
          label="Paragraph"
          className="text-block"
          placeholder="Start writing…"
          disabled={false}
          onChange={() => undefined}
          onKeyDown={() => undefined}
          onBlur={() => undefined}
          handleRef={createRef<RichTextHandle>()}
          remoteCarets={[]}
          sharedPlace={undefined}
          takesPlainTyping
        />,
      ),
    );
    expect(container.querySelector('[role="textbox"]')?.innerHTML).toBe('Hello <strong>world</strong>');
    act(() => root.unmount());
    expect(warn).not.toHaveBeenCalled();
  });

  it('marks as shown exactly the message rich-text logs', async () => {
    // The message rich-text would print: its own call, on a fresh copy of @wordpress/deprecated.
    vi.resetModules();
    const { default: deprecated, logged } = await import('@wordpress/deprecated');
    for (const key of Object.keys(logged)) delete logged[key];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { __unstableUseRichText } = await import('@wordpress/rich-text');
    try {
      __unstableUseRichText({} as never);
    } catch {
      // Called outside a component: React's hooks throw after the deprecation is logged.
    }
    expect(warn.mock.calls.map((call) => call[0])).toContain(RICH_TEXT_HOOK_DEPRECATION);
    expect(typeof deprecated).toBe('function');
  });
});
