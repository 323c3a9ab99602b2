<?php
/**
 * Installs the test site, or checks an existing install, without a browser or wp-cli.
 *
 *   php install.php <docroot> <site.json> <home-url>
 *
 * Idempotent: runs wp_install() only on an empty database; then makes sure of the options the
 * tests rely on (title, UTC, /%postname%/ permalinks, the block theme twentytwentythree), of the
 * users `admin` (administrator) and `author` (author), and of one application password each. A
 * password from an earlier site.json is kept while it still verifies, so a second run hands the
 * tests the same credentials. Writes site.json atomically.
 */

error_reporting( E_ALL & ~E_DEPRECATED );
ini_set( 'display_errors', 'stderr' );

if ( 4 !== $argc ) {
	fwrite( STDERR, "usage: php install.php <docroot> <site.json> <home-url>\n" );
	exit( 2 );
}
list( , $wpi_docroot, $wpi_site_json, $wpi_home ) = $argv;

// wp-load.php reads the host and request from $_SERVER, as if a browser had asked for the home page.
$wpi_url                    = parse_url( $wpi_home );
$_SERVER['HTTP_HOST']       = $wpi_url['host'] . ( isset( $wpi_url['port'] ) ? ':' . $wpi_url['port'] : '' );
$_SERVER['SERVER_NAME']     = $wpi_url['host'];
$_SERVER['SERVER_PORT']     = isset( $wpi_url['port'] ) ? (string) $wpi_url['port'] : '80';
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';

const WPI_APP_NAME      = 'wp-entities tests';
const WPI_USER_PASSWORD = 'password';
const WPI_SITE_TITLE    = 'wp-entities test site';

// WP_INSTALLING lets WordPress load on an empty database instead of redirecting to install.php.
define( 'WP_INSTALLING', true );
require $wpi_docroot . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

/** Prints one progress line for up.sh's log. */
function wpi_log( $message ) {
	fwrite( STDERR, "  install.php: $message\n" );
}

/** Stops with a message on stderr and a non-zero exit status. */
function wpi_fail( $message ) {
	fwrite( STDERR, "install.php: $message\n" );
	exit( 1 );
}

$wpi_fresh = false;
if ( ! is_blog_installed() ) {
	wpi_log( 'installing WordPress ' . $GLOBALS['wp_version'] );
	// There is no mail transport here: turn the "new site" e-mail into a no-op.
	add_filter( 'pre_wp_mail', '__return_false' );
	$wpi_result = wp_install( WPI_SITE_TITLE, 'admin', 'admin@example.com', true, '', WPI_USER_PASSWORD );
	if ( is_wp_error( $wpi_result ) ) {
		wpi_fail( 'wp_install failed: ' . $wpi_result->get_error_message() );
	}
	$wpi_fresh = true;
}

foreach ( array(
	'blogname'        => WPI_SITE_TITLE,
	'blogdescription' => 'Integration tests of wp-entities',
	'timezone_string' => 'UTC',
	'gmt_offset'      => '0',
) as $wpi_key => $wpi_value ) {
	if ( get_option( $wpi_key ) !== $wpi_value ) {
		update_option( $wpi_key, $wpi_value );
	}
}

// Pretty permalinks: the REST API lives at /wp-json/ (the php -S router sends it to index.php).
if ( '/%postname%/' !== get_option( 'permalink_structure' ) ) {
	wpi_log( 'permalinks: /%postname%/' );
	$GLOBALS['wp_rewrite']->set_permalink_structure( '/%postname%/' );
	// The first web request regenerates the rules.
	delete_option( 'rewrite_rules' );
}

if ( 'twentytwentythree' !== get_stylesheet() ) {
	if ( ! wp_get_theme( 'twentytwentythree' )->exists() ) {
		wpi_fail( 'theme twentytwentythree not found in ' . get_theme_root() );
	}
	wpi_log( 'activating the block theme twentytwentythree' );
	switch_theme( 'twentytwentythree' );
}

/** Returns the user with this login and role, creating or re-roling it as needed. */
function wpi_user( $login, $role, $display_name ) {
	$user = get_user_by( 'login', $login );
	if ( ! $user ) {
		$id = wp_insert_user(
			array(
				'user_login'   => $login,
				'user_pass'    => WPI_USER_PASSWORD,
				'user_email'   => $login . '@example.com',
				'role'         => $role,
				'display_name' => $display_name,
				'nickname'     => $login,
			)
		);
		if ( is_wp_error( $id ) ) {
			wpi_fail( "cannot create user $login: " . $id->get_error_message() );
		}
		$user = get_user_by( 'id', $id );
	} elseif ( array( $role ) !== array_values( (array) $user->roles ) ) {
		$user->set_role( $role );
	}
	return $user;
}

