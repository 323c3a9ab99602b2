/**
 * The block editor's own data layer as a collaboration peer, outside wp-admin: `@wordpress/data`
 * with `@wordpress/core-data` 8.1.0's `core` store, `@wordpress/sync` 1.56.0's sync manager and HTTP
 * polling provider, `@wordpress/api-fetch`, and the core blocks of `@wordpress/block-library`
 * (their attribute schemas decide which attributes are `Y.Text`). All of it runs unmodified; what
 * stands in for wp-admin is listed in {@link BlockEditorPeer.stubs}.
 *
 * Needs a window: the calling test file runs in jsdom (`// @vitest-environment jsdom`). The
 * modules are imported once per file (the sync manager and its polling loop are singletons), after
 * `window.__experimentalEnableRealTimeCollaboration` is set: call {@link startBlockEditorPeer}
 * once per test file.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Y from 'yjs';

/** Where the peer's requests go. */
export interface BlockEditorTarget {
  /** The REST root, e.g. `http://127.0.0.1:8080/wp-json`. */
  readonly restRoot: string;
  /** The fetch every request of the peer goes through (the mock's `handle`, or the network). */
  readonly fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** An `Authorization` header for every request (an application password), if any. */
  readonly authorization?: string | undefined;
}

/** A block as core-data keeps it (rich-text attributes as `RichTextData`). */
export interface EditorBlock {
  name: string;
  clientId: string;
  attributes: Record<string, unknown>;
  innerBlocks: EditorBlock[];
}

type Post = Record<string, unknown> & { id: number };

interface CoreSelectors {
  getEditedEntityRecord(kind: string, name: string, id: number): Post | undefined;
  getEntityRecord(kind: string, name: string, id: number): Post | undefined;
  hasEditsForEntityRecord(kind: string, name: string, id: number): boolean;
  getEntityRecordNonTransientEdits(kind: string, name: string, id: number): Record<string, unknown>;
  getLastEntitySaveError(kind: string, name: string, id: number): unknown;
  isSavingEntityRecord(kind: string, name: string, id: number): boolean;
}

interface CoreActions {
  editEntityRecord(kind: string, name: string, id: number, edits: Record<string, unknown>): void;
  saveEditedEntityRecord(kind: string, name: string, id: number): Promise<unknown>;
}

interface AwarenessLike {
  clientID: number;
  getStates(): Map<number, Record<string, unknown>>;
  getLocalState(): Record<string, unknown> | null;
}

interface SyncManagerLike {
  getAwareness(objectType: string, objectId: string): AwarenessLike | undefined;
  unloadAll(): void;
}

/** What the pieces of wp-admin the test stands in for are. */
const STUBS = [
  'window.__experimentalEnableRealTimeCollaboration = true, set before the modules load (wp-admin prints it)',
  "apiFetch's root URL and, for a real site, an Authorization middleware (wp-admin sets the root and a nonce)",
  "the post editor's editing calls (@wordpress/editor cannot be installed here): editPost as editEntityRecord, " +
    'typing in a paragraph as useEntityBlockEditor dispatches it (blocks, a lazy content serializer, the selection), ' +
    'the edited content as getEditedPostContent reads it, savePost as saveEditedEntityRecord',
];

/** One block-editor peer with a post open. */
export interface BlockEditorPeer {
  /** What of wp-admin this peer stands in for (everything else is the published packages' code). */
  readonly stubs: readonly string[];
  /** Opens the post as the editor does (`getEntityRecord`, whose resolver starts syncing). */
  open(id: number): Promise<void>;
  /** The post with its edits (core-data's `getEditedEntityRecord`). */
  edited(): Post;
  /** The saved post core-data holds. */
  saved(): Post;
  /** The edited content as the editor serializes it (`getEditedPostContent`). */
  content(): string;
  /** The blocks the editor shows. */
  blocks(): EditorBlock[];
  /** `editPost(edits)`. */
  edit(edits: Record<string, unknown>): void;
  /** Types `text` at `offset` of the rich-text `attribute` of the block at `index`, as RichText does. */
  typeInBlock(index: number, attribute: string, offset: number, text: string): void;
  /** True when the post has unsaved edits. */
  isDirty(): boolean;
  /** The unsaved edits (transient ones, `blocks` and `selection`, aside), for failure messages. */
  unsaved(): Record<string, unknown>;
  /**
   * The unsaved edits whose value differs from the saved copy: a lazy content serializer counts by
   * the content it serializes, raw fields by their raw value. core-data's own dirty flag counts any
   * function as unsaved (see the suite's note).
   */
  unsavedDifferences(): Record<string, unknown>;
  /** `savePost()`. */
  save(): Promise<void>;
  /** The room's awareness (presence) of this peer. */
  awareness(): AwarenessLike | undefined;
  /** The shared document of the open post. */
  doc(): Y.Doc | undefined;
  /**
   * Puts this person's caret at `offset` of the rich-text `attribute` of the block at `index`, in
   * its presence, as the post editor's awareness does (core-data's `getSelectionState`: a relative
   * position at the HTML index, the rich-text offset, the attribute; paragraphs without markup).
   */
  setCaret(index: number, attribute: string, offset: number): void;
  /**
   * Where the caret of the person with awareness client `clientId` is, resolved in this
   * document: the block's index among the post's blocks, its clientId, the attribute and the
   * offset; `undefined` when it does not resolve.
   */
  caretOf(
    clientId: number,
  ): { index: number; clientId: unknown; attribute: string; offset: number } | undefined;
  /** Stops syncing. */
  stop(): void;
}

