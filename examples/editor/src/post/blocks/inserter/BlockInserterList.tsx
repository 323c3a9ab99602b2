import type { InsertableBlock } from './insertableBlocks.js';

/** Props of {@link BlockInserterList}. */
export interface BlockInserterListProps {
  /** The listbox's element id (the field that drives it points at it with `aria-controls`). */
  id: string;
  /** The entries found. */
  entries: readonly InsertableBlock[];
  /** The index of the highlighted entry (`aria-selected`). */
  active: number;
  /** An entry was clicked. */
  onChoose(entry: InsertableBlock): void;
  /** The pointer is over an entry: it becomes the highlighted one. */
  onHighlight(index: number): void;
}

/** The element id of the option of `entry` in the listbox `listId` (for `aria-activedescendant`). */
export function optionId(listId: string, entry: InsertableBlock): string {
  return `${listId}-${entry.id}`;
}

/**
 * The blocks the inserter found, as a listbox. Focus stays in the field that drives it (the block
 * or the search): the highlighted option is its `aria-activedescendant`, and a click on an option
 * does not take focus away.
 */
export function BlockInserterList({ id, entries, active, onChoose, onHighlight }: BlockInserterListProps) {
  if (entries.length === 0)
    return (
      <p className="block-inserter-empty" role="status">
        No blocks found.
      </p>
    );
  return (
    <ul className="block-inserter-list" id={id} role="listbox" aria-label="Blocks">
      {entries.map((entry, index) => (
        <li
          key={entry.id}
          id={optionId(id, entry)}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'is-active' : undefined}
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHighlight(index)}
          onClick={() => onChoose(entry)}
        >
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
