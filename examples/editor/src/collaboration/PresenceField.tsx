import type { FocusEvent, ReactNode, SyntheticEvent } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import type { PresenceSelection } from 'wp-entities/sync';
import { selectionIn } from '../text/domOffsets.js';
import { sharePresence } from './sharePresence.js';
import { useLivePeers } from './useLivePeers.js';

/** Props of {@link PresenceField}. */
export interface PresenceFieldProps {
  record: EntityRecord<object>;
  /** The record field inside (`title`, `content`, `excerpt`), as peers see it. */
  field: string;
  children: ReactNode;
  /** @default undefined */
  className?: string;
  /**
   * The selection in the record field for a selection in one of its inputs, when they differ (a
   * block of the content: offsets in its text → offsets in the content). @default the input's own
   */
  toFieldSelection?(input: HTMLElement, selection: PresenceSelection): PresenceSelection | undefined;
}

/** The selection in an input, or in a rich-text field (a contenteditable: offsets of its rich text). */
function inputSelectionOf(target: EventTarget): PresenceSelection | undefined {
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    const { selectionStart, selectionEnd } = target;
    if (selectionStart === null || selectionEnd === null) return undefined;
    return { start: selectionStart, end: selectionEnd };
  }
  return target instanceof HTMLElement && target.isContentEditable ? selectionIn(target) : undefined;
}

function selectionOf(
  target: EventTarget,
  toFieldSelection: PresenceFieldProps['toFieldSelection'],
): PresenceSelection | undefined {
  const selection = inputSelectionOf(target);
  if (selection === undefined || !(target instanceof HTMLElement)) return undefined;
  return toFieldSelection ? toFieldSelection(target, selection) : selection;
}

/**
 * Wraps a field of a collaboratively edited record: tells the others when this person is in it
 * (and where the caret is), and marks it with the name and colour of the others who are (their
 * carets in the text are drawn by the fields themselves: RemoteCarets.tsx).
 */
export const PresenceField = observer(function PresenceField({
  record,
  field,
  children,
  className,
  toFieldSelection,
}: PresenceFieldProps) {
  const store = useStore();
  const here = useLivePeers(record).filter((peer) => peer.field === field);
  const share = (event: SyntheticEvent) =>
    sharePresence(store, record, { field, selection: selectionOf(event.target, toFieldSelection) });
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    // Moving between the inputs of one field (the content's blocks) is staying in it.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    sharePresence(store, record, {});
  };
  const color = here[0]?.user.color;
  return (
    <div
      className={`presence-field${className ? ` ${className}` : ''}`}
      data-presence-field={field}
      style={color ? { boxShadow: `0 0 0 2px ${color}` } : undefined}
      onFocus={share}
      onSelect={share}
      onBlur={leave}
    >
      {here.length > 0 ? (
        <span className="presence-markers">
          {here.map((peer) => (
            <span
              key={peer.clientId}
              className="presence-marker"
              data-testid="presence-marker"
              style={{ background: peer.user.color }}
              title={`${peer.user.name} is editing the ${field}`}
            >
              {peer.user.name}
            </span>
          ))}
        </span>
      ) : null}
      {children}
    </div>
  );
});
