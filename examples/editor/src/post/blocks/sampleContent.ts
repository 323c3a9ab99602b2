/**
 * Post content shaped like what WordPress 6.1's block editor saves: text blocks next to blocks the
 * demo shows as cards (image, embed, columns, separator) and a little classic HTML. The demo seeds a
 * post with it, and the tests check that untouched blocks survive editing byte for byte.
 *
 * @module
 */

/** A post's `content.raw`, as WordPress 6.1 stores it. */
export const SAMPLE_CONTENT = [
  '<!-- wp:paragraph -->\n<p>Field notes are written <em>in the field</em>: short, dated, and kept. This one shows the blocks the editor can change and the ones it keeps as they are.</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:heading -->\n<h2>What to pack</h2>\n<!-- /wp:heading -->',
  '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>A notebook that survives rain</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Two pencils, <strong>sharpened</strong></li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>A thermos</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
  '<!-- wp:image {"id":42,"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="https://example.com/wp-content/uploads/2026/11/marsh.jpg" alt="A salt marsh at dawn" class="wp-image-42"/><figcaption class="wp-element-caption">The marsh at 6:40, before the tide.</figcaption></figure>\n<!-- /wp:image -->',
  '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>Write down what you see, not what you expected to see.</p>\n<!-- /wp:paragraph --><cite>A field biologist</cite></blockquote>\n<!-- /wp:quote -->',
  '<!-- wp:heading {"level":3} -->\n<h3>Weather</h3>\n<!-- /wp:heading -->',
  '<!-- wp:paragraph {"align":"center","className":"is-style-note"} -->\n<p class="has-text-align-center is-style-note">Centred notes keep their alignment.</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:columns -->\n<div class="wp-block-columns"><!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Morning: 4 °C, wind from the north-east.</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column -->\n\n<!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Afternoon: 9 °C, clearing.</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->',
  '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ","type":"video","providerNameSlug":"youtube","responsive":true,"className":"wp-embed-aspect-16-9 wp-has-aspect-ratio"} -->\n<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div></figure>\n<!-- /wp:embed -->',
  '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->',
  '<!-- wp:list {"ordered":true} -->\n<ol><!-- wp:list-item -->\n<li>Note the time</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Note the place</li>\n<!-- /wp:list-item --></ol>\n<!-- /wp:list -->',
  '<!-- wp:paragraph -->\n<p>That is all for today.</p>\n<!-- /wp:paragraph -->',
].join('\n\n');
