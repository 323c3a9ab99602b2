/**
 * A journal in a JSON file, for Node scripts. Each write goes to a temporary file next to it that
 * is then renamed over it, so a crash mid-write leaves the old journal or the new one, never half
 * of one.
 *
 * @module
 */
import {
  applyJournalUpdate,
  parseJournalDocument,
  serializeJournalDocument,
  type Journal,
  type JournalUpdate,
  journalFailure,
} from '../../stores/journal/Journal.js';

/**
 * A journal in the file at `path` (made on the first write; its folder must exist). Writes are
 * atomic (temporary file, then rename) and run one after another. A missing file reads as empty;
 * a file that cannot be parsed rejects with a `JournalError` rather than being overwritten.
 */
export function fileJournal(path: string): Journal {
  let queue: Promise<unknown> = Promise.resolve();
  let sequence = 0;
  // Loaded on use, so the root entry stays importable in browsers.
  const fs = () => import('node:fs/promises');

  const readDocument = async () => {
    const { readFile } = await fs();
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parseJournalDocument('');
      throw journalFailure(`read the journal file ${path}`, error);
    }
    try {
      return parseJournalDocument(text);
    } catch (error) {
      throw journalFailure(`parse the journal file ${path}`, error);
    }
  };

  const serialised = <R>(task: () => Promise<R>): Promise<R> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    label: path,
    read() {
      return serialised(async () => [...(await readDocument()).values()]);
    },
    write(update: JournalUpdate) {
      return serialised(async () => {
        const entries = await readDocument();
        applyJournalUpdate(entries, update);
        const { writeFile, rename, rm } = await fs();
        sequence += 1;
        const temporary = `${path}.${process.pid}.${sequence}.tmp`;
        try {
          await writeFile(temporary, serializeJournalDocument(entries), 'utf8');
          await rename(temporary, path);
        } catch (error) {
          await rm(temporary, { force: true }).catch(() => undefined);
          throw journalFailure(`write the journal file ${path}`, error);
        }
      });
    },
  };
}
