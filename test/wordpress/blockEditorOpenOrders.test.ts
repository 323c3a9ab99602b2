// @vitest-environment jsdom
/**
 * Either side opening a post first, or both at once, through the real WordPress 6.1 with
 * plugins/wp-entities-sync: see test/helpers/coEditingOpenOrders.ts (the mock's run:
 * test/block-editor/openOrders.test.ts).
 */
import { describeOpenOrders } from '../helpers/coEditingOpenOrders.js';
import { wordpressCoEditingTarget } from './coEditingTarget.js';

describeOpenOrders('WordPress 6.1 + plugins/wp-entities-sync', wordpressCoEditingTarget);
