<?php
/**
 * The REST routes of the relay, on the block editor's protocol (`@wordpress/sync` 1.56):
 *
 * - `POST /wp-sync/v1/updates {rooms: [{room, client_id, after, awareness, updates}]}` stores the
 *   rows and presence of each room and answers, per room, the rows of others after the cursor,
 *   the newest row id (`end_cursor`), everyone's presence and `should_compact`.
 * - `POST /wp-sync/v1/save {room, doc}` stores a post's document in post meta `_crdt_document`.
 *
 * One addition the block editor's client ignores: a request that sends nothing may ask to `wait`
 * (milliseconds); it is answered as soon as another client stores a row or changes presence in one
 * of its rooms, or when the wait ends (at most 20 s, filter `wpe_sync_max_wait_ms`; 0 turns it
 * off). The answer says how long this server holds requests (`wait`). A held request keeps one PHP
 * worker and asks the database a two-query question every 150 ms, which is far cheaper than a full
 * WordPress request per second per editor.
 *
 * What this server cannot check: the rows are Yjs updates, which PHP cannot parse, so they are
 * stored as opaque rows, as the block editor's own server stores them. A user's unsaved shared
 * edits that they could not save themselves (status publish/future/private, a password, another
 * author, sticky, terms, HTML that kses would strip) reach everyone in the room and are saved by
 * whoever saves next. WordPress checks each save only for the person who sends it. The mock
 * WordPress's relay (`wp-entities/testing`) and the sync server (`wp-entities/sync/server`) refuse
 * such rows (`SharedEditGuard`); on a real site, use the sync server when not every editor of a
 * post may publish.
 *
 * @package wp-entities-sync
 */

defined( 'ABSPATH' ) || exit;

/**
 * Routes, validation, permission checks and the handler.
 */
final class WPE_Sync_Server {
	/** The block editor's namespace. */
	const REST_NAMESPACE = 'wp-sync/v1';

	/** Rooms per request. */
	const MAX_ROOMS_PER_REQUEST = 50;

	/** Characters of base64 per row. */
	const MAX_UPDATE_DATA_SIZE = 1048576;

	/** Bytes per request body. */
	const MAX_BODY_SIZE = 16777216;

	/** Characters of JSON one client's presence may take. */
	const MAX_AWARENESS_SIZE = 16384;

	/** Default and largest long poll, in milliseconds. */
	const MAX_WAIT_MS = 20000;

	/** How often a held request looks for news, in microseconds. */
	const WAIT_STEP_US = 150000;

	/** Rows, presence and compaction. */
	private WPE_Sync_Storage $storage;

	/**
	 * @param WPE_Sync_Storage $storage The storage.
	 */
	public function __construct( WPE_Sync_Storage $storage ) {
		$this->storage = $storage;
	}