/**
 * Returns [plain password, uuid] of the user's test application password: the previous one when it
 * still verifies, otherwise a new one (older test passwords of the user are deleted).
 */
function wpi_app_password( WP_User $user, $previous ) {
	$items = WP_Application_Passwords::get_user_application_passwords( $user->ID );
	if ( is_string( $previous ) && '' !== $previous ) {
		// Like WordPress's own check: spaces and dashes a user may have added are ignored.
		$plain = preg_replace( '/[^a-z\d]/i', '', $previous );
		foreach ( $items as $item ) {
			if ( WPI_APP_NAME === $item['name'] && wp_check_password( $plain, $item['password'], $user->ID ) ) {
				return array( $previous, $item['uuid'] );
			}
		}
	}
	foreach ( $items as $item ) {
		if ( WPI_APP_NAME === $item['name'] ) {
			WP_Application_Passwords::delete_application_password( $user->ID, $item['uuid'] );
		}
	}
	$created = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => WPI_APP_NAME ) );
	if ( is_wp_error( $created ) ) {
		wpi_fail( 'cannot create an application password: ' . $created->get_error_message() );
	}
	wpi_log( "new application password for {$user->user_login}" );
	return array( $created[0], $created[1]['uuid'] );
}

// The collaboration relay of this repository (copied in by up.sh): active, its tables installed.
$wpi_plugin = 'wp-entities-sync/wp-entities-sync.php';
if ( file_exists( WP_PLUGIN_DIR . '/' . $wpi_plugin ) ) {
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	if ( ! is_plugin_active( $wpi_plugin ) ) {
		$wpi_activated = activate_plugin( $wpi_plugin );
		if ( is_wp_error( $wpi_activated ) ) {
			wpi_fail( 'cannot activate wp-entities-sync: ' . $wpi_activated->get_error_message() );
		}
		wpi_log( 'activated the wp-entities-sync relay' );
	}
	if ( class_exists( 'WPE_Sync_Storage' ) ) {
		WPE_Sync_Storage::maybe_upgrade();
	}
}

$wpi_previous = array();
if ( ! $wpi_fresh && is_readable( $wpi_site_json ) ) {
	$wpi_previous = json_decode( (string) file_get_contents( $wpi_site_json ), true );
	if ( ! is_array( $wpi_previous ) ) {
		$wpi_previous = array();
	}
}

$wpi_users = array();
foreach ( array(
	'admin'       => array( 'administrator', 'Admin' ),
	'author'      => array( 'author', 'Author' ),
	// The collaboration relay's permission tests need every role.
	'editor'      => array( 'editor', 'Editor' ),
	'contributor' => array( 'contributor', 'Contributor' ),
	'subscriber'  => array( 'subscriber', 'Subscriber' ),
) as $wpi_login => $wpi_spec ) {
	$wpi_user = wpi_user( $wpi_login, $wpi_spec[0], $wpi_spec[1] );
	$wpi_prev = isset( $wpi_previous['users'][ $wpi_login ]['applicationPassword'] )
		? $wpi_previous['users'][ $wpi_login ]['applicationPassword']
		: null;
	list( $wpi_pw, $wpi_uuid ) = wpi_app_password( $wpi_user, $wpi_prev );
	$wpi_users[ $wpi_login ]   = array(
		'id'                      => $wpi_user->ID,
		'username'                => $wpi_login,
		'role'                    => $wpi_spec[0],
		'password'                => WPI_USER_PASSWORD,
		'applicationPassword'     => $wpi_pw,
		'applicationPasswordUuid' => $wpi_uuid,
		'authorization'           => 'Basic ' . base64_encode( $wpi_login . ':' . $wpi_pw ),
	);
}

$wpi_home_url = rtrim( home_url(), '/' );
$wpi_site     = array(
	'url'              => $wpi_home_url,
	'restRoot'         => $wpi_home_url . '/wp-json',
	'restRouteRoot'    => $wpi_home_url . '/?rest_route=',
	'wordpressVersion' => $GLOBALS['wp_version'],
	'phpVersion'       => PHP_VERSION,
	'theme'            => get_stylesheet(),
	'environmentType'  => wp_get_environment_type(),
	'users'            => $wpi_users,
);

$wpi_tmp = $wpi_site_json . '.tmp';
file_put_contents( $wpi_tmp, json_encode( $wpi_site, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) . "\n" );
rename( $wpi_tmp, $wpi_site_json );
wpi_log( $wpi_fresh ? 'fresh install done' : 'existing install verified' );
