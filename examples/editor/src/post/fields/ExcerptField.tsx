import type { EntityRecord } from 'wp-entities';
import { observer, useStore } from 'wp-entities/react';
import type { EditorPost } from '../../app/types.js';
import { PresenceField } from '../../collaboration/PresenceField.js';
import type { RemoteCaret } from '../../collaboration/RemoteCarets.js';
import { TextField } from '../../text/TextField.js';
import type { TypingUndo } from '../../text/typingUndo.js';
import { useEditedField } from './useEditedField.js';

/** Props of {@link ExcerptField}. */
export interface ExcerptFieldProps {
  record: EntityRecord<EditorPost>;
  typing: TypingUndo;
  /** The others' carets in the excerpt. */
  remoteCarets: readonly RemoteCaret[];
}

/** The post's excerpt, re-rendered only when the excerpt changes. */
export const ExcerptField = observer(function ExcerptField({
  record,
  typing,
  remoteCarets,
}: ExcerptFieldProps) {
  const store = useStore();
  const excerpt = useEditedField(record, 'excerpt') ?? '';
  return (
    <PresenceField record={record} field="excerpt">
      <label className="excerpt-label">
        Excerpt
        <TextField
          multiline
          label="Excerpt"
          className="excerpt-input"
          placeholder="A short summary for lists and search results"
          value={excerpt}
          onText={(value) => typing.typeInto(record, 'excerpt', value)}
          remoteCarets={remoteCarets}
          sharedText={() => store.sync?.sharedText(record, 'excerpt')}
          onBlur={typing.closeStep}
        />
      </label>
    </PresenceField>
  );
});
