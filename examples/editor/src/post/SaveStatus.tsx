import type { EntityRecord } from 'wp-entities';
import { observer } from 'wp-entities/react';

/** The save state of a record, in words. */
export function saveStateOf(record: EntityRecord): string {
  // Asked for while offline: the store sends it once the site answers again.
  if (record.isWaiting) return "Saved when you're back online";
  if (record.isAutosaving) return 'Autosaving…';
  if (record.isSaving) return 'Saving…';
  if (record.saveError) return 'Not saved';
  if (record.isDirty) return 'Unsaved changes';
  return 'Saved';
}

/**
 * The save state next to the Save button, and a polite live region that tells screen-reader users
 * when a save starts, ends or fails (typing does not make it speak: "Unsaved changes" is not announced).
 */
export const SaveStatus = observer(function SaveStatus({ record }: { record: EntityRecord }) {
  const state = saveStateOf(record);
  const announced = state === 'Unsaved changes' ? '' : state;
  return (
    <>
      <span className={record.isDirty ? 'save-state is-dirty' : 'save-state'} data-testid="save-state">
        {record.isDirty && !record.isSaving ? (
          <span className="dirty-dot" aria-hidden="true">
            ●{' '}
          </span>
        ) : null}
        {state}
      </span>
      <span className="visually-hidden" role="status" aria-live="polite" data-testid="save-announcer">
        {announced}
      </span>
    </>
  );
});
