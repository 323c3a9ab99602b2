<?php
/**
 * Storage of the relay: two tables of its own, written with $wpdb directly, so an update never
 * touches the object cache or the site-wide `last_changed` keys (the block editor's post-meta
 * storage invalidated them on every keystroke).
 *
 * - `{prefix}wpe_sync_rows`: one row per stored update (id = the cursor clients send back).
 * - `{prefix}wpe_sync_presence`: one row per client and room; `changed_at` moves only when what
 *   others see changes, so a long poll can wait for it.
 *
 * @package wp-entities-sync
 */

defined( 'ABSPATH' ) || exit;

/**
 * Rows, presence and compaction of every room.
 */
final class WPE_Sync_Storage {
	/** Schema version; a higher one re-runs dbDelta. */
	const DB_VERSION = '1';

	/** Option holding the installed schema version. */
	const VERSION_OPTION = 'wpe_sync_db_version';

	/** Seconds a presence entry lives after its client's last request. */
	const AWARENESS_TIMEOUT = 30;

	/** Rows after which the lowest live client is asked to compact. */
	const COMPACTION_THRESHOLD = 50;

	/** Rows a room may hold; further plain rows are refused until a compaction (filter `wpe_sync_max_rows_per_room`). */
	const MAX_ROWS_PER_ROOM = 1000;

	/** Bytes of base64 a room may hold (filter `wpe_sync_max_bytes_per_room`). */
	const MAX_BYTES_PER_ROOM = 33554432;

