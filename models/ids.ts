/**
 * Record ids: what a key value may be and how numeric-looking ids are normalised.
 *
 * @module
 */

/** A record id: a number (`5`), or a string for entities keyed by slug, stylesheet, template id (`theme//slug`), … */
export type Id = number | string;

const NUMERIC_ID = /^\s*\d+\s*$/;

/** True when `value` is a number or a string of digits (surrounding spaces allowed): `5`, `'42'`, `' 7 '`. */
export function isNumericId(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isInteger(value) && value >= 0) ||
    (typeof value === 'string' && NUMERIC_ID.test(value))
  );
}

/**
 * Normalises a record id: numeric-looking strings become numbers (`'12'` → `12`), every other
 * string is kept as it is (`'theme//slug'`, `'3.42'`, `'abc-123'`).
 */
export function normaliseId(id: Id): Id {
  return typeof id === 'string' && NUMERIC_ID.test(id) ? Number(id) : id;
}

/**
 * An id read from server JSON (`body.id`, `data[config.key]`): normalised when it is a finite
 * number or a non-empty string, `undefined` for anything else.
 */
export function readId(value: unknown): Id | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return typeof value === 'string' && value !== '' ? normaliseId(value) : undefined;
}
