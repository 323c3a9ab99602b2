// @vitest-environment jsdom
/**
 * The block editor's data layer and a `RootStore` co-editing one post through the real WordPress
 * 6.1 with plugins/wp-entities-sync (see `coEditingTarget.ts`). The suite is
 * test/helpers/coEditingSuite.ts (the mock's run: test/block-editor/).
 */
import { describeCoEditing } from '../helpers/coEditingSuite.js';
import { wordpressCoEditingTarget } from './coEditingTarget.js';

describeCoEditing('WordPress 6.1 + plugins/wp-entities-sync', wordpressCoEditingTarget);
