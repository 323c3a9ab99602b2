<?php
/**
 * The root entities whose rooms the relay serves, with the capability a user needs to join one:
 * generated from wp-entities' entity sync rules by scripts/sync/phpSyncedEntities.ts. Do not edit.
 *
 * @package wp-entities-sync
 */

defined( 'ABSPATH' ) || exit;

return array(
	'site' => array(
		'capability' => 'manage_options',
		'singleton'  => true,
	),
);
