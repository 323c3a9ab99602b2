/**
 * Presence in the block editor's shape. Over HTTP polling, awareness is plain JSON
 * `{ collaboratorInfo, editorState: { selection } }` (core-data 8.1 `awareness/types.ts`), not the
 * y-protocols binary; the block editor's server keeps only `editorState` and fills
 * `collaboratorInfo` from the WordPress user. This file maps our presence state
 * (`{ user, field, selection }`, see `Presence.ts`) to that shape and back, so people in the block
 * editor and people in wp-entities see each other.
 *
 * Selections travel as Yjs relative positions into the field's `Y.Text` in the `document` map,
 * with the field name as `attributeKey`: they stay right while others type.
 *
 * One addition of ours rides in `editorState` (the only part of a client's presence the server
 * keeps, and of which the block editor reads only `selection`): `wpEntitiesClientIds`, the
 * document client ids of the person's tabs when they share one connection (`SyncOptions.tabs`).
 *
 * @module
 */
import * as Y from 'yjs';
import type {
  PeerBlock,
  PeerInfo,
  PresenceBlock,
  PresenceSelection,
  SyncUser,
} from '../../shared/presenceShape.js';
import type { WireAwareness } from '../../shared/pollingProtocol.js';
import { htmlIndexToTextOffset, textOffsetToHtmlIndex } from '../../shared/richTextOffsets.js';
import { blockMapWithClientId } from '../../shared/blockDoc.js';
import { peerClientIds } from '../../shared/presenceShape.js';

/** The root map that holds a record's fields (the block editor's `CRDT_RECORD_MAP_KEY`). */
const DOCUMENT_MAP = 'document';

/** What we name ourselves as a browser, where the block editor writes Chrome or Firefox. */
const BROWSER_TYPE = 'wp-entities';

/**
 * Where in `editorState` the client ids of the person's tabs travel: a name of ours, so it cannot
 * clash with a field the block editor adds.
 */
const CLIENT_IDS_KEY = 'wpEntitiesClientIds';

/** The name the block editor gives someone it cannot identify. */
const ANONYMOUS_NAME = 'Anonymous User';

/** Colours for people whose presence carries none (the block editor's does not). */
const PALETTE = ['#c2185b', '#1976d2', '#388e3c', '#f57c00', '#7b1fa2', '#00838f', '#5d4037', '#455a64'];

/** Our presence state, as `Presence` keeps it in awareness. */
export interface PresenceWireState {
  /** Who. */
  user?: SyncUser;
  /** The field they are in. */
  field?: string;
  /** Their selection in that field (or in the block's attribute). */
  selection?: PresenceSelection;
  /** The block the selection is in: ours as set, a peer's as resolved here. */
  block?: PresenceBlock | PeerBlock;
  /** A peer's `collaboratorInfo` as the server gave it. */
  info?: PeerInfo;
  /** The document client ids of the person's tabs (see `Peer.clientIds`). */
  clientIds?: readonly number[];
}

interface CursorPositionJson {
  relativePosition: unknown;
  absoluteOffset: number;
  attributeKey?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stable colour for a person (by user id, else by client id). */
export function colorOf(key: number): string {
  const index = Math.abs(Math.trunc(key)) % PALETTE.length;
  return PALETTE[index] as string;
}

function fieldText(doc: Y.Doc, field: string): Y.Text | undefined {
  const value = doc.getMap(DOCUMENT_MAP).get(field);
  return value instanceof Y.Text ? value : undefined;
}

function cursorPosition(text: Y.Text, field: string, offset: number): CursorPositionJson {
  if (offset > text.length) {
    // The text is not seeded yet (that happens at its first edit): no character to anchor to, so
    // the offset alone travels, and the receiver reads it as it is.
    return { relativePosition: null, absoluteOffset: Math.max(0, offset), attributeKey: field };
  }
  const index = Math.max(0, offset);
  return {
    relativePosition: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, index)),
    absoluteOffset: index,
    attributeKey: field,
  };
}

/** The document's blocks array (`document.blocks`), when it holds one. */
function blocksOf(doc: Y.Doc): Y.Array<Y.Map<unknown>> | undefined {
  const blocks = doc.getMap(DOCUMENT_MAP).get('blocks');
  return blocks instanceof Y.Array ? (blocks as Y.Array<Y.Map<unknown>>) : undefined;
}

/** The block map at index path `path`. */
function blockAtPath(blocks: Y.Array<Y.Map<unknown>>, path: readonly number[]): Y.Map<unknown> | undefined {
  let list: Y.Array<Y.Map<unknown>> | undefined = blocks;
  let block: Y.Map<unknown> | undefined;
  for (const index of path) {
    if (list === undefined || !Number.isInteger(index) || index < 0 || index >= list.length) return undefined;
    const next: unknown = list.get(index);
    if (!(next instanceof Y.Map)) return undefined;
    block = next;
    const inner = block.get('innerBlocks');
    list = inner instanceof Y.Array ? (inner as Y.Array<Y.Map<unknown>>) : undefined;
  }
  return block;
}

