/**
 * Document → record: the record's shared edits are always (the document's values) minus (the
 * record's saved copy). These apply that difference through the edit funnel with origin `peer` (or
 * `undo`), as the `applying` activity, so the funnel's echoes make no undo step and are never
 * written back into the document.
 *
 * @module
 */
import { deepEqual, type PlainObject } from '../../../../models/snapshot.js';
import { BLOCKS_FIELD } from '../../shared/blockDoc.js';
import { docValue } from './documentReads.js';
import {
  CONTENT_FIELD,
  DATE_FIELD,
  editsOf,
  hasOwn,
  persistedOf,
  rawValueIn,
  whileApplying,
  type Binding,
  type RemoteOrigin,
} from './state.js';

/**
 * True when the record's date "floats" (a draft whose date WordPress sets to the time of each save:
 * `null`, or equal to `modified`): as in core-data, the document's `date` (a block editor writes the
 * one it loaded) is not taken, or every save would leave the record an edit back to an old date.
 */
function isFloatingDate(persisted: PlainObject | undefined, edits: PlainObject): boolean {
  const date = hasOwn(edits, DATE_FIELD) ? edits[DATE_FIELD] : persisted?.[DATE_FIELD];
  return date === null || (date !== undefined && date === persisted?.modified);
}

/** Makes every shared edit of the record what the document says against its saved copy. */
export function resync(binding: Binding): void {
  const fields = new Set<string>();
  const hasCodec = binding.rules.blockCodec !== undefined;
  binding.documentMap.forEach((_value, field) =>
    fields.add(field === BLOCKS_FIELD && hasCodec ? CONTENT_FIELD : field),
  );
  for (const field of Object.keys(binding.record.edits)) fields.add(field);
  resyncFields(binding, [...fields], 'peer');
}

/** Makes the record's edits of `fields` (document value minus saved value), through the funnel with `origin`. */
export function resyncFields(
  binding: Binding,
  fields: readonly string[],
  origin: RemoteOrigin = 'peer',
): void {
  const record = binding.record;
  const edits = editsOf(binding);
  const persisted = persistedOf(binding);
  // Looked up once: a peer's keystroke comes through here, and the record finds its config in the registry.
  const config = record.config;
  const rawAttributes = config?.rawAttributes;
  const values: Record<string, unknown> = {};
  let count = 0;
  for (const field of fields) {
    if (config?.transientEdits.has(field) === true || typeof edits[field] === 'function') continue;
    if (field === DATE_FIELD && isFloatingDate(persisted, edits)) continue;
    const shown = docValue(binding, field);
    const saved = rawValueIn(persisted, field, rawAttributes);
    const next = shown === undefined || deepEqual(shown.value, saved) ? undefined : shown.value;
    const current = hasOwn(edits, field) ? edits[field] : undefined;
    if (next === undefined && !hasOwn(edits, field)) continue;
    if (next !== undefined && deepEqual(current, next)) continue;
    values[field] = next;
    count += 1;
  }
  if (count > 0) whileApplying(binding, () => binding.host.applyRemote(record, values, origin));
  if (!binding.foreignMarks.isEmpty) {
    const latest = editsOf(binding);
    binding.foreignMarks.keepOnly((field) => hasOwn(latest, field));
  }
}
