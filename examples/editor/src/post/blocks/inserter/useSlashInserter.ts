/**
 * The "/" inserter of the block editor: "/" typed in an empty text block opens the list of blocks
 * under it; what follows the "/" searches it; the arrows move the highlight, Enter (or a click)
 * turns the block into the chosen one, Escape closes the list and leaves the text typed. Focus
 * stays in the block throughout (the list is its `aria-activedescendant`).
 *
 * @module
 */
import { useId, useLayoutEffect, useState, type KeyboardEvent } from 'react';
import type { BlockSegment } from '../types.js';
import { optionId } from './BlockInserterList.js';
import { findInsertableBlocks, type InsertableBlock } from './insertableBlocks.js';
import { listKeyAction } from './listKeys.js';

/** A block's text while it is a search: "/" and no space after it. */
const SLASH_SEARCH = /^\/\S*$/;

/** The open "/" list: which block it belongs to and what is highlighted. */
export interface SlashInserter {
  /** The block whose list is open, or `undefined`. */
  readonly index: number | undefined;
  /** The listbox's element id. */
  readonly listId: string;
  /** The entries its search finds (empty when closed). */
  readonly entries: readonly InsertableBlock[];
  /** The highlighted entry's index. */
  readonly active: number;
  /** Block `index`'s text goes from `before` to `after` by typing: "/" in an empty block opens the list. */
  noteTyping(index: number, before: string, after: string): void;
  /** The list's keys, caught before the block's own (Enter would split it). */
  onKeyDownCapture(event: KeyboardEvent): void;
  /** Highlights entry `index` (the pointer is over it). */
  highlight(index: number): void;
  /** Closes the list, leaving the text as it is. */
  close(): void;
}

/**
 * The "/" list of the blocks `blocks`. `onChoose` turns block `index` into the chosen entry;
 * `fieldOf` finds a block's text field, which is given the list's ARIA attributes while it is open.
 */
export function useSlashInserter(
  blocks: readonly BlockSegment[],
  onChoose: (index: number, entry: InsertableBlock) => void,
  fieldOf: (index: number) => HTMLElement | undefined,
): SlashInserter {
  const [open, setOpen] = useState<{ index: number; active: number } | undefined>(undefined);
  const listId = useId();
  const block = open === undefined ? undefined : blocks[open.index];
  // Derived from the block's text: the list closes once the text is no search (a space, all deleted,
  // or a collaborator's change of the block).
  const search = block?.kind === 'text' && SLASH_SEARCH.test(block.text) ? block.text.slice(1) : undefined;
  const index = search === undefined ? undefined : open?.index;
  const entries = search === undefined ? [] : findInsertableBlocks(search);
  const active = Math.max(0, Math.min(open?.active ?? 0, entries.length - 1));
  const highlighted = entries[active];
  const highlightedId = highlighted ? optionId(listId, highlighted) : undefined;

  // The text field stays the focus: screen readers follow the highlight through its attributes.
  useLayoutEffect(() => {
    if (index === undefined) return;
    const field = fieldOf(index);
    if (!field) return;
    field.setAttribute('aria-controls', listId);
    field.setAttribute('aria-expanded', 'true');
    field.setAttribute('aria-autocomplete', 'list');
    if (highlightedId) field.setAttribute('aria-activedescendant', highlightedId);
    else field.removeAttribute('aria-activedescendant');
    return () => {
      for (const name of ['aria-controls', 'aria-expanded', 'aria-autocomplete', 'aria-activedescendant'])
        field.removeAttribute(name);
    };
  }, [index, listId, highlightedId, fieldOf]);

  return {
    index,
    listId,
    entries,
    active,
    noteTyping(at, before, after) {
      if (before === '' && after === '/') setOpen({ index: at, active: 0 });
      else if (open?.index === at && !SLASH_SEARCH.test(after)) setOpen(undefined);
      // A new search highlights its first entry.
      else if (open?.index === at) setOpen({ index: at, active: 0 });
    },
    onKeyDownCapture(event) {
      if (index === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const action = listKeyAction(event.key, entries.length, active);
      if (action === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      if (action.kind === 'highlight') setOpen({ index, active: action.index });
      else if (action.kind === 'close') setOpen(undefined);
      else if (highlighted) {
        setOpen(undefined);
        onChoose(index, highlighted);
      }
    },
    highlight(at) {
      if (index !== undefined) setOpen({ index, active: at });
    },
    close() {
      if (open !== undefined) setOpen(undefined);
    },
  };
}
