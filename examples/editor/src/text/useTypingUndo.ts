import { useCallback, useEffect, useRef } from 'react';
import type { EntityRecord, RootStore } from 'wp-entities';

/** A pause in typing longer than this closes the undo step of the burst. */
export const TYPING_PAUSE_MS = 1000;

/** What {@link useTypingUndo} returns. */
export interface TypingUndo {
  /**
   * Edits `field` of `record` as typed text: one undo step per word or per burst between pauses.
   * `part` names a part of the field (a block of the content): typing into another part starts a step.
   */
  typeInto(record: EntityRecord, field: string, value: string, part?: string): void;
  /** Closes the step being typed (on blur, before a save, before another kind of edit). */
  closeStep(): void;
}

/** Did this edit insert whitespace at the end of what was there (the end of a word)? */
function endsWord(before: string, after: string): boolean {
  if (after.length <= before.length) return false;
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  const inserted = after.slice(start, start + after.length - before.length);
  return /\s$/.test(inserted);
}

/**
 * Undo steps for typing, as editors make them: the first keystroke of a burst opens a step, the next
 * ones join it (`isCached`), and the step closes at a pause, at the end of a word, on blur or when
 * another field is typed into. So one Ctrl+Z removes the last word, not everything typed.
 *
 * The pause timer lives as long as the component: re-renders do not cancel it.
 */
export function useTypingUndo(store: RootStore): TypingUndo {
  const burst = useRef<{ key: string | undefined; timer: ReturnType<typeof setTimeout> | undefined }>({
    key: undefined,
    timer: undefined,
  });

  const closeStep = useCallback(() => {
    clearTimeout(burst.current.timer);
    burst.current.key = undefined;
    store.history.createUndoLevel();
  }, [store]);

  useEffect(
    () => () => {
      // Unmounting (leaving the editor) ends the burst, so the next edit elsewhere is its own step.
      clearTimeout(burst.current.timer);
      burst.current.key = undefined;
      store.history.createUndoLevel();
    },
    [store],
  );

  const typeInto = useCallback(
    (record: EntityRecord, field: string, value: string, part = '') => {
      const key = `${record.kind}/${record.name}/${String(record.id)}/${field}/${part}`;
      const isSameBurst = burst.current.key === key;
      if (!isSameBurst) store.history.createUndoLevel();
      const before = (record.edited as Record<string, unknown> | undefined)?.[field];
      record.edit({ [field]: value }, { isCached: isSameBurst });
      clearTimeout(burst.current.timer);
      if (typeof before === 'string' && endsWord(before, value)) {
        // The word is complete: the next keystroke starts the next step.
        burst.current.key = undefined;
        store.history.createUndoLevel();
        return;
      }
      burst.current.key = key;
      burst.current.timer = setTimeout(closeStep, TYPING_PAUSE_MS);
    },
    [store, closeStep],
  );

  return { typeInto, closeStep };
}