	/** Creates or upgrades the tables. */
	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$charset = $wpdb->get_charset_collate();
		$rows    = $wpdb->prefix . 'wpe_sync_rows';
		$people  = $wpdb->prefix . 'wpe_sync_presence';
		dbDelta(
			"CREATE TABLE {$rows} (
				id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
				room_hash char(32) NOT NULL,
				client_id bigint(20) unsigned NOT NULL,
				type varchar(16) NOT NULL,
				data longtext NOT NULL,
				PRIMARY KEY  (id),
				KEY room_id (room_hash,id)
			) {$charset};
			CREATE TABLE {$people} (
				room_hash char(32) NOT NULL,
				client_id bigint(20) unsigned NOT NULL,
				user_id bigint(20) unsigned NOT NULL,
				state longtext NOT NULL,
				updated_at bigint(20) unsigned NOT NULL,
				changed_at bigint(20) unsigned NOT NULL,
				PRIMARY KEY  (room_hash,client_id)
			) {$charset};"
		);
		update_option( self::VERSION_OPTION, self::DB_VERSION, true );
	}

	/** Installs the tables when the plugin was copied in rather than activated, or upgraded. */
	public static function maybe_upgrade(): void {
		if ( get_option( self::VERSION_OPTION ) !== self::DB_VERSION ) {
			self::install();
		}
	}

	/** The key of a room in the tables. */
	private static function hash( string $room ): string {
		return md5( $room );
	}

	/** Milliseconds since the epoch. */
	public static function now_ms(): int {
		return (int) floor( microtime( true ) * 1000 );
	}

	/**
	 * The live presence of a room: client id => [ user_id, state ].
	 *
	 * @param string $room Room name.
	 * @return array<int, array{user_id:int, state:array}>
	 */
	public function presence( string $room ): array {
		global $wpdb;
		$cutoff = self::now_ms() - self::AWARENESS_TIMEOUT * 1000;
		$table  = $wpdb->prefix . 'wpe_sync_presence';
		$found  = $wpdb->get_results(
			$wpdb->prepare( "SELECT client_id, user_id, state FROM {$table} WHERE room_hash = %s AND updated_at > %d ORDER BY client_id", self::hash( $room ), $cutoff ),
			ARRAY_A
		);
		$live   = array();
		foreach ( (array) $found as $row ) {
			$state = json_decode( (string) $row['state'], true );
			$live[ (int) $row['client_id'] ] = array(
				'user_id' => (int) $row['user_id'],
				'state'   => is_array( $state ) ? $state : array(),
			);
		}
		return $live;
	}

	/**
	 * Stores a client's presence and refreshes its expiry; `null` removes it. Expired entries of the
	 * room are deleted on the way.
	 *
	 * @param string     $room      Room name.
	 * @param int        $client_id Client id.
	 * @param int        $user_id   WordPress user.
	 * @param array|null $state     What others see, or null to leave.
	 */
	public function set_presence( string $room, int $client_id, int $user_id, ?array $state ): void {
		global $wpdb;
		$table = $wpdb->prefix . 'wpe_sync_presence';
		$hash  = self::hash( $room );
		$now   = self::now_ms();
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE room_hash = %s AND updated_at <= %d", $hash, $now - self::AWARENESS_TIMEOUT * 1000 ) );
		if ( null === $state ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE room_hash = %s AND client_id = %d", $hash, $client_id ) );
			return;
		}
		$json     = (string) wp_json_encode( $state );
		$previous = $wpdb->get_var( $wpdb->prepare( "SELECT state FROM {$table} WHERE room_hash = %s AND client_id = %d", $hash, $client_id ) );
		if ( $previous === $json ) {
			// Only the expiry moves: a long poll of others is not woken by a renewal.
			$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET updated_at = %d, user_id = %d WHERE room_hash = %s AND client_id = %d", $now, $user_id, $hash, $client_id ) );
			return;
		}
		$wpdb->query(
			$wpdb->prepare(
				"REPLACE INTO {$table} (room_hash, client_id, user_id, state, updated_at, changed_at) VALUES (%s, %d, %d, %s, %d, %d)",
				$hash,
				$client_id,
				$user_id,
				$json,
				$now,
				$now
			)
		);
	}

	/**
	 * Stores one row. A compaction deletes the rows before the sender's cursor, unless a newer
	 * compaction came after that cursor; then it is kept as a plain update, so nothing it carries is
	 * lost. Other rows are refused once the room is at its bounds.
	 *
	 * @param string $room      Room name.
	 * @param int    $client_id Sender.
	 * @param int    $after     The sender's cursor.
	 * @param string $type      Row type.
	 * @param string $data      Base64 bytes.
	 * @return bool False when the room is full.
	 */
	public function store( string $room, int $client_id, int $after, string $type, string $data ): bool {
		global $wpdb;
		$table = $wpdb->prefix . 'wpe_sync_rows';
		$hash  = self::hash( $room );
		if ( 'compaction' === $type ) {
			$newer = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE room_hash = %s AND id > %d AND type = 'compaction'", $hash, $after ) );
			if ( $newer > 0 ) {
				$type = 'update';
			} else {
				$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE room_hash = %s AND id < %d", $hash, $after ) );
			}
		}
		if ( 'compaction' !== $type ) {
			$size      = $wpdb->get_row( $wpdb->prepare( "SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(data)), 0) AS bytes FROM {$table} WHERE room_hash = %s", $hash ), ARRAY_A );
			$max_rows  = (int) apply_filters( 'wpe_sync_max_rows_per_room', self::MAX_ROWS_PER_ROOM, $room );
			$max_bytes = (int) apply_filters( 'wpe_sync_max_bytes_per_room', self::MAX_BYTES_PER_ROOM, $room );
			if ( (int) $size['n'] >= $max_rows || (int) $size['bytes'] + strlen( $data ) > $max_bytes ) {
				return false;
			}
		}
		$wpdb->insert(
			$table,
			array(
				'room_hash' => $hash,
				'client_id' => $client_id,
				'type'      => $type,
				'data'      => $data,
			),
			array( '%s', '%d', '%s', '%s' )
		);
		return true;
	}

	/**
	 * A room's answer for one client: others' rows after the cursor (its own compactions too), the
	 * newest row id, the live presence, whether it should compact, and the row count.
	 *
	 * @param string $room      Room name.
	 * @param int    $client_id The requester.
	 * @param int    $after     Its cursor.
	 * @return array The room's part of the response.
	 */
	public function answer( string $room, int $client_id, int $after ): array {
		global $wpdb;
		$table    = $wpdb->prefix . 'wpe_sync_rows';
		$hash     = self::hash( $room );
		$rows     = $wpdb->get_results(
			$wpdb->prepare( "SELECT id, type, data FROM {$table} WHERE room_hash = %s AND id > %d AND (client_id <> %d OR type = 'compaction') ORDER BY id", $hash, $after, $client_id ),
			ARRAY_A
		);
		$counts   = $wpdb->get_row( $wpdb->prepare( "SELECT COUNT(*) AS n, COALESCE(MAX(id), 0) AS last FROM {$table} WHERE room_hash = %s", $hash ), ARRAY_A );
		$presence = $this->presence( $room );
		$updates  = array();
		foreach ( (array) $rows as $row ) {
			$updates[] = array(
				'type' => $row['type'],
				'data' => $row['data'],
			);
		}
		$awareness = array();
		foreach ( $presence as $id => $entry ) {
			$awareness[ (string) $id ] = $entry['state'];
		}
		$total = (int) $counts['n'];
		return array(
			'room'           => $room,
			'end_cursor'     => max( (int) $counts['last'], 0 === $total ? $after : 0 ),
			'awareness'      => (object) $awareness,
			'updates'        => $updates,
			'should_compact' => $total > self::COMPACTION_THRESHOLD && ! empty( $presence ) && min( array_keys( $presence ) ) === $client_id,
			'total_updates'  => $total,
		);
	}

	/**
	 * What a waiting request compares to know that something changed for it: the newest row of
	 * others and the newest presence change of others in its rooms, and how many others are there.
	 *
	 * @param string[] $rooms      Room names.
	 * @param int[]    $client_ids The waiting client's ids.
	 * @return string A fingerprint.
	 */
	public function fingerprint( array $rooms, array $client_ids ): string {
		global $wpdb;
		$hashes  = array_map( array( self::class, 'hash' ), $rooms );
		$in_room = implode( ',', array_fill( 0, count( $hashes ), '%s' ) );
		$in_ids  = implode( ',', array_fill( 0, count( $client_ids ), '%d' ) );
		$rows    = $wpdb->prefix . 'wpe_sync_rows';
		$people  = $wpdb->prefix . 'wpe_sync_presence';
		$cutoff  = self::now_ms() - self::AWARENESS_TIMEOUT * 1000;
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- the placeholders are built above.
		$last_row = $wpdb->get_var( $wpdb->prepare( "SELECT COALESCE(MAX(id), 0) FROM {$rows} WHERE room_hash IN ({$in_room}) AND client_id NOT IN ({$in_ids})", array_merge( $hashes, $client_ids ) ) );
		// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- the placeholders are built above.
		$people_now = $wpdb->get_row( $wpdb->prepare( "SELECT COUNT(*) AS n, COALESCE(MAX(changed_at), 0) AS changed FROM {$people} WHERE room_hash IN ({$in_room}) AND client_id NOT IN ({$in_ids}) AND updated_at > %d", array_merge( $hashes, $client_ids, array( $cutoff ) ) ), ARRAY_A );
		return $last_row . '/' . $people_now['n'] . '/' . $people_now['changed'];
	}
}
