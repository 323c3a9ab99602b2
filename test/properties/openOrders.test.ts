/**
 * Two people co-editing one post through the mock WordPress's `/wp-sync/v1` relay (with
 * `_crdt_document`, `httpPollingProvider`, a paragraph block codec), on random interleavings of:
 * who opens first (or both in one step), typing in the title and in either paragraph by whoever
 * has the post open, saves by either, and one leaving (after a save when alone, as a closed tab
 * with nothing unsaved) and opening it again. Every typed character is unique; at the end, with
 * both open and the relay settled, both show the same title and content and every character typed
 * is there (nobody deletes here, so none may be missing). Fake timers; sized to run in `npm test`.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import type { BlockCodec, SyncBlock } from '../../src/sync/shared/blockCodec.js';
import { httpPollingProvider } from '../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { createMockWordPress } from '../../src/testing/index.js';
import { transportAs } from '../sync/httpPolling/helpers.js';

const RUNS = Number(process.env.FC_RUNS ?? 60);
const SEED = process.env.FC_SEED === undefined ? 20_261_207 : Number(process.env.FC_SEED);

function paragraph(html: string): string {
  return `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
}

let parses = 0;
/** Paragraphs only; every parse makes new clientIds, as `@wordpress/blocks` does. */
const paragraphs: BlockCodec = {
  parse: (content) =>
    [...content.matchAll(/<!-- wp:paragraph -->\n<p>([\s\S]*?)<\/p>\n<!-- \/wp:paragraph -->/g)].map(
      (match): SyncBlock => ({
        name: 'core/paragraph',
        clientId: `p${(parses += 1)}`,
        isValid: true,
        attributes: { content: match[1] ?? '' },
        innerBlocks: [],
      }),
    ),
  serialize: (blocks) =>
    blocks.map((block) => paragraph(String(block.attributes.content ?? ''))).join('\n\n'),
  attributeSchema: (blockName, attribute) =>
    blockName === 'core/paragraph' && attribute === 'content' ? { type: 'rich-text' } : undefined,
};

type Who = 0 | 1;
type Step =
  | { type: 'open'; who: Who | 'both' }
  | { type: 'type'; who: Who; where: 'title' | 0 | 1; at: number }
  | { type: 'save'; who: Who }
  | { type: 'leave'; who: Who }
  | { type: 'wait'; ms: number };

const who = fc.constantFrom<Who>(0, 1);
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constant('open' as const),
      who: fc.constantFrom<Who | 'both'>(0, 1, 'both'),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      type: fc.constant('type' as const),
      who,
      where: fc.constantFrom<'title' | 0 | 1>('title', 0, 1),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    weight: 8,
  },
  { arbitrary: fc.record({ type: fc.constant('save' as const), who }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('leave' as const), who }), weight: 1 },
  {
    arbitrary: fc.record({ type: fc.constant('wait' as const), ms: fc.constantFrom(50, 400, 1500) }),
    weight: 3,
  },
);

type Post = { title?: unknown; content?: unknown };

function paragraphsOf(content: string): string[] {
  return [...content.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((match) => match[1] ?? '');
}

function insertAt(text: string, at: number, character: string): string {
  const index = Math.floor(at * (text.length + 1));
  return `${text.slice(0, index)}${character}${text.slice(index)}`;
}

describe('two people opening, typing, saving and leaving in any order', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("lose no one's characters: both end equal, holding everything typed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        const mock = createMockWordPress({ collaboration: true });
        mock.setCurrentRole('administrator');
        const id = mock.addPost('post', {
          title: 'T',
          content: `${paragraph('One')}\n\n${paragraph('Two')}`,
          status: 'draft',
        });
        const open: (EntityRecord<object> | undefined)[] = [undefined, undefined];
        const stores: (RootStore | undefined)[] = [undefined, undefined];
        const typed: string[] = [];
        let next = 0x4e00;
        const settle = async (ms: number): Promise<void> => {
          await vi.advanceTimersByTimeAsync(ms);
        };

        async function openFor(person: Who): Promise<void> {
          if (open[person] !== undefined) return;
          const store = new RootStore({
            transport: transportAs(mock),
            sync: {
              user: { id: person + 1, name: `P${person}`, color: '#333' },
              providers: [httpPollingProvider()],
              blockCodec: paragraphs,
              undoCaptureTimeoutMs: 0,
            },
          });
          stores[person] = store;
          const record = store.record('postType', 'post', id) as EntityRecord<object>;
          await record.fetch();
          await store.sync!.join(record);
          open[person] = record;
        }

        try {
          for (const step of steps) {
            if (step.type === 'open') {
              if (step.who === 'both') await Promise.all([openFor(0), openFor(1)]);
              else await openFor(step.who);
            } else if (step.type === 'type') {
              const record = open[step.who];
              if (record === undefined) continue;
              const character = String.fromCharCode((next += 1));
              typed.push(character);
              const post = record.edited as Post;
              if (step.where === 'title') {
                record.edit({ title: insertAt(String(post.title ?? ''), step.at, character) });
              } else {
                const texts = paragraphsOf(String(post.content ?? ''));
                texts[step.where] = insertAt(texts[step.where] ?? '', step.at, character);
                record.edit({ content: texts.map(paragraph).join('\n\n') });
              }
            } else if (step.type === 'save') {
              const record = open[step.who];
              if (record === undefined || record.isSaving) continue;
              await record.save();
            } else if (step.type === 'leave') {
              const record = open[step.who];
              if (record === undefined) continue;
              // Whatever the relay carries first; alone, the person saves before closing the tab.
              await settle(2000);
              if (open[step.who === 0 ? 1 : 0] === undefined && record.isDirty) await record.save();
              stores[step.who]?.dispose();
              stores[step.who] = undefined;
              open[step.who] = undefined;
            } else {
              await settle(step.ms);
            }
          }
          await openFor(0);
          await openFor(1);
          const [a, b] = open as [EntityRecord<object>, EntityRecord<object>];
          const shows = (record: EntityRecord<object>): string =>
            `${String((record.edited as Post).title)}|${String((record.edited as Post).content)}`;
          for (let spent = 0; spent < 30_000 && shows(a) !== shows(b); spent += 100) await settle(100);
          await settle(3000);
          expect(shows(a)).toBe(shows(b));
          const shown = shows(a);
          for (const character of typed)
            expect(shown, `character ${character} of ${typed.join('')}`).toContain(character);
          expect(paragraphsOf(String((a.edited as Post).content))).toHaveLength(2);
        } finally {
          for (const store of stores) store?.dispose();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 120_000);
});
