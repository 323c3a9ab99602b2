/**
 * Static data of the Twenty Twenty-Three block theme as WordPress 6.1 serves it: theme supports,
 * theme.json settings, style variations and the theme's template files.
 *
 * @module
 */

/** The theme's colour palette (theme.json `settings.color.palette.theme`). */
export const TT3_PALETTE = [
  { color: '#ffffff', name: 'Base', slug: 'base' },
  { color: '#000000', name: 'Contrast', slug: 'contrast' },
  { color: '#9DFF20', name: 'Primary', slug: 'primary' },
  { color: '#345C00', name: 'Secondary', slug: 'secondary' },
  { color: '#F6F6F6', name: 'Tertiary', slug: 'tertiary' },
];

const FONT_SIZES = [
  { name: 'Small', size: '1rem', slug: 'small' },
  { name: 'Medium', size: '1.125rem', slug: 'medium' },
  { name: 'Large', size: '1.75rem', slug: 'large' },
  { name: 'Extra Large', size: '2.25rem', slug: 'x-large' },
];

/** `theme_supports` of the active theme (`/wp/v2/themes?status=active`). */
export const TT3_THEME_SUPPORTS: Record<string, unknown> = {
  'align-wide': true,
  'automatic-feed-links': true,
  'block-template-parts': true,
  'block-templates': true,
  'custom-background': false,
  'custom-header': false,
  'custom-logo': false,
  'customize-selective-refresh-widgets': false,
  'dark-editor-style': false,
  'disable-custom-colors': false,
  'disable-custom-font-sizes': false,
  'disable-custom-gradients': false,
  'disable-layout-styles': false,
  'editor-color-palette': TT3_PALETTE,
  'editor-font-sizes': FONT_SIZES,
  'editor-gradient-presets': [],
  'editor-styles': true,
  formats: ['standard'],
  html5: ['comment-form', 'comment-list', 'search-form', 'gallery', 'caption', 'style', 'script'],
  'post-thumbnails': true,
  'responsive-embeds': true,
  'title-tag': true,
  'wp-block-styles': true,
};

/** Base theme.json data (`/wp/v2/global-styles/themes/twentytwentythree`). */
export const TT3_THEME_JSON = {
  settings: {
    appearanceTools: true,
    color: { palette: { theme: TT3_PALETTE }, defaultPalette: false },
    layout: { contentSize: '650px', wideSize: '1200px' },
    typography: { fontSizes: { theme: FONT_SIZES }, fluid: true },
    spacing: { units: ['%', 'px', 'em', 'rem', 'vh', 'vw'] },
  },
  styles: {
    color: { background: 'var(--wp--preset--color--base)', text: 'var(--wp--preset--color--contrast)' },
    typography: { fontSize: 'var(--wp--preset--font-size--medium)', lineHeight: '1.6' },
    elements: { link: { color: { text: 'var(--wp--preset--color--contrast)' } } },
  },
};

const VARIATION_COLORS: Array<[string, string, string]> = [
  ['Aubergine', '#1B1031', '#FFFFFF'],
  ['Block out', '#ff5252', '#000000'],
  ['Canary', '#fdff85', '#000000'],
  ['Electric', '#ffffff', '#0000ff'],
  ['Grapes', '#E1E1C7', '#000000'],
  ['Marigold', '#F6F2EC', '#21251F'],
  ['Pilgrimage', '#f9f9f9', '#553d2e'],
  ['Pitch', '#000000', '#FFFFFF'],
  ['Sherbet', '#FDD9BE', '#000000'],
  ['Whisper', '#fbfbfa', '#4F4F4F'],
];

/** The ten style variations of Twenty Twenty-Three (Aubergine … Whisper). */
export const TT3_VARIATIONS = VARIATION_COLORS.map(([title, base, contrast]) => ({
  version: 2,
  settings: {
    color: {
      palette: {
        theme: [
          { color: base, name: 'Base', slug: 'base' },
          { color: contrast, name: 'Contrast', slug: 'contrast' },
        ],
      },
    },
  },
  styles: {
    color: { background: 'var(--wp--preset--color--base)', text: 'var(--wp--preset--color--contrast)' },
  },
  title,
}));

