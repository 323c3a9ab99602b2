import { memo, type RefObject } from 'react';
import { sameCarets, type RemoteCaret } from '../../collaboration/RemoteCarets.js';
import { BlockCard } from './BlockCard.js';
import { modelOf } from './blockEdits.js';
import { BlockToolbar } from './BlockToolbar.js';
import type { SharedPlace } from '../../text/heldSelection.js';
import { TextBlock, type BlockActions as TextBlockActions } from './TextBlock.js';
import { BlockInserterList } from './inserter/BlockInserterList.js';
import type { InsertableBlock } from './inserter/insertableBlocks.js';
import { InserterButton } from './inserter/InserterButton.js';
import type { BlockSegment, TextBlockModel, TextBlockType } from './types.js';

/**
 * What a block's tools and inserters can ask of the editor, by its index (its text asks through
 * {@link TextBlockActions}). One object for the editor's life (it reads the
 * latest content when called), so a row's props stay equal while its own block does not change.
 */
export interface BlockActions {
  changeType(index: number, block: TextBlockModel, type: TextBlockType): void;
  changeLevel(index: number, block: TextBlockModel, level: number): void;
  move(index: number, direction: -1 | 1): void;
  remove(index: number): void;
  insert(index: number, how: 'replace' | 'after', entry: InsertableBlock): void;
  /** The "/" list's keys, caught before the block's own. */
  slashKeyDown(event: React.KeyboardEvent): void;
  slashHighlight(index: number): void;
  slashClose(): void;
}

/** The "/" list of a row, while it is open there. */
export interface SlashMenu {
  readonly listId: string;
  readonly entries: readonly InsertableBlock[];
  readonly active: number;
}

/** Props of {@link BlockRow}. */
export interface BlockRowProps {
  block: BlockSegment;
  index: number;
  count: number;
  disabled: boolean;
  remoteCarets: readonly RemoteCaret[];
  slash: SlashMenu | undefined;
  actions: BlockActions;
  /** What the block's text asks of the editor. */
  textActions: RefObject<TextBlockActions>;
  /** Where the block's text is in the shared content (collaboration), or `undefined`. */
  sharedPlace: SharedPlace | undefined;
}

/** One block with its tools, its "/" list while open, and the "+" after it. */
function BlockRowView(props: BlockRowProps) {
  const { block, index, count, disabled, remoteCarets, slash, actions } = props;
  const text = block.kind === 'text' ? modelOf(block) : undefined;
  return (
    <div
      className="block"
      onKeyDownCapture={slash ? actions.slashKeyDown : undefined}
      onBlur={slash ? actions.slashClose : undefined}
    >
      <BlockToolbar
        block={text}
        index={index}
        count={count}
        disabled={disabled}
        onChangeType={(type) => text && actions.changeType(index, text, type)}
        onChangeLevel={(level) => text && actions.changeLevel(index, text, level)}
        onMove={(direction) => actions.move(index, direction)}
        onRemove={() => actions.remove(index)}
      />
      {text ? (
        <TextBlock
          block={text}
          index={index}
          disabled={disabled}
          actions={props.textActions}
          remoteCarets={remoteCarets}
          sharedPlace={props.sharedPlace}
        />
      ) : block.kind === 'card' ? (
        <BlockCard block={block} />
      ) : null}
      {slash ? (
        <div className="block-inserter-popover is-slash">
          <BlockInserterList
            id={slash.listId}
            entries={slash.entries}
            active={slash.active}
            onChoose={(entry) => {
              actions.slashClose();
              actions.insert(index, 'replace', entry);
            }}
            onHighlight={actions.slashHighlight}
          />
        </div>
      ) : null}
      <InserterButton
        label={`Add a block after block ${index + 1}`}
        disabled={disabled}
        onChoose={(entry) => actions.insert(index, 'after', entry)}
      />
    </div>
  );
}

/**
 * A row re-renders only when its own block, place, carets or "/" list change: a keystroke in one
 * block re-renders that block, not every block of the post (each content change parses the
 * content into new segment objects, so blocks are compared by their markup).
 */
export const BlockRow = memo(
  BlockRowView,
  (before, after) =>
    before.block.source === after.block.source &&
    before.block.kind === after.block.kind &&
    before.index === after.index &&
    before.count === after.count &&
    before.disabled === after.disabled &&
    before.actions === after.actions &&
    before.textActions === after.textActions &&
    before.sharedPlace === after.sharedPlace &&
    before.slash === after.slash &&
    sameCarets(before.remoteCarets, after.remoteCarets),
);