	/** Registers both routes. */
	public function register_routes(): void {
		$row  = array(
			'type'       => 'object',
			'required'   => true,
			'properties' => array(
				'data' => array(
					'type'      => 'string',
					'required'  => true,
					'maxLength' => self::MAX_UPDATE_DATA_SIZE,
				),
				'type' => array(
					'type'     => 'string',
					'required' => true,
					'enum'     => array( 'compaction', 'sync_step1', 'sync_step2', 'update' ),
				),
			),
		);
		$room = array(
			'after'     => array(
				'type'     => 'integer',
				'minimum'  => 0,
				'required' => true,
			),
			'awareness' => array(
				'type'     => array( 'object', 'null' ),
				'required' => true,
			),
			'client_id' => array(
				'type'     => 'integer',
				'minimum'  => 1,
				'required' => true,
			),
			'room'      => array(
				'type'     => 'string',
				'pattern'  => '^[^/]+/[^/:]+(?::\\S+)?$',
				'required' => true,
			),
			'updates'   => array(
				'type'     => 'array',
				'items'    => $row,
				'minItems' => 0,
				'required' => true,
			),
		);
		register_rest_route(
			self::REST_NAMESPACE,
			'/updates',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'handle_updates' ),
				'permission_callback' => array( $this, 'check_updates_permission' ),
				'validate_callback'   => array( $this, 'validate_body_size' ),
				'args'                => array(
					'rooms' => array(
						'type'     => 'array',
						'required' => true,
						'maxItems' => self::MAX_ROOMS_PER_REQUEST,
						'items'    => array(
							'type'       => 'object',
							'properties' => $room,
						),
					),
					'wait'  => array(
						'type'    => 'integer',
						'minimum' => 0,
					),
				),
			)
		);
		register_rest_route(
			self::REST_NAMESPACE,
			'/save',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'handle_save' ),
				'permission_callback' => array( $this, 'check_save_permission' ),
				'args'                => array(
					'room' => array(
						'type'     => 'string',
						'pattern'  => '^[^/]+/[^/:]+(?::\\S+)?$',
						'required' => true,
					),
					'doc'  => array(
						'type'      => 'string',
						'maxLength' => self::MAX_BODY_SIZE,
						'required'  => true,
					),
				),
			)
		);
	}

	/**
	 * 413 for a body over 16 MB, before anything is stored.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function validate_body_size( WP_REST_Request $request ) {
		$body = $request->get_body();
		if ( is_string( $body ) && strlen( $body ) > self::MAX_BODY_SIZE ) {
			return new WP_Error( 'rest_sync_body_too_large', __( 'Request body is too large.', 'wp-entities-sync' ), array( 'status' => 413 ) );
		}
		return true;
	}

	/**
	 * `edit_posts`, then each room; a client id that another user's live presence holds is refused.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function check_updates_permission( WP_REST_Request $request ) {
		if ( ! current_user_can( 'edit_posts' ) ) {
			return new WP_Error( 'rest_cannot_edit', __( 'You do not have permission to perform this action', 'wp-entities-sync' ), array( 'status' => rest_authorization_required_code() ) );
		}
		$user_id   = get_current_user_id();
		$forbidden = array();
		foreach ( (array) $request['rooms'] as $room ) {
			$name      = (string) ( $room['room'] ?? '' );
			$client_id = (int) ( $room['client_id'] ?? 0 );
			$presence  = $this->storage->presence( $name );
			if ( isset( $presence[ $client_id ] ) && $presence[ $client_id ]['user_id'] !== $user_id ) {
				return new WP_Error( 'rest_cannot_edit', __( 'Client ID is already in use by another user.', 'wp-entities-sync' ), array( 'status' => 403 ) );
			}
			if ( ! WPE_Sync_Permissions::can_sync( $name ) && ! in_array( $name, $forbidden, true ) ) {
				$forbidden[] = $name;
			}
		}
		if ( ! empty( $forbidden ) ) {
			return new WP_Error(
				'rest_cannot_edit',
				/* translators: %s: comma-separated room names. */
				sprintf( __( 'You do not have permission to sync one or more entities: %s.', 'wp-entities-sync' ), implode( ', ', $forbidden ) ),
				array(
					'status' => rest_authorization_required_code(),
					'rooms'  => $forbidden,
				)
			);
		}
		return true;
	}

	/**
	 * The presence others see: the client's `editorState`, and who it is from WordPress's users
	 * (a client cannot choose its name). 400 for any other field.
	 *
	 * @param array   $awareness What the client sent.
	 * @param WP_User $user      The current user.
	 * @return array|WP_Error
	 */
	private function presence_of( array $awareness, WP_User $user ) {
		$extra = array_diff( array_keys( $awareness ), array( 'collaboratorInfo', 'editorState' ) );
		if ( ! empty( $extra ) || strlen( (string) wp_json_encode( $awareness ) ) > self::MAX_AWARENESS_SIZE ) {
			return new WP_Error( 'rest_invalid_param', __( 'Invalid awareness state.', 'wp-entities-sync' ), array( 'status' => 400 ) );
		}
		$sent = is_array( $awareness['collaboratorInfo'] ?? null ) ? $awareness['collaboratorInfo'] : array();
		$info = array(
			'id'          => $user->ID,
			'name'        => $user->display_name,
			'slug'        => $user->user_nicename,
			'avatar_urls' => rest_get_avatar_urls( $user ),
			'browserType' => is_string( $sent['browserType'] ?? null ) ? substr( $sent['browserType'], 0, 64 ) : 'Unknown',
			'enteredAt'   => is_numeric( $sent['enteredAt'] ?? null ) ? (float) $sent['enteredAt'] : WPE_Sync_Storage::now_ms(),
		);
		$state = array( 'collaboratorInfo' => $info );
		if ( is_array( $awareness['editorState'] ?? null ) ) {
			$state['editorState'] = $awareness['editorState'];
		}
		return $state;
	}

	/**
	 * Stores each room's presence and rows and answers what each client is missing; holds a request
	 * that sent nothing and asked to `wait` until something arrives for it.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function handle_updates( WP_REST_Request $request ) {
		$user    = wp_get_current_user();
		$rooms   = (array) $request['rooms'];
		$sent    = false;
		$answers = array();
		foreach ( $rooms as $room ) {
			$name      = (string) $room['room'];
			$client_id = (int) $room['client_id'];
			$after     = (int) $room['after'];
			$state     = null;
			if ( is_array( $room['awareness'] ) ) {
				$state = $this->presence_of( $room['awareness'], $user );
				if ( is_wp_error( $state ) ) {
					return $state;
				}
			}
			$this->storage->set_presence( $name, $client_id, $user->ID, $state );
			foreach ( (array) $room['updates'] as $row ) {
				$sent = true;
				if ( ! $this->storage->store( $name, $client_id, $after, (string) $row['type'], (string) $row['data'] ) ) {
					return new WP_Error(
						'rest_sync_room_full',
						/* translators: %s: room name. */
						sprintf( __( 'Room %s holds as much as it may until a client compacts it.', 'wp-entities-sync' ), $name ),
						array( 'status' => 507 )
					);
				}
			}
		}
		// Taken before the answers: whatever another request writes after this point either is in
		// the answers or changes the fingerprint and wakes the hold (no lost wake-up).
		$names      = array_map( static fn( $room ) => (string) $room['room'], $rooms );
		$client_ids = array_map( static fn( $room ) => (int) $room['client_id'], $rooms );
		$before     = $this->storage->fingerprint( $names, $client_ids );
		foreach ( $rooms as $room ) {
			$answers[] = $this->storage->answer( (string) $room['room'], (int) $room['client_id'], (int) $room['after'] );
		}
		$max_wait = (int) apply_filters( 'wpe_sync_max_wait_ms', self::MAX_WAIT_MS );
		$max_wait = max( 0, min( $max_wait, self::MAX_WAIT_MS ) );
		$wait     = min( (int) ( $request['wait'] ?? 0 ), $max_wait );
		if ( ! $sent && $wait > 0 && $this->is_idle( $answers ) ) {
			$answers = $this->hold( $rooms, $before, $wait ) ?? $answers;
		}
		$body = array( 'rooms' => $answers );
		if ( $max_wait > 0 ) {
			$body['wait'] = $max_wait;
		}
		return new WP_REST_Response( $body, 200 );
	}

	/**
	 * True when no room's answer carries rows or a compaction request.
	 *
	 * @param array $answers The rooms' answers.
	 */
	private function is_idle( array $answers ): bool {
		foreach ( $answers as $answer ) {
			if ( ! empty( $answer['updates'] ) || $answer['should_compact'] ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Waits until another client stores a row or changes presence in one of the rooms, then answers
	 * again (read only: the presence is not renewed, so a client that left meanwhile stays gone).
	 *
	 * @param array  $rooms   The request's rooms.
	 * @param string $before  The fingerprint taken before the first answers.
	 * @param int    $wait_ms How long at most.
	 * @return array|null The new answers, or null when nothing changed.
	 */
	private function hold( array $rooms, string $before, int $wait_ms ): ?array {
		$names      = array_map( static fn( $room ) => (string) $room['room'], $rooms );
		$client_ids = array_map( static fn( $room ) => (int) $room['client_id'], $rooms );
		$deadline   = microtime( true ) + $wait_ms / 1000;
		$changed    = false;
		while ( microtime( true ) < $deadline && ! connection_aborted() ) {
			usleep( self::WAIT_STEP_US );
			if ( $this->storage->fingerprint( $names, $client_ids ) !== $before ) {
				$changed = true;
				break;
			}
		}
		if ( ! $changed ) {
			return null;
		}
		$answers = array();
		foreach ( $rooms as $room ) {
			$answers[] = $this->storage->answer( (string) $room['room'], (int) $room['client_id'], (int) $room['after'] );
		}
		return $answers;
	}

	/**
	 * `/save` needs `edit_post` on the room's post.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function check_save_permission( WP_REST_Request $request ) {
		if ( current_user_can( 'edit_posts' ) && null !== WPE_Sync_Permissions::editable_post( (string) $request['room'] ) ) {
			return true;
		}
		return new WP_Error(
			'rest_cannot_edit',
			/* translators: %s: room name. */
			sprintf( __( 'You do not have permission to sync this entity: %s.', 'wp-entities-sync' ), (string) $request['room'] ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * Stores the document in post meta `_crdt_document` (the meta cache of that one post is the
	 * only cache touched).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function handle_save( WP_REST_Request $request ): WP_REST_Response {
		$post = WPE_Sync_Permissions::editable_post( (string) $request['room'] );
		update_post_meta( $post->ID, '_crdt_document', wp_slash( (string) $request['doc'] ) );
		return new WP_REST_Response(
			array(
				'room'  => (string) $request['room'],
				'saved' => true,
			),
			200
		);
	}
}