/** The `Y.Text` of a rich-text attribute of the block `place` names, when the document holds it. */
function blockText(doc: Y.Doc, place: PresenceBlock): Y.Text | undefined {
  const blocks = blocksOf(doc);
  if (blocks === undefined) return undefined;
  const block =
    place.clientId !== undefined
      ? blockMapWithClientId(blocks, place.clientId)
      : place.path !== undefined
        ? blockAtPath(blocks, place.path)
        : undefined;
  const attributes = block?.get('attributes');
  const text = attributes instanceof Y.Map ? attributes.get(place.attribute) : undefined;
  return text instanceof Y.Text ? text : undefined;
}

/**
 * A caret in a block's rich-text attribute as the block editor writes it: a relative position at
 * the HTML index, the rich-text offset as `absoluteOffset`, the attribute as `attributeKey`.
 */
function blockCursorPosition(text: Y.Text, attribute: string, offset: number): CursorPositionJson {
  const html = text.toString();
  const index = textOffsetToHtmlIndex(html, offset);
  return {
    relativePosition: Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, index)),
    absoluteOffset: htmlIndexToTextOffset(html, index),
    attributeKey: attribute,
  };
}

/** Where a `Y.Text` inside `document.blocks` is: its block's clientId and path, and the attribute. */
function placeOfBlockText(doc: Y.Doc, text: Y.Text): PeerBlock | undefined {
  const blocks = blocksOf(doc);
  const attributes = text._item?.parent;
  const attribute = text._item?.parentSub;
  if (blocks === undefined || !(attributes instanceof Y.Map) || typeof attribute !== 'string')
    return undefined;
  const path: number[] = [];
  let block = attributes._item?.parent;
  const clientId = block instanceof Y.Map ? block.get('clientId') : undefined;
  while (block instanceof Y.Map) {
    const list: unknown = block._item?.parent;
    if (!(list instanceof Y.Array)) return undefined;
    const index = (list.toArray() as unknown[]).indexOf(block);
    if (index < 0) return undefined;
    path.unshift(index);
    if (list === blocks)
      return { clientId: typeof clientId === 'string' ? clientId : undefined, path, attribute };
    block = list._item?.parent;
  }
  return undefined;
}

/**
 * Our local presence as the block editor shares it. `enteredAt` is when this person opened the
 * room; `clientId` names an anonymous person (`anonymous-<clientId>`), as the block editor does.
 */
export function toWireAwareness(
  state: PresenceWireState | null,
  doc: Y.Doc,
  clientId: number,
  enteredAt: number,
): WireAwareness {
  if (state === null) return null;
  const user = state.user;
  const hasId = user !== undefined && Number.isInteger(user.id) && user.id > 0;
  const collaboratorInfo = {
    id: hasId ? user.id : null,
    name: user !== undefined && user.name.trim() !== '' ? user.name : ANONYMOUS_NAME,
    slug: hasId ? '' : `anonymous-${clientId}`,
    browserType: BROWSER_TYPE,
    enteredAt,
  };
  let selection: Record<string, unknown> = { type: 'none' };
  const inBlock = state.block === undefined ? undefined : blockText(doc, state.block);
  const text =
    state.field === undefined || state.block !== undefined ? undefined : fieldText(doc, state.field);
  if (inBlock !== undefined && state.block !== undefined && state.selection !== undefined) {
    const { start, end } = state.selection;
    const attribute = state.block.attribute;
    selection =
      start === end
        ? { type: 'cursor', cursorPosition: blockCursorPosition(inBlock, attribute, start) }
        : {
            type: 'selection-in-one-block',
            cursorStartPosition: blockCursorPosition(inBlock, attribute, Math.min(start, end)),
            cursorEndPosition: blockCursorPosition(inBlock, attribute, Math.max(start, end)),
            selectionDirection: start <= end ? 'f' : 'b',
          };
  } else if (text !== undefined && state.field !== undefined && state.selection !== undefined) {
    const { start, end } = state.selection;
    selection =
      start === end
        ? { type: 'cursor', cursorPosition: cursorPosition(text, state.field, start) }
        : {
            type: 'selection-in-one-block',
            cursorStartPosition: cursorPosition(text, state.field, Math.min(start, end)),
            cursorEndPosition: cursorPosition(text, state.field, Math.max(start, end)),
            selectionDirection: start <= end ? 'f' : 'b',
          };
  }
  const clientIds = Array.isArray(state.clientIds) ? peerClientIds(clientId, state.clientIds).slice(1) : [];
  return {
    collaboratorInfo,
    editorState: clientIds.length === 0 ? { selection } : { selection, [CLIENT_IDS_KEY]: clientIds },
  };
}

