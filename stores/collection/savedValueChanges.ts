/**
 * What a newer server copy changed in the saved values, for the undo history's rebase.
 *
 * @module
 */
import { deepEqual, hasOwn, type PlainObject } from '../../models/snapshot.js';

/**
 * The saved values a newer server copy changed, field by field (raw values), leaving out the fields
 * this client just sent (`sent`): those changed because of its own save, not someone else's.
 */
export function savedValueChanges(
  before: object,
  after: object | undefined,
  sent: object | undefined,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (after === undefined) return changes;
  const old = before as PlainObject;
  const next = after as PlainObject;
  for (const field of Object.keys(next)) {
    if (sent !== undefined && hasOwn(sent, field)) continue;
    if (!deepEqual(old[field], next[field])) changes[field] = { from: old[field], to: next[field] };
  }
  return changes;
}
