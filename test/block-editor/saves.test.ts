// @vitest-environment jsdom
/**
 * Saves between the block editor's data layer and a store through the mock WordPress's relay:
 * see test/helpers/coEditingSaves.ts (its real-WordPress run: test/wordpress/blockEditorSaves.test.ts).
 */
import { describeSaves } from '../helpers/coEditingSaves.js';
import { mockCoEditingTarget } from '../helpers/mockCoEditingTarget.js';

describeSaves('mock WordPress relay', mockCoEditingTarget);
