import { useState } from 'react';
import type { EntityRecord } from 'wp-entities';
import { observer } from 'wp-entities/react';
import { Dialog } from '../ui/Dialog.js';
import { plainText } from '../ui/format.js';
import type { EditorPost } from '../app/types.js';
import { useEditedField, useHasEditedPost } from './fields/useEditedField.js';

/** The saved post as WordPress renders it (`content.rendered` of the edit-context record). */
interface RenderedPost {
  title?: { rendered?: string };
  content?: { rendered?: string };
}

/**
 * "View on site". On a real WordPress it opens the post's page. On the in-browser mock there is no
 * site to open (its links point back into this tab), so it shows the saved post as WordPress rendered
 * it, in a dialog; the markup runs sandboxed, without scripts.
 */
export const PostPreview = observer(function PostPreview({ record }: { record: EntityRecord<EditorPost> }) {
  const [isOpen, setOpen] = useState(false);
  // Field by field: typing in the post does not re-render the link.
  const link = useEditedField(record, 'link');
  const hasPost = useHasEditedPost(record);
  if (!hasPost) return null;
  if (import.meta.env.VITE_WP_BACKEND === 'proxy') {
    return link ? (
      <a href={link} target="_blank" rel="noreferrer">
        View on site
      </a>
    ) : null;
  }
  const saved = record.persisted as RenderedPost | undefined;
  const title = plainText(saved?.title) || '(no title)';
  return (
    <>
      <button type="button" className="link" onClick={() => setOpen(true)}>
        View on site
      </button>
      {isOpen ? (
        <Dialog title={`Preview: ${title}`} onClose={() => setOpen(false)} className="dialog-wide">
          <p className="muted">
            The saved version, as the site shows it{record.hasEdits ? ' (unsaved changes are not in it)' : ''}
            .
          </p>
          <iframe
            className="preview-frame"
            title={`The saved post: ${title}`}
            sandbox=""
            srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font:17px/1.6 Georgia,serif;max-width:42rem;margin:1.5rem auto;padding:0 1rem;color:#1d2327}img{max-width:100%}</style><h1>${saved?.title?.rendered ?? ''}</h1>${saved?.content?.rendered ?? ''}`}
          />
        </Dialog>
      ) : null}
    </>
  );
});
