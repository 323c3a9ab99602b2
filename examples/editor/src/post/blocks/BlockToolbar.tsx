import { TEXT_BLOCK_LABELS, type TextBlockModel, type TextBlockType } from './types.js';

/** Props of {@link BlockToolbar}. */
export interface BlockToolbarProps {
  /** The block, when it is a text block (cards can only be moved and removed). */
  block: TextBlockModel | undefined;
  /** Its position, from 0, and how many blocks there are. */
  index: number;
  count: number;
  /** Whether the editor is read-only. */
  disabled: boolean;
  onChangeType(type: TextBlockType): void;
  onChangeLevel(level: number): void;
  onMove(direction: -1 | 1): void;
  onRemove(): void;
}

/** The tools of one block: its type (and heading level), move up and down, remove. */
export function BlockToolbar(props: BlockToolbarProps) {
  const { block, index, count, disabled } = props;
  const where = `block ${index + 1}`;
  return (
    <div className="block-toolbar" role="group" aria-label={`Tools for ${where}`}>
      {block ? (
        <select
          aria-label={`Type of ${where}`}
          value={block.type}
          disabled={disabled}
          onChange={(event) => props.onChangeType(event.target.value as TextBlockType)}
        >
          {Object.entries(TEXT_BLOCK_LABELS).map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </select>
      ) : null}
      {block?.type === 'heading' ? (
        <select
          aria-label={`Heading level of ${where}`}
          value={block.level ?? 2}
          disabled={disabled}
          onChange={(event) => props.onChangeLevel(Number(event.target.value))}
        >
          {[2, 3, 4, 5, 6].map((level) => (
            <option key={level} value={level}>
              H{level}
            </option>
          ))}
        </select>
      ) : null}
      <button
        type="button"
        className="icon"
        aria-label={`Move ${where} up`}
        title="Move up"
        disabled={disabled || index === 0}
        onClick={() => props.onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon"
        aria-label={`Move ${where} down`}
        title="Move down"
        disabled={disabled || index === count - 1}
        onClick={() => props.onMove(1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="icon danger-link"
        aria-label={`Remove ${where}`}
        title="Remove"
        disabled={disabled}
        onClick={props.onRemove}
      >
        ✕
      </button>
    </div>
  );
}