/** Where a cursor position points: a field of ours and an offset in its text, when it resolves. */
function resolvePosition(
  doc: Y.Doc,
  value: unknown,
): { field: string; offset?: number; block?: PeerBlock } | undefined {
  if (!isRecord(value)) return undefined;
  const attributeKey = typeof value.attributeKey === 'string' ? value.attributeKey : undefined;
  try {
    const relative = Y.createRelativePositionFromJSON(value.relativePosition);
    const absolute = Y.createAbsolutePositionFromRelativePosition(relative, doc);
    if (absolute !== null && absolute.type instanceof Y.Text) {
      const parent = absolute.type.parent;
      const key = absolute.type._item?.parentSub;
      if (parent === doc.getMap(DOCUMENT_MAP) && typeof key === 'string') {
        return { field: key, offset: absolute.index };
      }
      // Inside a block (an attribute's HTML): the person is in the post's content, at that block.
      const block = placeOfBlockText(doc, absolute.type);
      if (block === undefined) return { field: 'content' };
      return {
        field: 'content',
        block,
        offset: htmlIndexToTextOffset(absolute.type.toString(), absolute.index),
      };
    }
  } catch {
    // A position into content this document has not received yet: fall back to the plain offset.
  }
  if (
    attributeKey !== undefined &&
    typeof value.absoluteOffset === 'number' &&
    fieldText(doc, attributeKey)
  ) {
    return { field: attributeKey, offset: value.absoluteOffset };
  }
  return undefined;
}

function selectionOf(
  doc: Y.Doc,
  selection: unknown,
): Pick<PresenceWireState, 'field' | 'selection' | 'block'> {
  if (!isRecord(selection)) return {};
  let start: ReturnType<typeof resolvePosition>;
  let end: ReturnType<typeof resolvePosition>;
  if (selection.type === 'cursor') {
    start = end = resolvePosition(doc, selection.cursorPosition);
  } else if (selection.type === 'selection-in-one-block') {
    start = resolvePosition(doc, selection.cursorStartPosition);
    end = resolvePosition(doc, selection.cursorEndPosition);
  } else if (selection.type === 'selection-in-multiple-blocks' || selection.type === 'whole-block') {
    return { field: 'content' };
  }
  if (start === undefined) return {};
  const block = start.block;
  if (
    end === undefined ||
    end.field !== start.field ||
    start.offset === undefined ||
    end.offset === undefined ||
    (block !== undefined && (end.block === undefined || end.block.path.join() !== block.path.join()))
  ) {
    return block === undefined ? { field: start.field } : { field: start.field, block };
  }
  const lo = Math.min(start.offset, end.offset);
  const hi = Math.max(start.offset, end.offset);
  return {
    field: start.field,
    selection: { start: lo, end: hi },
    ...(block === undefined ? {} : { block }),
  };
}

/** The server's `collaboratorInfo` as {@link PeerInfo}. */
function infoOf(info: Record<string, unknown>, name: string): PeerInfo {
  const avatars = isRecord(info.avatar_urls) ? info.avatar_urls : {};
  const avatarUrls: Record<string, string> = {};
  for (const [size, url] of Object.entries(avatars)) if (typeof url === 'string') avatarUrls[size] = url;
  return {
    name,
    ...(typeof info.slug === 'string' ? { slug: info.slug } : {}),
    ...(Object.keys(avatarUrls).length > 0 ? { avatarUrls } : {}),
    ...(typeof info.enteredAt === 'number' ? { enteredAt: info.enteredAt } : {}),
    ...(typeof info.browserType === 'string' ? { browserType: info.browserType } : {}),
  };
}

/**
 * Another client's presence from the wire as `Presence` reads it: who (the server's
 * `collaboratorInfo`, or "Anonymous User"), a colour, and the field and selection when its
 * position resolves in this document.
 */
export function fromWireAwareness(wire: unknown, doc: Y.Doc, clientId: number): PresenceWireState {
  const state = isRecord(wire) ? wire : {};
  const info = isRecord(state.collaboratorInfo) ? state.collaboratorInfo : {};
  const id = typeof info.id === 'number' && Number.isInteger(info.id) && info.id > 0 ? info.id : 0;
  const name = typeof info.name === 'string' && info.name.trim() !== '' ? info.name : ANONYMOUS_NAME;
  const editorState = isRecord(state.editorState) ? state.editorState : {};
  const clientIds = peerClientIds(clientId, editorState[CLIENT_IDS_KEY]).slice(1);
  return {
    user: { id, name, color: colorOf(id > 0 ? id : clientId) },
    info: infoOf(info, name),
    ...(clientIds.length === 0 ? {} : { clientIds }),
    ...selectionOf(doc, editorState.selection),
  };
}
