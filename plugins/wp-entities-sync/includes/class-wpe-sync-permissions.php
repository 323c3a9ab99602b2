<?php
/**
 * Who may sync which room: the block editor server's rules (`can_user_sync_entity_type`).
 *
 * - `postType/{type}:{id}`: a numeric id of a post of that type, a type that supports
 *   `custom-fields` (the block editor turns collaboration off for the others), and `edit_post`.
 * - `postType/{type}`: the type's `edit_posts` capability.
 * - `taxonomy/{tax}:{id}`: `edit_term`; `taxonomy/{tax}`: the taxonomy's `manage_terms`.
 * - `root/comment:{id}`: `edit_comment`; `root/comment`: `moderate_comments`.
 * - Another `root/{name}` room: the capability `synced-entities.php` names for that entity (generated
 *   from wp-entities' entity configs: `root/site` needs `manage_options`, where the block editor's
 *   server lets any editor in), with an id only for entities that are not singletons.
 * - Anything else: refused.
 *
 * @package wp-entities-sync
 */

defined( 'ABSPATH' ) || exit;

/**
 * Room names and the capability checks behind them.
 */
final class WPE_Sync_Permissions {
	/**
	 * Splits `kind/name` or `kind/name:id`.
	 *
	 * @param string $room Room name.
	 * @return array{kind:string, name:string, id:?string}|null
	 */
	public static function parse( string $room ): ?array {
		if ( ! preg_match( '#^([^/]+)/([^/:]+)(?::(\S+))?$#', $room, $m ) ) {
			return null;
		}
		return array(
			'kind' => $m[1],
			'name' => $m[2],
			'id'   => isset( $m[3] ) && '' !== $m[3] ? $m[3] : null,
		);
	}

	/**
	 * May the current user sync this room?
	 *
	 * @param string $room Room name.
	 */
	public static function can_sync( string $room ): bool {
		$parsed = self::parse( $room );
		if ( null === $parsed ) {
			return false;
		}
		$id = $parsed['id'];
		if ( null !== $id && ! ctype_digit( $id ) ) {
			return false;
		}
		switch ( $parsed['kind'] ) {
			case 'postType':
				$type = get_post_type_object( $parsed['name'] );
				if ( null === $type ) {
					return false;
				}
				if ( null === $id ) {
					return current_user_can( $type->cap->edit_posts );
				}
				$post = get_post( (int) $id );
				return $post instanceof WP_Post
					&& $post->post_type === $parsed['name']
					&& post_type_supports( $parsed['name'], 'custom-fields' )
					&& current_user_can( 'edit_post', $post->ID );
			case 'taxonomy':
				$taxonomy = get_taxonomy( $parsed['name'] );
				if ( false === $taxonomy ) {
					return false;
				}
				return null === $id ? current_user_can( $taxonomy->cap->manage_terms ) : current_user_can( 'edit_term', (int) $id );
			case 'root':
				if ( 'comment' === $parsed['name'] ) {
					return null === $id ? current_user_can( 'moderate_comments' ) : current_user_can( 'edit_comment', (int) $id );
				}
				$entity = self::synced_root_entities()[ $parsed['name'] ] ?? null;
				return null !== $entity
					&& ( null === $id ) === $entity['singleton']
					&& current_user_can( $entity['capability'] );
		}
		return false;
	}

	/**
	 * The root entities that sync, by name: the capability each needs and whether its room has no id.
	 *
	 * @return array<string, array{capability:string, singleton:bool}>
	 */
	private static function synced_root_entities(): array {
		static $entities = null;
		$entities ??= require __DIR__ . '/synced-entities.php';
		return $entities;
	}

	/**
	 * The post of a `postType/{type}:{id}` room the current user may edit, or null.
	 *
	 * @param string $room Room name.
	 */
	public static function editable_post( string $room ): ?WP_Post {
		$parsed = self::parse( $room );
		if ( null === $parsed || 'postType' !== $parsed['kind'] || null === $parsed['id'] || ! self::can_sync( $room ) ) {
			return null;
		}
		$post = get_post( (int) $parsed['id'] );
		return $post instanceof WP_Post ? $post : null;
	}
}
