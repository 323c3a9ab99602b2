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

/**
 * A check of whether the screen in `container` shows its title yet, for the poll that waits for a
 * mount: it looks the title's element up once it exists (an empty container needs no lookup), then
 * reads only its text. jsdom's selector engine costs about 0.1 ms a lookup, so a lookup on every
 * poll added to a mount a cost that grew with how many tasks its React took to show the title
 * (React 19 takes one more than 18), not with the work of the data layer. One per mount.
 */
export function titleWatcher(container: Element): () => boolean {
  let title: Element | null = null;
  return () => {
    if (title === null && container.firstChild !== null) {
      title = container.querySelector('output[data-field="title"]');
    }
    return Boolean(title?.textContent);
  };
}
