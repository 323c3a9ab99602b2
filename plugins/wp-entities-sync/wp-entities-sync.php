<?php
/**
 * Plugin Name:       wp-entities sync relay
 * Description:       Serves the block editor's real-time collaboration protocol (POST /wp-sync/v1/updates and /wp-sync/v1/save) on WordPress 6.1 and later, with the block editor's permission rules, bounded storage with compaction, and an optional long poll. Not needed where the Gutenberg plugin's "Real-Time Collaboration" experiment already serves these routes.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * License:           GPL-2.0-or-later
 * Text Domain:       wp-entities-sync
 *
 * @package wp-entities-sync
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/includes/class-wpe-sync-storage.php';
require_once __DIR__ . '/includes/class-wpe-sync-permissions.php';
require_once __DIR__ . '/includes/class-wpe-sync-server.php';

register_activation_hook( __FILE__, array( 'WPE_Sync_Storage', 'install' ) );

// A plugin update may change the tables: checked once per request, one option read (autoloaded).
add_action( 'plugins_loaded', array( 'WPE_Sync_Storage', 'maybe_upgrade' ) );

/*
 * The stored document of a post, as the block editor keeps it: post meta `_crdt_document`, read in
 * edit context by people who may edit the post, never in revisions.
 */
add_action(
	'init',
	static function (): void {
		register_post_meta(
			'',
			'_crdt_document',
			array(
				'type'              => 'string',
				'single'            => true,
				'default'           => '',
				'show_in_rest'      => array( 'schema' => array( 'context' => array( 'edit' ) ) ),
				'auth_callback'     => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
				'revisions_enabled' => false,
			)
		);
	}
);

// Priority 100: after the Gutenberg plugin, whose own server wins when it is there.
add_action(
	'rest_api_init',
	static function (): void {
		$routes = rest_get_server()->get_routes( WPE_Sync_Server::REST_NAMESPACE );
		if ( isset( $routes[ '/' . WPE_Sync_Server::REST_NAMESPACE . '/updates' ] ) ) {
			return;
		}
		( new WPE_Sync_Server( new WPE_Sync_Storage() ) )->register_routes();
	},
	100
);
