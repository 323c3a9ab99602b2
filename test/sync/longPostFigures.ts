/**
 * Prints what one keystroke costs in a long post at 100, 1,000 and 3,000 blocks (about 200 bytes
 * each: paragraphs, headings, lists, images, embeds), medians over 40 keystrokes in the block at
 * 90 % of the post. No assertion: `npx tsx test/sync/longPostFigures.ts` (figures in
 * docs/performance.md). Per keystroke:
 *
 * - sender: `sync.editBlock`, then what an app reads (`sync.blocks`, the record's content);
 * - peer: the update delivered and applied to the peer's record, then the same reads there;
 * - whole content: the same keystroke as `record.edit({ content })` of the whole post, for
 *   comparison (that path still parses the post).
 */
import { memoryNetwork } from '../../src/testing/memoryNetwork.js';
import { contentOf, longPostContent, twoPeople } from './longPostFixture.js';

const KEYSTROKES = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(count: number): Promise<{ sender: number; peer: number; whole: number }> {
  const net = memoryNetwork({ autoDeliver: false });
  const people = await twoPeople(count, net);
  const [a, b] = people;
  const at = Math.floor(count * 0.9) + 1;
  const clientId = a.store.sync!.blocks(a.record)[at]?.clientId as string;
  let text = String(a.store.sync!.blocks(a.record)[at]?.attributes.content);
  const sender: number[] = [];
  const peer: number[] = [];
  for (let i = 0; i < KEYSTROKES + 5; i++) {
    text += 'x';
    const start = performance.now();
    a.store.sync!.editBlock(a.record, clientId, 'content', text);
    a.store.sync!.blocks(a.record);
    contentOf(a.record);
    const sent = performance.now();
    await net.flush();
    b.store.sync!.blocks(b.record);
    contentOf(b.record);
    const received = performance.now();
    if (i < 5) continue;
    sender.push(sent - start);
    peer.push(received - sent);
  }
  const whole: number[] = [];
  let typed = contentOf(a.record);
  for (let i = 0; i < 15; i++) {
    typed = typed.replace('<h2>', '<h2>y');
    const start = performance.now();
    a.record.edit({ content: typed });
    whole.push(performance.now() - start);
    await net.flush();
  }
  for (const { store } of people) store.dispose();
  return { sender: median(sender), peer: median(peer), whole: median(whole.slice(3)) };
}

const rows: string[] = [
  '| blocks | KB | sender (ms) | peer (ms) | whole-content edit (ms) |',
  '|---|---|---|---|---|',
];
for (const count of (process.env.COUNTS ?? '100,1000,3000').split(',').map(Number)) {
  const { sender, peer, whole } = await measure(count);
  const kb = (longPostContent(count).length / 1024).toFixed(0);
  rows.push(`| ${count} | ${kb} | ${sender.toFixed(3)} | ${peer.toFixed(3)} | ${whole.toFixed(2)} |`);
}
console.log(rows.join('\n'));
