/**
 * The rich-text hook the editor's text fields are built on, `@wordpress/rich-text`'s public
 * `__unstableUseRichText`. Since rich-text 7.0 its first call logs a deprecation warning: the block
 * editor moved to a private twin (`privateApis`, locked to WordPress's own packages), and there is
 * no public replacement. The example stays on the public hook and marks that one message as shown
 * (in `@wordpress/deprecated`'s own record of shown messages), so a newcomer's console holds only
 * what they can act on. Any other deprecation still shows; a rich-text release that changes the
 * message shows it again, and `test/examples/richTextHook.test.tsx` fails.
 *
 * @module
 */
import { logged } from '@wordpress/deprecated';
import { __unstableUseRichText } from '@wordpress/rich-text';

/** The warning rich-text logs on the hook's first call, word for word. */
export const RICH_TEXT_HOOK_DEPRECATION = '`__unstableUseRichText` hook is deprecated since version 7.0.';

logged[RICH_TEXT_HOOK_DEPRECATION] = true;

/** `@wordpress/rich-text`'s public rich-text hook, without its deprecation warning. */
export const useRichText = __unstableUseRichText;
