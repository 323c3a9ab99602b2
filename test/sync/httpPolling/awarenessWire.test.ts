/**
 * Presence in the block editor's JSON shape: what we send passes the block editor's own check of a
 * collaborator, selections travel as relative positions that stay right while others type, and a
 * block editor's presence reads back as a peer.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fromWireAwareness, toWireAwareness } from '../../../src/sync/providers/httpPolling/awarenessWire.js';

function docWithTitle(text: string): { doc: Y.Doc; title: Y.Text } {
  const doc = new Y.Doc();
  const title = new Y.Text(text);
  doc.getMap('document').set('title', title);
  return { doc, title };
}

describe('presence on the wire', () => {
  it("sends a collaborator the block editor accepts (core-data's isCollaboratorInfo fields)", () => {
    const { doc } = docWithTitle('Hello');
    const wire = toWireAwareness(
      { user: { id: 7, name: 'Ana', color: '#c00' } },
      doc,
      doc.clientID,
      1000,
    ) as {
      collaboratorInfo: Record<string, unknown>;
      editorState: { selection: { type: string } };
    };
    expect(wire.collaboratorInfo).toMatchObject({ id: 7, name: 'Ana', slug: '', enteredAt: 1000 });
    expect(typeof wire.collaboratorInfo.browserType).toBe('string');
    expect(wire.editorState.selection).toEqual({ type: 'none' });
    const anonymous = toWireAwareness({}, doc, 42, 1) as { collaboratorInfo: Record<string, unknown> };
    expect(anonymous.collaboratorInfo).toMatchObject({
      id: null,
      name: 'Anonymous User',
      slug: 'anonymous-42',
    });
  });

  it('carries a selection as relative positions that follow concurrent typing', () => {
    const { doc, title } = docWithTitle('Hello world');
    const wire = toWireAwareness(
      { user: { id: 1, name: 'A', color: '#000' }, field: 'title', selection: { start: 6, end: 11 } },
      doc,
      doc.clientID,
      1,
    );
    const json = JSON.parse(JSON.stringify(wire)) as unknown;
    // Someone types at the start before the receiver reads the selection.
    title.insert(0, '>> ');
    const peer = fromWireAwareness(json, doc, 99);
    expect(peer.field).toBe('title');
    expect(peer.selection).toEqual({ start: 9, end: 14 });
  });

  it("reads a block editor's presence: who, a colour, and the content field for a cursor in a block", () => {
    const doc = new Y.Doc();
    const blocks = new Y.Array<Y.Map<unknown>>();
    doc.getMap('document').set('blocks', blocks);
    const block = new Y.Map<unknown>();
    const attributes = new Y.Map<unknown>();
    const content = new Y.Text('Para');
    blocks.push([block]);
    block.set('attributes', attributes);
    attributes.set('content', content);
    const state = {
      collaboratorInfo: { id: 3, name: 'Bo', slug: 'bo', browserType: 'Chrome', enteredAt: 5 },
      editorState: {
        selection: {
          type: 'cursor',
          cursorPosition: {
            relativePosition: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(content, 2)),
            absoluteOffset: 2,
            attributeKey: 'content',
          },
        },
      },
    };
    const peer = fromWireAwareness(state, doc, 5);
    expect(peer.user).toMatchObject({ id: 3, name: 'Bo' });
    expect(typeof peer.user?.color).toBe('string');
    expect(peer.field).toBe('content');
    expect(fromWireAwareness({ nonsense: true }, doc, 8).user?.name).toBe('Anonymous User');
  });

  it('carries a caret in a block both ways: the same block (clientId, path), attribute and text offset', () => {
    const doc = new Y.Doc();
    const blocks = new Y.Array<Y.Map<unknown>>();
    doc.getMap('document').set('blocks', blocks);
    const outer = new Y.Map<unknown>();
    const inner = new Y.Map<unknown>();
    const innerBlocks = new Y.Array<Y.Map<unknown>>();
    const attributes = new Y.Map<unknown>();
    // Markup counts for nothing in a caret's offset, a character reference for one.
    const text = new Y.Text('a <strong>bold</strong> &amp; more');
    blocks.push([new Y.Map<unknown>(), outer]);
    outer.set('clientId', 'outer');
    outer.set('innerBlocks', innerBlocks);
    innerBlocks.push([inner]);
    inner.set('clientId', 'inner');
    inner.set('attributes', attributes);
    attributes.set('content', text);
    const wire = toWireAwareness(
      {
        user: { id: 7, name: 'Ana', color: '#c00' },
        field: 'content',
        block: { clientId: 'inner', attribute: 'content' },
        selection: { start: 8, end: 8 },
      },
      doc,
      doc.clientID,
      1,
    ) as { editorState: { selection: { cursorPosition: { absoluteOffset: number } } } };
    // "a bold &" is 8 characters: the caret is after the reference, before " more".
    expect(wire.editorState.selection.cursorPosition.absoluteOffset).toBe(8);
    const back = fromWireAwareness(
      { ...wire, collaboratorInfo: { id: 7, name: 'Ana', avatar_urls: { 48: 'https://x.test/a.png' } } },
      doc,
      9,
    );
    expect(back.block).toEqual({ clientId: 'inner', path: [1, 0], attribute: 'content' });
    expect(back.selection).toEqual({ start: 8, end: 8 });
    expect(back.info).toMatchObject({ name: 'Ana', avatarUrls: { 48: 'https://x.test/a.png' } });
    // By path, and still right after someone typed before it.
    text.insert(0, 'xx');
    const byPath = toWireAwareness(
      { field: 'content', block: { path: [1, 0], attribute: 'content' }, selection: { start: 1, end: 3 } },
      doc,
      doc.clientID,
      1,
    );
    text.insert(0, 'y');
    expect(fromWireAwareness(byPath, doc, 9).selection).toEqual({ start: 2, end: 4 });
  });

  it("names the person's tabs' client ids beside the selection, and reads back at most 32 of them", () => {
    const { doc } = docWithTitle('Hello');
    const user = { id: 7, name: 'Ana', color: '#c00' };
    const wire = toWireAwareness({ user, clientIds: [11, 12] }, doc, 5, 1) as {
      editorState: Record<string, unknown>;
    };
    // The block editor reads `selection` alone from editorState; the ids ride beside it.
    expect(wire.editorState).toEqual({ selection: { type: 'none' }, wpEntitiesClientIds: [11, 12] });
    expect(toWireAwareness({ user }, doc, 5, 1)).toEqual({
      collaboratorInfo: expect.anything() as unknown,
      editorState: { selection: { type: 'none' } },
    });
    expect(fromWireAwareness(wire, doc, 5).clientIds).toEqual([11, 12]);
    const hostile = { editorState: { wpEntitiesClientIds: [...Array(1000).keys(), 'x'] } };
    expect(fromWireAwareness(hostile, doc, 5).clientIds).toHaveLength(31);
    expect(fromWireAwareness({ editorState: { selection: { type: 'none' } } }, doc, 5).clientIds).toBe(
      undefined,
    );
  });
});
