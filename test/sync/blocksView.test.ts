/**
 * `BlocksView`, the binding's reading of `document.blocks`: each block read and serialized once per
 * change of it, yet always what the document holds, inside a transaction too, and after a peer
 * replaces the whole blocks array.
 */
import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { BlocksView } from '../../src/sync/client/binding/BlocksView.js';
import { writeBlocks } from '../../src/sync/shared/blockDoc.js';
import { longPostCodec, longPostContent } from './longPostFixture.js';

function setup(): { doc: Y.Doc; view: BlocksView; text: (index: number) => Y.Text } {
  const calls = { parse: 0, parsed: 0, serialize: 0, serializeBlock: 0 };
  const codec = longPostCodec(calls);
  const doc = new Y.Doc();
  const documentMap = doc.getMap<unknown>('document');
  const view = new BlocksView(doc, documentMap, codec);
  doc.on('afterTransaction', (transaction: Y.Transaction) => view.noteTransaction(transaction));
  doc.transact(() => writeBlocks(documentMap, codec, longPostContent(12)));
  const text = (index: number): Y.Text => {
    const blocks = documentMap.get('blocks') as Y.Array<Y.Map<unknown>>;
    return (blocks.get(index).get('attributes') as Y.Map<unknown>).get('content') as Y.Text;
  };
  return { doc, view, text };
}

describe('BlocksView', () => {
  it('reads a change made earlier in the same transaction (a write that reads the content back)', () => {
    const { doc, view, text } = setup();
    const before = view.content();
    doc.transact(() => {
      text(1).insert(0, 'Typed ');
      expect(view.content()).toBe(before.replace('<p>', '<p>Typed '));
      expect(view.blocks()[1]?.attributes.content).toMatch(/^Typed /);
      text(1).insert(0, 'Again ');
      expect(view.content()).toBe(before.replace('<p>', '<p>Again Typed '));
    });
    expect(view.content()).toBe(before.replace('<p>', '<p>Again Typed '));
  });

  it('follows a peer that replaces the whole blocks array (a block editor building its own), and tells observers once per transaction', () => {
    const { doc, view } = setup();
    const runs: number[] = [];
    const stop = autorun(() => runs.push(view.blocks().length));
    doc.transact(() => {
      const blocks = new Y.Array<Y.Map<unknown>>();
      doc.getMap('document').set('blocks', blocks);
      blocks.insert(0, [
        new Y.Map<unknown>([
          ['name', 'core/paragraph'],
          ['clientId', 'x'],
          ['attributes', new Y.Map([['content', 'One']])],
          ['innerBlocks', new Y.Array()],
        ]),
      ]);
    });
    expect(view.blocks().map((block) => block.clientId)).toEqual(['x']);
    expect(view.blockMap('x')?.get('clientId')).toBe('x');
    expect(view.content()).toBe('<!-- wp:paragraph -->\n<p>One</p>\n<!-- /wp:paragraph -->');
    stop();
    expect(runs.at(-1)).toBe(1);
    expect(runs.length).toBeLessThanOrEqual(3);
  });

  it('tells which blocks new content changed, and nothing when the changed run would parse differently alone', () => {
    const { view } = setup();
    const content = view.content();
    const pieces = content.split('\n\n');
    const typed = [...pieces];
    typed[5] = (typed[5] as string).replace('<p>', '<p>Typed ');
    const run = view.changedRun(typed.join('\n\n'));
    expect(run).toMatchObject({ from: 5, to: 6 });
    expect(typed.join('\n\n').slice(run!.start, run!.end)).toBe(typed[5]);
    // A block removed, one added.
    expect(view.changedRun([...pieces.slice(0, 5), ...pieces.slice(6)].join('\n\n'))).toMatchObject({
      from: 5,
    });
    expect(view.changedRun([...pieces, 'x'].join('\n\n'))).toMatchObject({ from: 12, to: 12 });
    // An opener left open swallows what follows when the whole post is parsed: no run.
    typed[5] = (typed[5] as string).replace('<p>', '<p><!-- wp:group --> ');
    expect(view.changedRun(typed.join('\n\n'))).toBeUndefined();
    typed[5] = (typed[5] as string).replace('<!-- wp:group -->', '<!-- a comment');
    expect(view.changedRun(typed.join('\n\n'))).toBeUndefined();
  });
});
