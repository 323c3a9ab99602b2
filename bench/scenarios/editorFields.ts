/**
 * The fields the React editor screen shows, the same on both sides, and how a field's value is
 * printed.
 *
 * @module
 */

/** Twenty fields of a post, as an editor's document panel and canvas read them. */
export const EDITOR_FIELDS = [
  'title',
  'content',
  'excerpt',
  'status',
  'slug',
  'date',
  'author',
  'comment_status',
  'ping_status',
  'sticky',
  'template',
  'format',
  'categories',
  'tags',
  'featured_media',
  'password',
  'meta',
  'link',
  'modified',
  'generated_slug',
] as const;

/** A field value as text: strings as they are, anything else as JSON. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
