/**
 * Roles → capabilities → per-record checks, mirroring WordPress's default roles and `map_meta_cap`
 * for the cases the REST API exercises. The `Allow` header is computed from these checks by the
 * router.
 *
 * @module
 */
import type { PostRow, PostTypeRow, UserRow } from './database.js';
import type { MockRole } from './types.js';

const AUTHOR_CAPS = [
  'read',
  'upload_files',
  'edit_posts',
  'edit_published_posts',
  'publish_posts',
  'delete_posts',
  'delete_published_posts',
];

const EDITOR_CAPS = [
  ...AUTHOR_CAPS,
  'moderate_comments',
  'manage_categories',
  'edit_others_posts',
  'delete_others_posts',
  'read_private_posts',
  'edit_private_posts',
  'delete_private_posts',
  'edit_pages',
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'read_private_pages',
  'edit_private_pages',
  'delete_private_pages',
  'unfiltered_html',
];

const ADMIN_CAPS = [
  ...EDITOR_CAPS,
  'manage_options',
  'edit_theme_options',
  'list_users',
  'edit_users',
  'create_users',
  'delete_users',
  'promote_users',
  'activate_plugins',
  'edit_plugins',
  'install_plugins',
  'switch_themes',
  'edit_themes',
];

/** Primitive capabilities of each role. */
export const ROLE_CAPABILITIES: Readonly<Record<MockRole, readonly string[]>> = {
  administrator: ADMIN_CAPS,
  editor: EDITOR_CAPS,
  author: AUTHOR_CAPS,
  contributor: ['read', 'edit_posts', 'delete_posts'],
};

/** True when the user's role grants a primitive capability. Anonymous users have none. */
export function hasCap(user: UserRow | null, cap: string): boolean {
  if (!user) return false;
  return ROLE_CAPABILITIES[user.role].includes(cap);
}

/** The `(plural)` part of a type's capability names: `posts`, `pages`, or null for theme types. */
function capPlural(type: PostTypeRow): 'posts' | 'pages' | null {
  if (type.capability === 'page') return 'pages';
  if (type.capability === 'theme') return null;
  return 'posts';
}

/** May the user create posts of this type (`edit_posts` / `edit_pages` / `edit_theme_options`)? */
export function canCreatePosts(user: UserRow | null, type: PostTypeRow): boolean {
  const plural = capPlural(type);
  if (plural === null) return hasCap(user, 'edit_theme_options');
  if (type.capability === 'upload') return hasCap(user, 'upload_files');
  return hasCap(user, `edit_${plural}`);
}

/** May the user publish posts of this type? */
export function canPublishPosts(user: UserRow | null, type: PostTypeRow): boolean {
  const plural = capPlural(type);
  if (plural === null) return hasCap(user, 'edit_theme_options');
  return hasCap(user, `publish_${plural}`);
}

/** `edit_post` for one record. */
export function canEditPost(user: UserRow | null, type: PostTypeRow, post: PostRow): boolean {
  if (!user) return false;
  const plural = capPlural(type);
  if (plural === null) return hasCap(user, 'edit_theme_options');
  if (post.author !== user.id) return hasCap(user, `edit_others_${plural}`);
  if (post.status === 'publish' || post.status === 'future') return hasCap(user, `edit_published_${plural}`);
  // WordPress's map_meta_cap asks `edit_private_*` only of other people's private posts: an
  // author's own private post needs `edit_*`, like a draft.
  return hasCap(user, `edit_${plural}`);
}

/** `delete_post` for one record. */
export function canDeletePost(user: UserRow | null, type: PostTypeRow, post: PostRow): boolean {
  if (!user) return false;
  const plural = capPlural(type);
  if (plural === null) return hasCap(user, 'edit_theme_options');
  if (post.author !== user.id) return hasCap(user, `delete_others_${plural}`);
  if (post.status === 'publish' || post.status === 'future')
    return hasCap(user, `delete_published_${plural}`);
  return hasCap(user, `delete_${plural}`);
}

/** `read_post` for one record: public statuses for everyone, others for those who may edit it. */
export function canReadPost(user: UserRow | null, type: PostTypeRow, post: PostRow): boolean {
  if (post.status === 'publish' || post.status === 'inherit') return true;
  if (post.status === 'private') {
    const plural = capPlural(type);
    return post.author === user?.id || (plural !== null && hasCap(user, `read_private_${plural}`));
  }
  return canEditPost(user, type, post);
}

/** The `capabilities` object of a user in edit context (role flag plus primitive caps). */
export function capabilityObject(user: UserRow): Record<string, boolean> {
  const caps: Record<string, boolean> = {};
  for (const cap of ROLE_CAPABILITIES[user.role]) caps[cap] = true;
  caps[user.role] = true;
  return caps;
}
