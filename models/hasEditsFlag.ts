/**
 * The transient-field bookkeeping behind `record.hasEdits`: the flag is worked out where edits are
 * written, with the config's transient fields of that moment, so reading it costs one field. It
 * stays valid only while those fields are the same set (a config loaded or replaced later changes
 * them); otherwise the edits are looked at again.
 *
 * @module
 */
import type { Edits } from './editPipeline.js';
import { hasNonTransientEdit } from './recordState.js';

/**
 * The transient fields a record's stored `hasEdits` flag was worked out with: `NOT_WORKED_OUT`
 * before its edits were first written, then the config's `transientEdits` (or `undefined` without
 * a config) of the last write.
 */
export type HasEditsBasis = ReadonlySet<string> | undefined | null;

/** The basis of a record whose edits were never written. */
export const NOT_WORKED_OUT: HasEditsBasis = null;

/** The stored flag may be read: it was worked out with the config's `transient` fields of now. */
export function isFlagCurrent(basis: HasEditsBasis, transient: ReadonlySet<string> | undefined): boolean {
  return transient === basis;
}

/**
 * Whether `edits` hold a non-transient field, from values already read (nothing is observed): the
 * stored `flag` while it is current, else worked out from the edits now.
 */
export function hasEditsFrom(
  basis: HasEditsBasis,
  transient: ReadonlySet<string> | undefined,
  flag: boolean,
  edits: Edits,
): boolean {
  return isFlagCurrent(basis, transient) ? flag : hasNonTransientEdit(edits, transient);
}
