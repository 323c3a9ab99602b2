/**
 * The value type of a record revision (`GET {base}/{id}/revisions`).
 *
 * @module
 */
import type { RenderedText } from './Autosave.js';

/**
 * One revision of a record. Post revisions carry the fields below; template revisions are keyed by
 * `wp_id`, and global-styles revisions carry `styles` and `settings` instead of text fields.
 * Autosaves appear in revision lists too (their slug ends in `-autosave-v1`).
 */
export interface Revision {
  /** The revision's id. */
  id?: number | string;
  /** The record the revision belongs to. */
  parent?: number;
  /** The user who made it. */
  author?: number;
  /** When it was made (site time, ISO 8601 without zone). */
  date?: string;
  /** When it was made (UTC). */
  date_gmt?: string;
  /** When it was last modified. */
  modified?: string;
  /** When it was last modified (UTC). */
  modified_gmt?: string;
  /** `{parent}-revision-v1` or `{parent}-autosave-v1`. */
  slug?: string;
  /** The title at that revision. */
  title?: RenderedText | string;
  /** The content at that revision. */
  content?: RenderedText | string;
  /** The excerpt at that revision. */
  excerpt?: RenderedText | string;
  /** The post id of a template revision (templates key revisions by it). */
  wp_id?: number;
  /** Whatever else the server sends. */
  [key: string]: unknown;
}