// The packages' CommonJS builds: their ES module builds import JSON without import attributes,
// which Node refuses.
const require = createRequire(import.meta.url);

/** Boots the block editor's data layer against `target` (once per test file). */
export async function startBlockEditorPeer(target: BlockEditorTarget): Promise<BlockEditorPeer> {
  (window as unknown as Record<string, unknown>).__experimentalEnableRealTimeCollaboration = true;
  // core-data's default fetch is `window.fetch`; the peer's requests go where the target says.
  (window as unknown as { fetch: BlockEditorTarget['fetch'] }).fetch = target.fetch;
  globalThis.fetch = target.fetch;

  const data = require('@wordpress/data') as unknown as {
    select(store: unknown): unknown;
    dispatch(store: unknown): unknown;
    resolveSelect(store: unknown): { getEntityRecord(...args: unknown[]): Promise<unknown> };
  };
  const apiFetchModule = require('@wordpress/api-fetch') as unknown as {
    default: {
      use(middleware: unknown): void;
      createRootURLMiddleware(root: string): unknown;
    };
  };
  const blocks = require('@wordpress/blocks') as unknown as {
    __unstableSerializeAndClean(blocks: unknown[]): string;
    parse(content: string): EditorBlock[];
    getBlockType(name: string): { attributes?: Record<string, { type?: string }> } | undefined;
  };
  const { registerCoreBlocks } = require('@wordpress/block-library') as unknown as {
    registerCoreBlocks(): void;
  };
  const richText = require('@wordpress/rich-text') as unknown as {
    RichTextData: { fromHTMLString(html: string): { toHTMLString(): string; toString(): string } };
  };
  const core = require('@wordpress/core-data') as unknown as { store: unknown };
  // The Yjs the block editor's packages load (its CommonJS build), to read its own document.
  const yjs = require('yjs') as typeof Y;
  const syncModule = require(join(dirname(require.resolve('@wordpress/core-data')), 'sync.cjs')) as {
    getSyncManager(): SyncManagerLike | undefined;
  };
  registerCoreBlocks();

  const apiFetch = apiFetchModule.default;
  apiFetch.use(apiFetch.createRootURLMiddleware(`${target.restRoot.replace(/\/$/, '')}/`));
  if (target.authorization !== undefined) {
    const authorization = target.authorization;
    apiFetch.use((options: { headers?: Record<string, string> }, next: (options: unknown) => unknown) =>
      next({ ...options, headers: { ...options.headers, Authorization: authorization } }),
    );
  }

  const select = (): CoreSelectors => data.select(core.store) as CoreSelectors;
  const actions = (): CoreActions => data.dispatch(core.store) as CoreActions;
  let postId = 0;
  const objectId = (): string => String(postId);

  const edited = (): Post => {
    const post = select().getEditedEntityRecord('postType', 'post', postId);
    if (post === undefined) throw new Error(`The block editor has not loaded post ${postId}.`);
    return post;
  };

  // As useEntityBlockEditor: the edited blocks, else the content parsed (once per content string,
  // so the clientIds stay until the content changes).
  let parsed: { content: string; blocks: EditorBlock[] } | undefined;
  const editedBlocks = (): EditorBlock[] => {
    const post = edited();
    if (Array.isArray(post.blocks)) return post.blocks as EditorBlock[];
    const raw = post.content as { raw?: string } | string | undefined;
    const text = typeof raw === 'string' ? raw : (raw?.raw ?? '');
    if (parsed?.content !== text) parsed = { content: text, blocks: blocks.parse(text) };
    return parsed.blocks;
  };

  // What @wordpress/editor's getEditedPostContent does.
  const content = (): string => {
    const post = edited();
    if (typeof post.content === 'function') return String((post.content as (p: Post) => string)(post));
    if (Array.isArray(post.blocks)) return blocks.__unstableSerializeAndClean(post.blocks);
    const raw = post.content as { raw?: string } | string | undefined;
    return typeof raw === 'string' ? raw : (raw?.raw ?? '');
  };

  return {
    stubs: STUBS,
    async open(id) {
      postId = id;
      await data.resolveSelect(core.store).getEntityRecord('postType', 'post', id);
    },
    edited,
    saved: () => {
      const post = select().getEntityRecord('postType', 'post', postId);
      if (post === undefined) throw new Error(`The block editor has no saved copy of post ${postId}.`);
      return post;
    },
    content,
    blocks: editedBlocks,
    edit: (edits) => actions().editEntityRecord('postType', 'post', postId, edits),
    typeInBlock(index, attribute, offset, text) {
      const current = editedBlocks();
      const block = current[index];
      if (block === undefined) throw new Error(`The block editor shows no block ${index}.`);
      const html = String(block.attributes[attribute] ?? '');
      const value = richText.RichTextData.fromHTMLString(html);
      const plain = value.toString();
      // Typing plain text: the HTML and the plain text agree when the paragraph has no markup.
      if (plain !== html) throw new Error('typeInBlock types into paragraphs without markup only.');
      const next = `${html.slice(0, offset)}${text}${html.slice(offset)}`;
      const nextBlocks = current.map((each, i) =>
        i === index
          ? {
              ...each,
              attributes: { ...each.attributes, [attribute]: richText.RichTextData.fromHTMLString(next) },
            }
          : each,
      );
      const caret = { clientId: block.clientId, attributeKey: attribute, offset: offset + text.length };
      // As useEntityBlockEditor's onChange: blocks, a lazy serializer, and where the caret is.
      actions().editEntityRecord('postType', 'post', postId, {
        blocks: nextBlocks,
        content: ({ blocks: fresh }: { blocks: unknown[] }) => blocks.__unstableSerializeAndClean(fresh),
        selection: { selectionStart: caret, selectionEnd: caret, initialPosition: null },
      });
    },
    isDirty: () => select().hasEditsForEntityRecord('postType', 'post', postId),
    unsaved: () => select().getEntityRecordNonTransientEdits('postType', 'post', postId),
    unsavedDifferences() {
      const edits = select().getEntityRecordNonTransientEdits('postType', 'post', postId);
      const saved: Record<string, unknown> = select().getEntityRecord('postType', 'post', postId) ?? {};
      const differences: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(edits)) {
        const mine = key === 'content' ? content() : value;
        const savedValue = saved[key] as { raw?: unknown } | undefined;
        const theirs =
          savedValue !== null && typeof savedValue === 'object' && 'raw' in savedValue
            ? savedValue.raw
            : savedValue;
        if (JSON.stringify(mine) !== JSON.stringify(theirs)) differences[key] = mine;
      }
      return differences;
    },
    async save() {
      // As savePost: the content as the editor serializes it goes into the edits first.
      actions().editEntityRecord('postType', 'post', postId, { content: content() });
      await actions().saveEditedEntityRecord('postType', 'post', postId);
      const error = select().getLastEntitySaveError('postType', 'post', postId);
      if (error) throw new Error(`The block editor's save failed: ${JSON.stringify(error)}`);
    },
    awareness: () => syncModule.getSyncManager()?.getAwareness('postType/post', objectId()),
    doc: () =>
      (syncModule.getSyncManager()?.getAwareness('postType/post', objectId()) as { doc?: Y.Doc })?.doc,
    setCaret(index, attribute, offset) {
      const awareness = syncModule.getSyncManager()?.getAwareness('postType/post', objectId()) as
        (AwarenessLike & { setLocalStateField(key: string, value: unknown): void; doc: Y.Doc }) | undefined;
      if (awareness === undefined) throw new Error('The block editor has no presence for the post.');
      const block = (awareness.doc.getMap('document').get('blocks') as Y.Array<Y.Map<unknown>>).get(index);
      const text = (block.get('attributes') as Y.Map<unknown>).get(attribute) as Y.Text;
      const cursorPosition = {
        relativePosition: yjs.createRelativePositionFromTypeIndex(text, offset),
        absoluteOffset: offset,
        attributeKey: attribute,
      };
      awareness.setLocalStateField('editorState', { selection: { type: 'cursor', cursorPosition } });
    },
    caretOf(clientId) {
      const awareness = syncModule.getSyncManager()?.getAwareness('postType/post', objectId()) as
        (AwarenessLike & { doc: Y.Doc }) | undefined;
      const state = awareness?.getStates().get(clientId) as
        | { editorState?: { selection?: { type?: string; cursorPosition?: Record<string, unknown> } } }
        | undefined;
      const position = state?.editorState?.selection?.cursorPosition;
      if (awareness === undefined || position === undefined) return undefined;
      const relative = yjs.createRelativePositionFromJSON(position.relativePosition);
      const absolute = yjs.createAbsolutePositionFromRelativePosition(relative, awareness.doc);
      if (absolute === null) return undefined;
      const attributes = absolute.type._item?.parent as Y.Map<unknown> | undefined;
      const block = attributes?._item?.parent as Y.Map<unknown> | undefined;
      const blocks = awareness.doc.getMap('document').get('blocks') as Y.Array<Y.Map<unknown>>;
      return {
        index: blocks.toArray().indexOf(block as Y.Map<unknown>),
        clientId: block?.get('clientId'),
        attribute: String(absolute.type._item?.parentSub),
        offset: absolute.index,
      };
    },
    stop: () => syncModule.getSyncManager()?.unloadAll(),
  };
}
