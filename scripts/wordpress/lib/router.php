<?php
/**
 * Router script for `php -S`: does what WordPress's Apache rewrite rules do.
 *
 * - a request for an existing file that is not PHP (CSS, JS, uploads) is served by php -S itself;
 * - an existing .php file (wp-login.php, wp-admin/…) runs as it is;
 * - a directory without a trailing slash is redirected, one with a slash runs its index.php;
 * - anything else (/wp-json/…, pretty permalinks) runs /index.php, which routes it.
 *
 * Stays at global scope on purpose: the included WordPress files expect their globals there.
 */

$wpr_root  = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$wpr_path  = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
$wpr_path  = '/' . ltrim( rawurldecode( is_string( $wpr_path ) ? $wpr_path : '' ), '/' );
$wpr_query = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_QUERY );

// Never look outside the docroot: a NUL byte or a `..` segment goes to index.php instead.
$wpr_unsafe = false !== strpos( $wpr_path, "\0" ) || 1 === preg_match( '#(^|/)\.\.(/|$)#', $wpr_path );
$wpr_file   = $wpr_root . $wpr_path;

if ( ! $wpr_unsafe && '/' !== $wpr_path && file_exists( $wpr_file ) ) {
	if ( is_dir( $wpr_file ) ) {
		if ( '/' !== substr( $wpr_path, -1 ) ) {
			header( 'Location: ' . $wpr_path . '/' . ( $wpr_query ? '?' . $wpr_query : '' ), true, 301 );
			return true;
		}
		if ( ! is_file( $wpr_file . 'index.php' ) ) {
			return false;
		}
		$wpr_path .= 'index.php';
		$wpr_file .= 'index.php';
	}
	if ( '.php' !== substr( $wpr_file, -4 ) ) {
		return false;
	}
} else {
	$wpr_path = '/index.php';
	$wpr_file = $wpr_root . '/index.php';
}

$_SERVER['SCRIPT_NAME']     = $wpr_path;
$_SERVER['PHP_SELF']        = $wpr_path;
$_SERVER['SCRIPT_FILENAME'] = $wpr_file;
chdir( dirname( $wpr_file ) );
require $wpr_file;
return true;
