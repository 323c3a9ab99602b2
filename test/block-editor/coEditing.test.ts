// @vitest-environment jsdom
/**
 * The block editor's data layer and a `RootStore` co-editing one post through the mock WordPress's
 * `/wp-sync/v1` relay (requests go straight into `mock.handle`, no socket). See
 * `test/helpers/coEditingSuite.ts`; the same suite runs against the real WordPress 6.1 in
 * `test/wordpress/blockEditorPeer.test.ts`.
 */
import { describeCoEditing } from '../helpers/coEditingSuite.js';
import { mockCoEditingTarget } from '../helpers/mockCoEditingTarget.js';

describeCoEditing('mock WordPress relay', mockCoEditingTarget);
