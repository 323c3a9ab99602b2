/**
 * The small interfaces models need from whoever holds them, so that models never import stores.
 *
 * @module
 */

/**
 * What the undo history needs from a record: a way to set edited values without recording a new
 * step. `EntityRecord` implements it; the values go through the same comparison as edits, so
 * undoing back to the saved value leaves the record clean.
 */
export interface UndoTarget {
  /** Sets each field's edited value (a value equal to the persisted one clears the edit). */
  applyUndoValues(values: Readonly<Record<string, unknown>>): void;
}
