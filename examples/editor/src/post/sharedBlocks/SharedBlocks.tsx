import {
  memo,
  useLayoutEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { insert, slice } from '@wordpress/rich-text';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import type { Peer, SyncBlock } from 'wp-entities/sync';
import { sameCarets, type RemoteCaret } from '../../collaboration/RemoteCarets.js';
import { sharePresence } from '../../collaboration/sharePresence.js';
import { useLivePeers } from '../../collaboration/useLivePeers.js';
import { selectionIn } from '../../text/domOffsets.js';
import { htmlOffsetAt, mapHtml } from '../../text/htmlOffsets.js';
import { RichTextField, type RichTextHandle } from '../../text/RichTextField.js';
import { htmlOf, parseRich } from '../../text/richValue.js';
import { rebaseChange } from '../../text/textChange.js';
import type { TypingUndo } from '../../text/typingUndo.js';
import { exampleBlockCodec } from './exampleBlockCodec.js';
import {
  appendParagraph,
  findBlock,
  isTextBlock,
  mergeIntoPrevious,
  replaceText,
  splitBlock,
  textBlocksOf,
  type BlockPath,
} from './sharedBlockEdits.js';

/** Props of {@link SharedBlocks}. */
export interface SharedBlocksProps {
  /** A post whose room is joined with a block codec. */
  record: EntityRecord;
  /** Closes the typing undo step before a change of structure. */
  typing: TypingUndo;
  /** No editing. @default false */
  disabled?: boolean;
  /** Up or Left at the start of the first block: the caret goes back to the title. @default undefined */
  onLeaveStart?(): void;
}

/** What a text block asks of the view; one object for the view's life, reading its newest render. */
interface TextActions {
  /** The person changed the block's text `basedOn` into `texts` (written in this order). */
  onText(clientId: string, texts: readonly string[], basedOn: string): void;
  onKeyDown(clientId: string, event: KeyboardEvent<HTMLDivElement>, field: RichTextHandle): void;
  register(clientId: string, field: RichTextHandle | null): void;
  onBlur(): void;
}

const NO_CARETS: readonly RemoteCaret[] = [];

/** The prefix of the `clientId`s of blocks shown before the shared document holds any (see {@link shownBlocks}). */
const UNSHARED = 'unshared:';

/** Gives the text blocks of `blocks` the ids `unshared:0`, `unshared:1`, … in reading order. */
function withUnsharedIds(blocks: readonly SyncBlock[], counter = { next: 0 }): SyncBlock[] {
  return blocks.map((block) =>
    isTextBlock(block)
      ? { ...block, clientId: `${UNSHARED}${counter.next++}` }
      : { ...block, innerBlocks: withUnsharedIds(block.innerBlocks, counter) },
  );
}

/**
 * The blocks to show: the shared document's, or, while it holds none (nobody stored a document
 * of the post, nor has anyone written its content since it was opened), the post's content
 * parsed here, one empty paragraph for an empty post. The first keystroke into one of those
 * writes the content once, which puts the blocks into the shared document; from then on every
 * keystroke is one block's change.
 */
function shownBlocks(shared: readonly SyncBlock[], record: EntityRecord): readonly SyncBlock[] {
  if (shared.length > 0) return shared;
  const content = (record.edited as { content?: unknown } | undefined)?.content;
  const parsed = exampleBlockCodec.parse(typeof content === 'string' ? content : '');
  return withUnsharedIds(
    parsed.length > 0 ? parsed : [{ name: 'core/paragraph', attributes: { content: '' }, innerBlocks: [] }],
  );
}

/** The others' carets in one block's text, as HTML offsets of it (what the rich-text field takes). */
function caretsIn(
  peers: readonly Peer[],
  clientId: string,
  path: BlockPath,
  text: string,
): readonly RemoteCaret[] {
  const here = peers.filter(
    (peer) =>
      peer.selection !== undefined &&
      peer.block?.attribute === 'content' &&
      (peer.block.clientId === undefined
        ? peer.block.path.join() === path.join()
        : peer.block.clientId === clientId),
  );
  if (here.length === 0) return NO_CARETS;
  // A peer's selection in a block counts characters of its rich text (tags aside).
  const map = mapHtml(text);
  return here.map((peer) => ({
    clientId: peer.clientId,
    name: peer.user.name,
    color: peer.user.color,
    start: htmlOffsetAt(map, peer.selection?.start ?? 0, 'after-tags'),
    end: htmlOffsetAt(map, peer.selection?.end ?? 0, 'before-tags'),
  }));
}

/**
 * The post's content as the blocks of its shared document (`store.sync.blocks(record)`), for a
 * store with a block codec: a rich-text field per paragraph, heading and list item, other blocks
 * shown as they are. A keystroke is one call of `sync.editBlock`: it changes that block's text in
 * the shared document and nothing else (the post's `content` is serialized from the blocks when it
 * is saved). Enter, Backspace at a block's start and "Add paragraph" change the structure: those
 * write the post's content once (see sharedBlockEdits.ts). The caret is shared as a place in a
 * block (`LocalPresence.block`), and the others' carets are drawn in the block they are in.
 */
export const SharedBlocks = observer(function SharedBlocks({
  record,
  typing,
  disabled = false,
  onLeaveStart,
}: SharedBlocksProps) {
  const store = useStore();
  const sync = store.sync;
  const blocks = shownBlocks(sync?.blocks(record) ?? [], record);
  const peers = useLivePeers(record);
  const fields = useRef(new Map<string, RichTextHandle>());
  /** The text block (by reading order) to focus once it is on screen, and its caret. */
  const focusNext = useRef<{ index: number; caret: number | 'end' } | undefined>(undefined);

  /** A change of structure: written as the post's content, one undo step of its own. */
  const writeBlocks = (next: readonly SyncBlock[], focus?: { index: number; caret: number | 'end' }) => {
    typing.closeStep();
    focusNext.current = focus;
    record.edit({ content: exampleBlockCodec.serialize(next) });
    typing.closeStep();
  };
  const latest = { record, blocks, onLeaveStart, writeBlocks };
  const current = useRef(latest);
  current.current = latest;

  const actions = useRef<TextActions>(null as unknown as TextActions);
  actions.current ??= {
    onText(clientId, texts, basedOn) {
      const { record: post, writeBlocks: write } = current.current;
      const blocksNow = store.sync?.blocks(post) ?? [];
      if (clientId.startsWith(UNSHARED)) {
        // Typed into a block shown before the document held any (see shownBlocks).
        const index = Number(clientId.slice(UNSHARED.length));
        const shared = textBlocksOf(blocksNow)[index]?.block.clientId;
        if (shared === undefined) {
          const shown = shownBlocks(blocksNow, post);
          const path = textBlocksOf(shown)[index]?.path;
          if (!path) return;
          const caret = fields.current.get(clientId)?.value().end ?? 'end';
          write(replaceText(shown, path, texts[texts.length - 1] ?? ''), { index, caret });
          return;
        }
        // The blocks came in since (this keystroke's first one, or someone else's): into that block.
        clientId = shared;
      }
      // The block as it is now: someone else's change may have come in since the field rendered.
      const now = findBlock(blocksNow, clientId);
      const text = now?.attributes['content'];
      if (typeof text !== 'string' || !store.sync) return;
      const written = text === basedOn ? texts : texts.map((next) => rebaseChange(basedOn, next, text));
      for (const next of written) store.sync.editBlock(post, clientId, 'content', next);
    },
    onKeyDown(clientId, event, field) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const { blocks: all, writeBlocks: write, onLeaveStart: leaveStart } = current.current;
      const order = textBlocksOf(all);
      const index = order.findIndex((entry) => entry.block.clientId === clientId);
      const entry = order[index];
      const value = field.value();
      if (!entry || value.start === undefined || value.end === undefined) return;
      const { start, end } = value;
      const isCaret = start === end;
      if (event.key === 'Enter') {
        event.preventDefault();
        if (event.shiftKey) {
          if (entry.block.name !== 'core/list-item') field.change(insert(value, '\n'));
          return;
        }
        const before = htmlOf(slice(value, 0, start));
        const after = htmlOf(slice(value, end, value.text.length));
        write(splitBlock(all, entry.path, before, after), { index: index + 1, caret: 0 });
      } else if (event.shiftKey) {
        return;
      } else if (event.key === 'Backspace' && isCaret && start === 0) {
        const previous = order[index - 1];
        if (!previous) return;
        event.preventDefault();
        const caret = parseRich(String(previous.block.attributes['content'])).text.length;
        write(mergeIntoPrevious(all, entry.path, previous.path), { index: index - 1, caret });
      } else if ((event.key === 'ArrowUp' || event.key === 'ArrowLeft') && isCaret && start === 0) {
        event.preventDefault();
        const previous = order[index - 1]?.block.clientId;
        const other = previous === undefined ? undefined : fields.current.get(previous);
        if (other) other.focusAt('end');
        else leaveStart?.();
      } else if (
        (event.key === 'ArrowDown' || event.key === 'ArrowRight') &&
        isCaret &&
        end === value.text.length
      ) {
        const next = order[index + 1]?.block.clientId;
        const other = next === undefined ? undefined : fields.current.get(next);
        if (!other) return;
        event.preventDefault();
        other.focusAt(0);
      }
    },
    register(clientId, field) {
      if (field) fields.current.set(clientId, field);
      else if (fields.current.get(clientId)?.element.isConnected !== true) fields.current.delete(clientId);
    },
    onBlur() {
      typing.closeStep();
    },
  };

  // A block asked to take the caret (after Enter, Backspace, a new paragraph): once it is on screen.
  useLayoutEffect(() => {
    const focus = focusNext.current;
    if (!focus) return;
    const clientId = textBlocksOf(blocks)[focus.index]?.block.clientId;
    const field = clientId === undefined ? undefined : fields.current.get(clientId);
    if (!field) return;
    focusNext.current = undefined;
    field.focusAt(focus.caret);
  });

  /** Shares where the caret is: a block, its attribute and the rich-text offsets in it. */
  const share = (event: SyntheticEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const box = target.closest<HTMLElement>('[data-client-id]');
    const clientId = box?.dataset['clientId'];
    const path = box?.dataset['path']?.split('.').map(Number);
    if (clientId === undefined || path === undefined) return;
    sharePresence(store, record, {
      field: 'content',
      block: { clientId, path, attribute: 'content' },
      selection: selectionIn(target),
    });
  };
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    // Moving between blocks is staying in the content.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    sharePresence(store, record, {});
  };

  const render = (list: readonly SyncBlock[], parent: BlockPath) =>
    list.map((block, index) => {
      const path = [...parent, index];
      const key = block.clientId ?? path.join('.');
      if (isTextBlock(block) && block.clientId !== undefined) {
        const text = String(block.attributes['content']);
        return (
          <SharedTextBlock
            key={key}
            clientId={block.clientId}
            path={path.join('.')}
            name={block.name}
            level={typeof block.attributes['level'] === 'number' ? block.attributes['level'] : undefined}
            text={text}
            disabled={disabled}
            actions={actions.current}
            remoteCarets={caretsIn(peers, block.clientId, path, text)}
          />
        );
      }
      if (block.innerBlocks.length > 0) {
        return (
          <div
            key={key}
            className={`shared-block-group shared-${block.name.replace('/', '-')}`}
            data-block-name={block.name}
          >
            {render(block.innerBlocks, path)}
          </div>
        );
      }
      return (
        <div key={key} className="block-card" data-testid="block-card" data-block-name={block.name}>
          <span className="muted">
            {block.name.replace(/^core\//, '')}: kept as it is (not editable here)
          </span>
        </div>
      );
    });

  return (
    <div
      className="block-editor shared-blocks"
      role="group"
      aria-label="Content blocks"
      data-testid="shared-blocks"
      onFocus={share}
      onSelect={share}
      onBlur={leave}
    >
      {blocks.length === 0 ? <p className="muted">This post has no content yet.</p> : null}
      {render(blocks, [])}
      <button
        type="button"
        className="add-block"
        disabled={disabled}
        onClick={() => writeBlocks(appendParagraph(blocks), { index: textBlocksOf(blocks).length, caret: 0 })}
      >
        + Add paragraph
      </button>
    </div>
  );
});

/** Props of {@link SharedTextBlock}. */
interface SharedTextBlockProps {
  clientId: string;
  /** The block's index path, dot-separated (shared with the caret). */
  path: string;
  name: string;
  level: number | undefined;
  text: string;
  disabled: boolean;
  actions: TextActions;
  remoteCarets: readonly RemoteCaret[];
}

const LABELS: Readonly<Record<string, string>> = {
  'core/paragraph': 'Paragraph',
  'core/heading': 'Heading',
  'core/list-item': 'List item',
};

/** One text block: rendered again only when its own text, place or carets change. */
const SharedTextBlock = memo(
  function SharedTextBlock({
    clientId,
    path,
    name,
    level,
    text,
    disabled,
    actions,
    remoteCarets,
  }: SharedTextBlockProps) {
    const type = name.replace(/^core\//, '');
    const className = ['text-block', `text-block-${type}`, level === undefined ? '' : `text-block-h${level}`]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="text-block-box" data-client-id={clientId} data-path={path}>
        <RichTextField
          text={text}
          hasLines={false}
          label={`${LABELS[name] ?? type}${level === undefined ? '' : ` ${level}`}`}
          className={className}
          placeholder={name === 'core/heading' ? 'Heading' : 'Start writing…'}
          disabled={disabled}
          testId="text-block"
          onChange={(texts, _isFormatting, basedOn) => actions.onText(clientId, texts, basedOn)}
          onKeyDown={(event, field) => actions.onKeyDown(clientId, event, field)}
          onBlur={() => actions.onBlur()}
          handleRef={(field) => actions.register(clientId, field)}
          remoteCarets={remoteCarets}
          sharedPlace={undefined}
        />
      </div>
    );
  },
  (before, after) =>
    before.clientId === after.clientId &&
    before.path === after.path &&
    before.name === after.name &&
    before.level === after.level &&
    before.text === after.text &&
    before.disabled === after.disabled &&
    sameCarets(before.remoteCarets, after.remoteCarets),
);
