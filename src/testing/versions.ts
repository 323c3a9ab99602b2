/**
 * The WordPress releases the mock can answer as, in order, and the test of "this release or later"
 * that gates what each one added to the REST API.
 *
 * @module
 */
import type { MockWordPressVersion } from './types.js';

/** Every release the mock knows, oldest first. */
export const MOCK_VERSIONS: readonly MockWordPressVersion[] = ['6.1', '6.7', '6.8', '7.1'];

/** True when `version` is `minimum` or a later release. */
export function atLeast(version: MockWordPressVersion, minimum: MockWordPressVersion): boolean {
  return MOCK_VERSIONS.indexOf(version) >= MOCK_VERSIONS.indexOf(minimum);
}
