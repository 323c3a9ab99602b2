import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { BlockInserterList, optionId } from './BlockInserterList.js';
import { findInsertableBlocks, type InsertableBlock } from './insertableBlocks.js';
import { listKeyAction } from './listKeys.js';

/** Props of {@link InserterButton}. */
export interface InserterButtonProps {
  /** The button's accessible name ("Add a block after block 2"). */
  label: string;
  /** No inserting (a read-only post). */
  disabled: boolean;
  /** A block was chosen. */
  onChoose(entry: InsertableBlock): void;
}

/**
 * A "+" button between blocks that opens a searchable list of the blocks (as the block editor's
 * inserter): typing searches, the arrows move, Enter or a click inserts, Escape closes and puts the
 * focus back on the button.
 */
export function InserterButton({ label, disabled, onChoose }: InserterButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const entries = isOpen ? findInsertableBlocks(search) : [];
  const highlighted = entries[Math.min(active, entries.length - 1)];

  const close = (refocus: boolean) => {
    setOpen(false);
    setSearch('');
    setActive(0);
    if (refocus) button.current?.focus();
  };
  const choose = (entry: InsertableBlock) => {
    close(false);
    onChoose(entry);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = listKeyAction(event.key, entries.length, active);
    if (action === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (action.kind === 'highlight') setActive(action.index);
    else if (action.kind === 'close') close(true);
    else if (highlighted) choose(highlighted);
  };
  // Focus gone elsewhere (not to the list inside): the inserter closes, as a menu does.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    close(false);
  };

  return (
    <div className="block-inserter" onBlur={onBlur}>
      <button
        type="button"
        ref={button}
        className="icon block-inserter-toggle"
        aria-label={label}
        title={label}
        aria-expanded={isOpen}
        aria-haspopup="listbox"
        disabled={disabled}
        onClick={() => (isOpen ? close(true) : setOpen(true))}
      >
        +
      </button>
      {isOpen ? (
        <div className="block-inserter-popover" role="group" aria-label="Block inserter">
          <input
            type="search"
            role="combobox"
            aria-label="Search for a block"
            placeholder="Search"
            aria-expanded={entries.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={highlighted ? optionId(listId, highlighted) : undefined}
            autoFocus
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <BlockInserterList
            id={listId}
            entries={entries}
            active={Math.min(active, entries.length - 1)}
            onChoose={choose}
            onHighlight={setActive}
          />
        </div>
      ) : null}
    </div>
  );
}
