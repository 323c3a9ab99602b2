import { useEffect } from 'react';
import type { EntityRecord } from 'wp-entities';

/** How often a dirty record is autosaved. */
export const AUTOSAVE_INTERVAL_MS = 10_000;

/**
 * Autosaves `record` every {@link AUTOSAVE_INTERVAL_MS} while it has unsaved edits and no save is
 * running. WordPress stores an autosave of a published post beside it (the post keeps its edits
 * here); a draft of its own author is updated in place.
 */
export function useAutosave(record: EntityRecord, canEdit: boolean): void {
  useEffect(() => {
    if (!canEdit) return;
    const timer = setInterval(() => {
      if (record.hasEdits && !record.isSaving && !record.isDeleting) void record.autosave();
    }, AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [record, canEdit]);
}
