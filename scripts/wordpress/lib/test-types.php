<?php
/**
 * Test fixture (a must-use plugin that scripts/wordpress/up.sh copies in): a custom post type
 * `book` (REST base `books`), a hierarchical taxonomy `genre` on it (REST base `genres`) and two
 * registered meta keys of books, `isbn` (a string) and `pages` (an integer), as a site with its own
 * content model has them. test/wordpress/typegen.test.ts generates TypeScript from their schemas.
 *
 * @package wp-entities
 */

add_action(
	'init',
	static function (): void {
		register_post_type(
			'book',
			array(
				'label'        => 'Books',
				'public'       => true,
				'show_in_rest' => true,
				'rest_base'    => 'books',
				'supports'     => array( 'title', 'editor', 'excerpt', 'custom-fields' ),
			)
		);
		register_taxonomy(
			'genre',
			array( 'book' ),
			array(
				'label'        => 'Genres',
				'hierarchical' => true,
				'show_in_rest' => true,
				'rest_base'    => 'genres',
			)
		);
		register_post_meta(
			'book',
			'isbn',
			array(
				'type'         => 'string',
				'description'  => 'The ISBN-13.',
				'single'       => true,
				'default'      => '',
				'show_in_rest' => true,
			)
		);
		register_post_meta(
			'book',
			'pages',
			array(
				'type'         => 'integer',
				'single'       => true,
				'default'      => 0,
				'show_in_rest' => true,
			)
		);
	}
);
