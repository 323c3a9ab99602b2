// @vitest-environment jsdom
/**
 * Saves between the block editor's data layer and a store through the real WordPress 6.1 with
 * plugins/wp-entities-sync: see test/helpers/coEditingSaves.ts (the mock's run:
 * test/block-editor/saves.test.ts).
 */
import { describeSaves } from '../helpers/coEditingSaves.js';
import { wordpressCoEditingTarget } from './coEditingTarget.js';

describeSaves('WordPress 6.1 + plugins/wp-entities-sync', wordpressCoEditingTarget);
