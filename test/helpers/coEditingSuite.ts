/**
 * Co-editing with the block editor's own data layer (`@wordpress/core-data` 8.1.0 +
 * `@wordpress/sync` 1.56.0, see `blockEditorPeer.ts`): one block-editor peer and one `RootStore`
 * with `httpPollingProvider` and the `@wordpress/blocks` codec, in one room of a relay (the mock
 * WordPress, or the real WordPress 6.1 with plugins/wp-entities-sync). Every field the issue names
 * goes both ways, both people's characters survive typing in one paragraph at once, each sees the
 * other's presence, and a save on either side leaves both clean with the same saved copy.
 *
 * The calling file runs in jsdom and calls {@link describeCoEditing} once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RootStore, type EntityRecord, type Transport } from 'wp-entities';
import '../../src/sync/index.js';
import { wordpressBlockCodec, type WordPressBlocksApi } from '../../src/sync/shared/blockCodec.js';
import { httpPollingProvider } from '../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { startBlockEditorPeer, type BlockEditorPeer, type BlockEditorTarget } from './blockEditorPeer.js';
import { createRequire } from 'node:module';

/** A paragraph's block markup, as the block editor saves it. */
export function paragraph(html: string): string {
  return `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
}

/** The post the suite edits, as the target creates it. */
export const STARTING_POST = {
  title: 'Hello',
  excerpt: 'Short',
  content: paragraph('Body'),
  status: 'draft',
  /** A registered meta key (`show_in_rest`, single string) the target must have. */
  metaKey: 'wpe_subtitle',
} as const;

/** Where the suite runs. */
export interface CoEditingTarget extends BlockEditorTarget {
  /** A transport for the store, as the same user as the block editor (its requests through `fetch` when given). */
  transport(fetch?: BlockEditorTarget['fetch']): Transport;
  /** Creates the post ({@link STARTING_POST}) and returns its id. */
  newPost(): Promise<number>;
  /** Reads the post's meta `_crdt_document` from the server ('' when none). */
  storedDocument(id: number): Promise<string>;
  /** Removes what the suite created. */
  close(): Promise<void>;
}

/** Bounds for waiting: generous, for a loaded 2-core machine; the relay polls every 1–4 s. */
export const WAIT_MS = 45_000;
/** Bound of one test of the suites. */
export const TEST_MS = 120_000;

/** Waits until `check` holds (polled every 25 ms), failing with `what` after `timeoutMs`. */
export async function until(
  check: () => boolean,
  what: string | (() => string),
  timeoutMs = WAIT_MS,
): Promise<void> {
  const started = Date.now();
  for (;;) {
    let ok = false;
    try {
      ok = check();
    } catch {
      ok = false;
    }
    if (ok) return;
    if (Date.now() - started > timeoutMs) {
      const described = typeof what === 'string' ? what : what();
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${described}.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type Post = Record<string, unknown>;

/** A field's raw string (`.raw` of `{ raw, rendered }`). */
export function raw(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = value as { raw?: unknown } | undefined;
  return typeof object?.raw === 'string' ? object.raw : '';
}

/** Registers the suite for `target` (made once, in `beforeAll`). */
export function describeCoEditing(label: string, makeTarget: () => Promise<CoEditingTarget>): void {
  describe(`co-editing with the block editor's data layer (${label})`, () => {
    let target: CoEditingTarget;
    let peer: BlockEditorPeer;
    let store: RootStore;
    let record: EntityRecord<object>;
    let id: number;

    const edited = (): Post => record.edited as Post;
    const paragraphText = (): string => {
      const block = peer.blocks()[0];
      return String(block?.attributes.content ?? '');
    };

    beforeAll(async () => {
      target = await makeTarget();
      peer = await startBlockEditorPeer(target);
      id = await target.newPost();
      // The block editor opens the post first: with no stored document yet, it writes the post into
      // a new document and stores it (`POST /wp-sync/v1/save`); the store then joins from that.
      await peer.open(id);
      let stored = '';
      const started = Date.now();
      while (stored === '' && Date.now() - started < WAIT_MS) {
        stored = await target.storedDocument(id);
        if (stored === '') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(stored, 'the block editor stored its document').not.toBe('');
      const require = createRequire(import.meta.url);
      const blocks = require('@wordpress/blocks') as WordPressBlocksApi;
      store = new RootStore({
        transport: target.transport(),
        sync: {
          user: { id: 1, name: 'wp-entities', color: '#336' },
          providers: [httpPollingProvider()],
          blockCodec: wordpressBlockCodec(blocks),
          undoCaptureTimeoutMs: 0,
        },
      });
      record = store.record('postType', 'post', id) as EntityRecord<object>;
      await record.fetch();
      await store.sync!.join(record);
    }, 300_000);

    afterAll(async () => {
      store?.dispose();
      peer?.stop();
      await target?.close();
    });

    it(
      "shows each side's presence on the other",
      async () => {
        await until(() => store.sync!.peers(record).length === 1, "the block editor's presence in the store");
        await until(() => {
          const states = peer.awareness()?.getStates();
          if (states === undefined) return false;
          return [...states.entries()].some(
            ([clientId, state]) => clientId !== peer.awareness()?.clientID && 'collaboratorInfo' in state,
          );
        }, "the store's presence in the block editor");
        expect(store.sync!.connection(record)).toBe('connected');
      },
      TEST_MS,
    );

    it(
      'brings title, excerpt, status and a meta key from the store to the block editor',
      async () => {
        record.edit({
          title: 'Hello from the store',
          excerpt: 'Excerpt from the store',
          status: 'pending',
          meta: { ...((record.edited as Post).meta as Post), [STARTING_POST.metaKey]: 'Subtitle A' },
        });
        await until(() => {
          const post = peer.edited();
          return (
            raw(post.title) === 'Hello from the store' &&
            raw(post.excerpt) === 'Excerpt from the store' &&
            post.status === 'pending' &&
            (post.meta as Post | undefined)?.[STARTING_POST.metaKey] === 'Subtitle A'
          );
        }, "the store's fields in the block editor");
      },
      TEST_MS,
    );

    it(
      'brings title, excerpt, status and a meta key from the block editor to the store',
      async () => {
        peer.edit({
          title: 'Hello from the editor',
          excerpt: 'Excerpt from the editor',
          status: 'draft',
          meta: { ...(peer.edited().meta as Post), [STARTING_POST.metaKey]: 'Subtitle B' },
        });
        await until(() => {
          const post = edited();
          return (
            post.title === 'Hello from the editor' &&
            post.excerpt === 'Excerpt from the editor' &&
            post.status === 'draft' &&
            (post.meta as Post | undefined)?.[STARTING_POST.metaKey] === 'Subtitle B'
          );
        }, "the block editor's fields in the store");
      },
      TEST_MS,
    );

    it(
      'brings text typed in a paragraph on either side to the other',
      async () => {
        record.edit({ content: paragraph('Body typed here') });
        await until(() => paragraphText() === 'Body typed here', "the store's paragraph in the block editor");
        expect(peer.blocks()).toHaveLength(1);
        peer.typeInBlock(0, 'content', 'Body typed here'.length, ' and there');
        await until(
          () => edited().content === paragraph('Body typed here and there'),
          "the block editor's typing in the store",
        );
      },
      TEST_MS,
    );

    it(
      "keeps both people's characters when both type in one paragraph at once",
      async () => {
        const before = paragraphText();
        await until(() => edited().content === paragraph(before), 'both sides agreeing first');
        // Neither has seen the other's keystrokes when typing: the store at the start, the editor at the end.
        record.edit({ content: paragraph(`Store: ${before}`) });
        peer.typeInBlock(0, 'content', before.length, ' :editor');
        const expected = `Store: ${before} :editor`;
        await until(
          () => paragraphText() === expected && edited().content === paragraph(expected),
          `both people's characters on both sides (store: ${String(edited().content)}; editor: ${paragraphText()})`,
        );
      },
      TEST_MS,
    );

    it(
      'leaves both clean with the same saved copy after a save in the block editor',
      async () => {
        peer.edit({ title: 'Saved by the editor' });
        await until(() => edited().title === 'Saved by the editor', "the editor's title in the store");
        await peer.save();
        await until(() => !peer.isDirty(), 'the block editor clean');
        await until(
          () => !record.isDirty && raw((record.persisted as Post).title) === 'Saved by the editor',
          () =>
            `the store clean with the saved copy (edits: ${JSON.stringify(record.edits)}, saved title: ${raw((record.persisted as Post).title)})`,
        );
        const saved = record.persisted as Post;
        const theirs = peer.saved();
        expect(saved.modified_gmt).toBe(theirs.modified_gmt);
        expect(raw(saved.content)).toBe(raw(theirs.content));
        expect(raw(saved.title)).toBe(raw(theirs.title));
      },
      TEST_MS,
    );
    it(
      'leaves both clean with the same saved copy after a save in the store',
      async () => {
        record.edit({ excerpt: 'Saved by the store' });
        await until(
          () => raw(peer.edited().excerpt) === 'Saved by the store',
          "the store's excerpt in the editor",
        );
        await record.save();
        await until(
          () => !record.isDirty,
          () => `the store clean (edits: ${JSON.stringify(record.edits)})`,
        );
        // core-data's dirty flag counts the lazy content serializer it injects on every other remote
        // update as unsaved, whatever it serializes (two block editors do the same to each other), and
        // only its own save clears it: "clean" here is no unsaved edit that differs from the saved copy.
        await until(
          () => Object.keys(peer.unsavedDifferences()).length === 0,
          () =>
            `the block editor clean after the store saved (unsaved: ${JSON.stringify(peer.unsavedDifferences())})`,
        );
        const saved = record.persisted as Post;
        const theirs = peer.saved();
        expect(raw(theirs.title)).toBe(raw(saved.title));
        expect(raw(theirs.content)).toBe(raw(saved.content));
        expect(raw(theirs.excerpt)).toBe(raw(saved.excerpt));
        expect(theirs.status).toBe(saved.status);
        expect(theirs.modified_gmt).toBe(saved.modified_gmt);
        expect(raw(saved.content)).toContain('Store: Body typed here and there :editor');
      },
      TEST_MS,
    );
  });
}
