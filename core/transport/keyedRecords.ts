/**
 * Recognising a collection WordPress answers as an object keyed by slug (`/wp/v2/types`,
 * `/wp/v2/taxonomies`, `/wp/v2/statuses`, `/wp/v2/menu-locations`) instead of an array.
 *
 * @module
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when `data` is a keyed collection: a non-empty object whose every value is a record
 * (an object). WordPress encodes an empty PHP array as `[]`, so `{}` is never a keyed collection,
 * and a WordPress error (`{ code, message, data }`) has string values, so it is not one either.
 */
export function isKeyedRecords(data: unknown): data is Record<string, Record<string, unknown>> {
  if (!isObject(data)) return false;
  let count = 0;
  for (const key in data) {
    if (!Object.prototype.hasOwnProperty.call(data, key)) continue;
    if (!isObject(data[key])) return false;
    count += 1;
  }
  return count > 0;
}
