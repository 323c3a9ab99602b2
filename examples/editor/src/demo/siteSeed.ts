/**
 * What the demo's mock WordPress starts with, as plain data: the shared site (served by
 * `npm run demo`'s Node process) and the in-tab site (msw in the browser) seed themselves from it,
 * so both show the same posts.
 *
 * @module
 */
import type { MockEmbedAnswer, MockWordPressOptions } from 'wp-entities/testing';
import { SAMPLE_CONTENT } from '../post/blocks/sampleContent.js';

/**
 * The site's settings and posts. Its clock is the machine's, so a save made now reads "Last saved:
 * today". Nothing in it is waiting for the newcomer (no autosave newer than a post): every notice
 * the demo shows is one they caused.
 */
export const DEMO_SEED: MockWordPressOptions = {
  realTime: true,
  settings: { title: 'Field Notes', description: 'A demo site for wp-entities' },
  posts: [
    // A post with the blocks a real one has: text blocks to edit, and others kept as cards.
    {
      type: 'post',
      author: 1,
      status: 'publish',
      title: 'Notes from the salt marsh',
      excerpt: 'What to pack, what to write down, and the weather.',
      content: SAMPLE_CONTENT,
      date: '2026-11-20T17:30:00',
    },
  ],
};

/** The most posts `?posts=N` may add (the windowed list's size in the e2e suite, with room). */
export const MAX_GENERATED_POSTS = 20_000;

/**
 * `count` more published posts, short and numbered (`Generated post 1` …), one a minute apart: what
 * the demo adds for `?posts=N`, to show the post list's one scrolling list on a large site.
 */
export function generatedPosts(count: number): NonNullable<MockWordPressOptions['posts']> {
  const posts: NonNullable<MockWordPressOptions['posts']> = [];
  const start = Date.UTC(2020, 0, 1);
  for (let n = 1; n <= count; n++) {
    const date = new Date(start + n * 60_000).toISOString().slice(0, 19);
    posts.push({ type: 'post', author: 1, status: 'publish', title: `Generated post ${n}`, date });
  }
  return posts;
}

/** Answers for the embed box: a rich preview, and an address WordPress can only show as a link. */
export const DEMO_EMBEDS: ReadonlyArray<readonly [url: string, answer: MockEmbedAnswer]> = [
  [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    {
      type: 'video',
      version: '1.0',
      title: 'A video about the block editor',
      provider_name: 'YouTube',
      provider_url: 'https://www.youtube.com/',
      width: 560,
      height: 315,
      html: '<div style="font:16px system-ui;background:#111;color:#fff;height:300px;display:grid;place-items:center;border-radius:8px">▶ A video about the block editor</div>',
    },
  ],
  [
    'https://wordpress.org/news/',
    {
      type: 'rich',
      version: '1.0',
      title: 'News – WordPress.org',
      provider_name: 'WordPress.org',
      provider_url: 'https://wordpress.org',
      html: '<blockquote style="font:15px system-ui;border-left:4px solid #3858e9;margin:0;padding:12px 16px">WordPress 6.1 “Misha” is out: a better writing experience, more design tools.</blockquote>',
    },
  ],
  ['https://example.com/not-embeddable', 'fallback'],
];
