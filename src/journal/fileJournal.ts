/**
 * A journal in a JSON file, for Node scripts. Each write goes to a temporary file next to it that
 * is then renamed over it, so a crash mid-write leaves the old journal or the new one, never half
 * of one. A damaged file (cut short, or not a journal) is read for the entries it still holds and
 * copied aside (`{path}.damaged`) before it is rewritten.
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

/** The suffix of the copy a damaged journal file is kept in. */
const DAMAGED_SUFFIX = '.damaged';

/**
 * A journal in the file at `path` (made on the first write; its folder must exist). Writes are
 * atomic (temporary file, then rename) and run one after another. A missing file reads as empty;
 * a damaged one keeps the entries that can still be read, and its text is copied to
 * `{path}.damaged` before the first write replaces it.
 */
export function fileJournal(path: string): Journal {
  let queue: Promise<unknown> = Promise.resolve();
  let sequence = 0;
  // Loaded on use, so the root entry stays importable in browsers.
  const fs = () => import('node:fs/promises');

  const readDocument = async (isRewriting: boolean) => {
    const { readFile, writeFile } = await fs();
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parseJournalDocument('').entries;
      throw journalFailure(`read the journal file ${path}`, error);
    }
    const parsed = parseJournalDocument(text);
    if (parsed.isDamaged && isRewriting) {
      try {
        await writeFile(`${path}${DAMAGED_SUFFIX}`, text, 'utf8');
      } catch (error) {
        throw journalFailure(`keep a copy of the damaged journal file ${path}`, error);
      }
    }
    return parsed.entries;
  };

  const serialised = <R>(task: () => Promise<R>): Promise<R> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    label: path,
    read() {
      return serialised(async () => [...(await readDocument(false)).values()]);
    },
    write(update: JournalUpdate) {
      return serialised(async () => {
        const entries = await readDocument(true);
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
