/**
 * Undo steps for typing, one grouping per store: every field of the editor (the post's title,
 * blocks and excerpt, the site title), the undo keys and the buttons that save or restore close the
 * same step, so a word typed in one place and Ctrl+Z pressed in another behave alike.
 *
 * @module
 */
import { useEffect } from 'react';
import type { EntityRecord, RootStore } from 'wp-entities';

/** A pause in typing longer than this closes the undo step of the burst. */
export const TYPING_PAUSE_MS = 1000;

/** The typing undo of a store (see {@link typingUndoOf}). */
export interface TypingUndo {
  /**
   * Edits `field` of `record` as typed text: one undo step per word or per burst between pauses.
   * `part` names a part of the field (a block of the content): typing into another part starts a step.
   */
  typeInto(record: EntityRecord, field: string, value: string, part?: string): void;
  /** Closes the step being typed (on blur, before a save, before undo, before another kind of edit). */
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

function createTypingUndo(store: RootStore): TypingUndo {
  let burstKey: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closeStep = () => {
    clearTimeout(timer);
    burstKey = undefined;
    store.history.createUndoLevel();
  };
  return {
    closeStep,
    typeInto(record, field, value, part = '') {
      const key = `${record.kind}/${record.name}/${String(record.id)}/${field}/${part}`;
      const isSameBurst = burstKey === key;
      if (!isSameBurst) store.history.createUndoLevel();
      const before = (record.edited as Record<string, unknown> | undefined)?.[field];
      record.edit({ [field]: value }, { isCached: isSameBurst });
      clearTimeout(timer);
      if (typeof before === 'string' && endsWord(before, value)) {
        // The word is complete: the next keystroke starts the next step.
        burstKey = undefined;
        store.history.createUndoLevel();
        return;
      }
      burstKey = key;
      timer = setTimeout(closeStep, TYPING_PAUSE_MS);
    },
  };
}

const perStore = new WeakMap<RootStore, TypingUndo>();

/**
 * The store's typing undo, as editors make it: the first keystroke of a burst opens a step, the next
 * ones join it (`isCached`), and the step closes at a pause, at the end of a word, on blur, when
 * another field is typed into, or when anything else (undo, a save, a restore) closes it.
 */
export function typingUndoOf(store: RootStore): TypingUndo {
  let typing = perStore.get(store);
  if (!typing) {
    typing = createTypingUndo(store);
    perStore.set(store, typing);
  }
  return typing;
}

/**
 * {@link typingUndoOf} for a component that edits text: leaving it (unmounting) ends the burst, so
 * the next edit elsewhere is its own step.
 */
export function useTypingUndo(store: RootStore): TypingUndo {
  const typing = typingUndoOf(store);
  useEffect(() => () => typing.closeStep(), [typing]);
  return typing;
}
