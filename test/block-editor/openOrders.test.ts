// @vitest-environment jsdom
/**
 * Either side opening a post first, or both at once, through the mock WordPress's `/wp-sync/v1`
 * relay: see `test/helpers/coEditingOpenOrders.ts` (its real-WordPress run is in
 * `test/wordpress/blockEditorOpenOrders.test.ts`).
 */
import { describeOpenOrders } from '../helpers/coEditingOpenOrders.js';
import { mockCoEditingTarget } from '../helpers/mockCoEditingTarget.js';

describeOpenOrders('mock WordPress relay', mockCoEditingTarget);
