import { Dialog } from '../ui/Dialog.js';
import { lineDiff } from './lineDiff.js';

/** One side of the comparison. */
export interface RevisionSide {
  title: string;
  excerpt: string;
  content: string;
}

/** Props of {@link RevisionCompare}. */
export interface RevisionCompareProps {
  /** What the heading says the revision is (its date and author). */
  label: string;
  /** The revision, raw. */
  revision: RevisionSide;
  /** The post as it is in the editor now. */
  current: RevisionSide;
  onRestore(): void;
  onClose(): void;
}

function FieldDiff({ name, left, right }: { name: string; left: string; right: string }) {
  const rows = lineDiff(left, right);
  const isSame = rows.every((row) => row.kind === 'same');
  return (
    <section className="diff-field">
      <h3>
        {name} {isSame ? <span className="muted">(no change)</span> : null}
      </h3>
      <div className="diff" role="table" aria-label={`${name}: the revision beside the editor`}>
        <div role="row" className="diff-head">
          <span role="columnheader">Revision</span>
          <span role="columnheader">Now in the editor</span>
        </div>
        {rows.map((row, index) => (
          <div role="row" key={index} className={`diff-row diff-${row.kind}`}>
            <span role="cell" className="diff-left">
              {row.kind === 'added' ? '' : row.text}
            </span>
            <span role="cell" className="diff-right">
              {row.kind === 'removed' ? '' : row.text}
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The revision beside the post, field by field and line by line, with "Restore this revision". */
export function RevisionCompare({ label, revision, current, onRestore, onClose }: RevisionCompareProps) {
  return (
    <Dialog title={`Compare: ${label}`} onClose={onClose} className="dialog-wide">
      <FieldDiff name="Title" left={revision.title} right={current.title} />
      <FieldDiff name="Content" left={revision.content} right={current.content} />
      <FieldDiff name="Excerpt" left={revision.excerpt} right={current.excerpt} />
      <div className="button-row">
        <button type="button" className="primary" onClick={onRestore}>
          Restore this revision
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
