/**
 * The demo's "never lose work" layer, over the editor: the restore offer after a reload and the
 * save-conflict dialog.
 *
 * @module
 */
import { ConflictDialog } from './ConflictDialog.js';
import { RestoreOffer } from './RestoreOffer.js';
import './neverLoseWork.css';

/** Both pieces, floating over the editor's bottom right corner. */
export function NeverLoseWork() {
  return (
    <div className="never-lose-work">
      <RestoreOffer />
      <ConflictDialog />
    </div>
  );
}
