/**
 * Which refused writes say "you may not do this to the record at all". A 401/403 on a save can
 * also refuse one field (publishing without `publish_posts`: `rest_cannot_publish`; another
 * author: `rest_cannot_edit_others`; a term: `rest_cannot_assign_term`) while the record stays
 * editable, so only the codes WordPress's permission checks answer for the whole record count.
 *
 * @module
 */
import { isRestError } from '../core/errors.js';

/** Codes of `update_item_permissions_check` refusals (posts, media, comments, users, terms, settings, templates, widgets). */
const UPDATE_REFUSALS: ReadonlySet<string> = new Set([
  'rest_cannot_edit',
  'rest_cannot_update',
  'rest_forbidden',
  'rest_cannot_manage_templates',
  'rest_cannot_manage_widgets',
]);

/** Codes of `delete_item_permissions_check` refusals. */
const DELETE_REFUSALS: ReadonlySet<string> = new Set(['rest_cannot_delete', 'rest_forbidden']);

/** True when `error` is WordPress refusing the whole record to this user for `action`. */
export function isRecordRefusal(error: unknown, action: 'update' | 'delete'): boolean {
  if (!isRestError(error) || (error.status !== 401 && error.status !== 403)) return false;
  return (action === 'update' ? UPDATE_REFUSALS : DELETE_REFUSALS).has(error.code);
}

/** Where a writer reports refused writes; `PermissionStore` implements it. */
export interface WriteRefusalSink {
  /** `action` on record `id` of the entity at `config.baseURL` was refused just now. */
  noteRefusal(
    config: { readonly baseURL: string },
    id: string | number | undefined,
    action: 'update' | 'delete',
  ): void;
}