/** A template or template part file of the theme. */
export interface ThemeTemplateFile {
  /** The slug (`home`). */
  slug: string;
  /** The title. */
  title: string;
  /** The description. */
  description: string;
  /** The block markup. */
  content: string;
  /** Template parts only: the area. */
  area?: string;
  /** Listed under `customTemplates` in theme.json (not part of the template hierarchy). */
  isCustom?: boolean;
}

const part = (slug: string): string =>
  `<!-- wp:template-part {"slug":"${slug}","tagName":"${slug === 'footer' ? 'footer' : 'header'}"} /-->`;

/** The theme's templates (9 files, as 6.1 lists them). */
export const TT3_TEMPLATES: ThemeTemplateFile[] = [
  {
    slug: '404',
    title: '404',
    description: 'Displays when no content is found.',
    content: `${part('header')}\n<!-- wp:pattern {"slug":"twentytwentythree/hidden-404"} /-->\n${part('footer')}`,
  },
  {
    slug: 'archive',
    title: 'Archive',
    description: 'Displays posts by a category, tag, author, or date.',
    content: `${part('header')}\n<!-- wp:query-title {"type":"archive"} /-->\n${part('footer')}`,
  },
  { slug: 'blank', title: 'Blank', description: '', content: '<!-- wp:post-content /-->', isCustom: true },
  {
    slug: 'blog-alternative',
    title: 'Blog (Alternative)',
    description: '',
    content: `${part('header')}\n<!-- wp:query /-->\n${part('footer')}`,
    isCustom: true,
  },
  {
    slug: 'home',
    title: 'Home',
    description: 'Displays posts on the homepage, or on the Posts page if a static homepage is set.',
    content: `${part('header')}\n<!-- wp:query {"queryId":0} /-->\n${part('footer')}`,
  },
  {
    slug: 'index',
    title: 'Index',
    description: 'Displays posts.',
    content: `${part('header')}\n<!-- wp:query /-->\n${part('footer')}`,
  },
  {
    slug: 'page',
    title: 'Page',
    description: 'Displays a single page.',
    content: `${part('header')}\n<!-- wp:post-title /-->\n<!-- wp:post-content /-->\n${part('footer')}`,
  },
  {
    slug: 'search',
    title: 'Search',
    description: 'Displays search results.',
    content: `${part('header')}\n<!-- wp:search /-->\n${part('footer')}`,
  },
  {
    slug: 'single',
    title: 'Single',
    description: 'Displays a single post.',
    content: `${part('header')}\n<!-- wp:post-title /-->\n<!-- wp:post-content /-->\n${part('footer')}`,
  },
];

/** The theme's template parts. */
export const TT3_TEMPLATE_PARTS: ThemeTemplateFile[] = [
  {
    slug: 'comments',
    title: 'Comments',
    description: '',
    content: '<!-- wp:comments /-->',
    area: 'uncategorized',
  },
  {
    slug: 'footer',
    title: 'Footer',
    description: '',
    content: '<!-- wp:paragraph --><p>Proudly powered by WordPress</p><!-- /wp:paragraph -->',
    area: 'footer',
  },
  {
    slug: 'header',
    title: 'Header',
    description: '',
    content: '<!-- wp:site-title /-->\n<!-- wp:navigation /-->',
    area: 'header',
  },
  {
    slug: 'post-meta',
    title: 'Post Meta',
    description: '',
    content: '<!-- wp:post-date /-->',
    area: 'uncategorized',
  },
];

/** Theme details shown by `/wp/v2/themes`. */
export const TT3_THEME = {
  stylesheet: 'twentytwentythree',
  template: 'twentytwentythree',
  requires_php: '5.6',
  requires_wp: '6.1',
  textdomain: 'twentytwentythree',
  version: '1.0',
  name: 'Twenty Twenty-Three',
  author: 'the WordPress team',
  author_uri: 'https://wordpress.org',
  theme_uri: 'https://wordpress.org/themes/twentytwentythree',
  description:
    'Twenty Twenty-Three is designed to take advantage of the new design tools introduced in WordPress 6.1.',
  tags: [
    'one-column',
    'custom-colors',
    'custom-menu',
    'custom-logo',
    'editor-style',
    'featured-images',
    'full-site-editing',
    'block-patterns',
    'rtl-language-support',
    'sticky-post',
    'threaded-comments',
    'translation-ready',
    'wide-blocks',
    'block-styles',
    'style-variations',
    'accessibility-ready',
    'blog',
    'portfolio',
    'news',
  ],
};
