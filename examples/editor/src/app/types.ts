/**
 * The shapes the editor reads. Records are read through `record.edited`, where WordPress's
 * `{ raw, rendered }` fields (title, excerpt, content) are already flattened to their raw text.
 *
 * @module
 */

/** A post or page as the editor edits it. */
export interface EditorPost {
  id: number;
  type: string;
  title: string;
  excerpt: string;
  content: string;
  status: string;
  author: number;
  date: string | null;
  modified: string;
  modified_gmt: string;
  link: string;
  [field: string]: unknown;
}

/** A post or page as the list reads it (`context: 'view'`, which every user may read). */
export interface ViewPost {
  id: number;
  title: { rendered: string };
  status: string;
  author: number;
  date: string | null;
  [field: string]: unknown;
}

/** The post types the editor lists and edits. */
export type EditablePostType = 'post' | 'page';

/** The REST base of each editable post type (permissions are asked per base). */
export const REST_BASE: Readonly<Record<EditablePostType, string>> = { post: 'posts', page: 'pages' };

/** Singular and plural labels of each editable post type. */
export const TYPE_LABELS: Readonly<Record<EditablePostType, { one: string; many: string }>> = {
  post: { one: 'Post', many: 'Posts' },
  page: { one: 'Page', many: 'Pages' },
};

/** The statuses the editor offers, with WordPress's own labels. */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  publish: 'Published',
  future: 'Scheduled',
  draft: 'Draft',
  pending: 'Pending review',
  private: 'Private',
};

/** What a new post shows before anything is typed (it has no saved copy yet). */
const NEW_POST: Pick<EditorPost, 'title' | 'excerpt' | 'content' | 'status'> = {
  title: '',
  excerpt: '',
  content: '',
  status: 'draft',
};

/**
 * The post as the editor shows it: `record.edited`, with empty text fields for a new post that has
 * only the fields typed so far. `undefined` while a saved post is not loaded.
 */
export function editedPost(record: { id: unknown; edited: EditorPost | undefined }): EditorPost | undefined {
  if (record.id !== undefined) return record.edited;
  return { ...NEW_POST, ...record.edited } as EditorPost;
}
