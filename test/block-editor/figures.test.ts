// @vitest-environment jsdom
/**
 * Figures, not a check: keystroke to the other side (p50/p95, both ways) and requests per minute
 * of the store and of the block editor's own provider, alone and with each other, in one run
 * against the mock WordPress's relay. Skipped unless `FIGURES=1`:
 *
 *     FIGURES=1 npx vitest run --project block-editor test/block-editor/figures.test.ts
 */
import { describe, it } from 'vitest';
import { createRequire } from 'node:module';
import { RootStore, type EntityRecord } from 'wp-entities';
import '../../src/sync/index.js';
import { wordpressBlockCodec, type WordPressBlocksApi } from '../../src/sync/shared/blockCodec.js';
import { httpPollingProvider } from '../../src/sync/providers/httpPolling/httpPollingProvider.js';
import { startBlockEditorPeer } from '../helpers/blockEditorPeer.js';
import { paragraph, until } from '../helpers/coEditingSuite.js';
import { mockCoEditingTarget } from '../helpers/mockCoEditingTarget.js';

/** How long each request-rate window lasts. */
const WINDOW_MS = Number(process.env.FIGURES_WINDOW_MS ?? 30_000);
/** Keystrokes measured each way. */
const KEYSTROKES = Number(process.env.FIGURES_KEYSTROKES ?? 40);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** A fetch that counts `/wp-sync/v1/updates` requests. */
function counting(fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>): {
  fetch: typeof fetch;
  count: () => number;
} {
  let count = 0;
  return {
    count: () => count,
    fetch: (input, init) => {
      const request = new Request(input, init);
      if (request.url.includes('wp-sync/v1/updates')) count += 1;
      return fetch(request);
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.env.FIGURES !== '1')('co-editing figures (mock relay)', () => {
  it('prints keystroke latency and request rates', { timeout: 900_000 }, async () => {
    const target = await mockCoEditingTarget();
    const editorRequests = counting(target.fetch);
    const storeRequests = counting(target.fetch);
    const peer = await startBlockEditorPeer({ ...target, fetch: editorRequests.fetch });
    const blocks = createRequire(import.meta.url)('@wordpress/blocks') as WordPressBlocksApi;
    const perMinute = (count: number): string => ((count * 60_000) / WINDOW_MS).toFixed(1);
    const lines: string[] = [];

    // Alone: each in a room of its own post.
    const soloEditorPost = await target.newPost();
    await peer.open(soloEditorPost);
    await sleep(2000);
    let before = editorRequests.count();
    await sleep(WINDOW_MS);
    lines.push(`block editor alone: ${perMinute(editorRequests.count() - before)} requests/min`);
    peer.stop();

    const store = new RootStore({
      transport: target.transport(storeRequests.fetch),
      sync: {
        user: { id: 1, name: 'wp-entities', color: '#336' },
        providers: [httpPollingProvider()],
        blockCodec: wordpressBlockCodec(blocks),
        undoCaptureTimeoutMs: 0,
      },
    });
    const id = await target.newPost();
    const record = store.record('postType', 'post', id) as EntityRecord<object>;
    await record.fetch();
    await store.sync!.join(record);
    await sleep(2000);
    before = storeRequests.count();
    await sleep(WINDOW_MS);
    lines.push(`store alone: ${perMinute(storeRequests.count() - before)} requests/min`);

    // Together, idle.
    await peer.open(id);
    await until(() => store.sync!.peers(record).length === 1, 'the block editor in the room');
    await sleep(3000);
    let editorBefore = editorRequests.count();
    before = storeRequests.count();
    await sleep(WINDOW_MS);
    lines.push(
      `together, idle: store ${perMinute(storeRequests.count() - before)}/min, block editor ${perMinute(editorRequests.count() - editorBefore)}/min`,
    );

    // Keystrokes store -> block editor, then block editor -> store, one at a time.
    const toEditor: number[] = [];
    const toStore: number[] = [];
    editorBefore = editorRequests.count();
    before = storeRequests.count();
    const typingStarted = Date.now();
    let text = 'Body';
    for (let i = 0; i < KEYSTROKES; i++) {
      text += String.fromCharCode(97 + (i % 26));
      const sent = Date.now();
      record.edit({ content: paragraph(text) });
      await until(
        () => String(peer.blocks()[0]?.attributes.content ?? '') === text,
        'a keystroke in the editor',
      );
      toEditor.push(Date.now() - sent);
      const typed = String.fromCharCode(65 + (i % 26));
      const sentBack = Date.now();
      peer.typeInBlock(0, 'content', text.length, typed);
      text += typed;
      await until(
        () => (record.edited as { content?: unknown }).content === paragraph(text),
        'a keystroke in the store',
      );
      toStore.push(Date.now() - sentBack);
    }
    const typingMs = Date.now() - typingStarted;
    const rate = (count: number): string => ((count * 60_000) / typingMs).toFixed(1);
    lines.push(
      `keystroke store -> block editor: p50 ${percentile(toEditor, 50)} ms, p95 ${percentile(toEditor, 95)} ms (${KEYSTROKES})`,
      `keystroke block editor -> store: p50 ${percentile(toStore, 50)} ms, p95 ${percentile(toStore, 95)} ms (${KEYSTROKES})`,
      `together, typing both ways for ${(typingMs / 1000).toFixed(0)} s: store ${rate(storeRequests.count() - before)}/min, block editor ${rate(editorRequests.count() - editorBefore)}/min`,
    );

    // Typing steadily in the store (a keystroke every 150 ms) for one window.
    editorBefore = editorRequests.count();
    before = storeRequests.count();
    const typingUntil = Date.now() + WINDOW_MS;
    while (Date.now() < typingUntil) {
      text += 'x';
      record.edit({ content: paragraph(text) });
      await sleep(150);
    }
    lines.push(
      `together, the store typing every 150 ms: store ${perMinute(storeRequests.count() - before)}/min, block editor ${perMinute(editorRequests.count() - editorBefore)}/min`,
    );

    store.dispose();
    peer.stop();
    console.log(`\nco-editing figures (window ${WINDOW_MS / 1000} s)\n${lines.join('\n')}\n`);
  });
});
