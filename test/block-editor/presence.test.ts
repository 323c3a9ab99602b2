// @vitest-environment jsdom
/**
 * Presence between the block editor's data layer and a store through the mock WordPress's relay:
 * see test/helpers/coEditingPresence.ts (its real-WordPress run:
 * test/wordpress/blockEditorPresence.test.ts).
 */
import { describePresence } from '../helpers/coEditingPresence.js';
import { mockCoEditingTarget } from '../helpers/mockCoEditingTarget.js';

describePresence('mock WordPress relay', mockCoEditingTarget);
