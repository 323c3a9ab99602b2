// @vitest-environment jsdom
/**
 * Presence between the block editor's data layer and a store through the real WordPress 6.1 with
 * plugins/wp-entities-sync: see test/helpers/coEditingPresence.ts (the mock's run:
 * test/block-editor/presence.test.ts).
 */
import { describePresence } from '../helpers/coEditingPresence.js';
import { wordpressCoEditingTarget } from './coEditingTarget.js';

describePresence('WordPress 6.1 + plugins/wp-entities-sync', wordpressCoEditingTarget);
