<?php
/**
 * Test fixture (a must-use plugin that scripts/wordpress/up.sh copies in): one registered post meta
 * key, `wpe_subtitle` (a single string, shown in REST), so the suites can edit and sync a meta key
 * as sites that register their own meta do. Nothing else.
 *
 * @package wp-entities
 */

add_action(
	'init',
	static function (): void {
		register_post_meta(
			'post',
			'wpe_subtitle',
			array(
				'type'          => 'string',
				'single'        => true,
				'default'       => '',
				'show_in_rest'  => true,
				'auth_callback' => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
			)
		);
	}
);
