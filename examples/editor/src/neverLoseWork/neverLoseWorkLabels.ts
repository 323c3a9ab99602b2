/**
 * How the restore offer and the conflict dialog name records and show values.
 *
 * @module
 */
import type { Id } from 'wp-entities';

const NAMES: Record<string, string> = { post: 'Post', page: 'Page', site: 'The site settings' };

/** "Post 12", "Page 3", "The site settings", or "wp_template 7". */
export function recordLabel(name: string, id: Id | undefined): string {
  const label = NAMES[name] ?? name;
  return id === undefined ? label : `${label} ${String(id)}`;
}

/** A field value as text: strings as they are (shortened), anything else as JSON. */
export function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text === '' ? '(empty)' : text;
}
