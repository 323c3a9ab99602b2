/**
 * A journal in a JSON file, for Node scripts. Each write goes to a temporary file next to it that
 * is then renamed over it, so a crash mid-write leaves the old journal or the new one, never half
 * of one. A damaged file (cut short, or not a journal) is read for every entry it still holds, and
 * copied aside (`{path}.damaged`) as soon as it is read, before anything rewrites it.
 *
 * @module
 */
import { registerJournalEngine } from '../../stores/journal/journalEngine.js';
import { ArgumentError, type JournalError } from '../../core/errors.js';
import {
  applyJournalUpdate,
  journalDamage,
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
 * a damaged one keeps every entry that can still be read, its text is copied to `{path}.damaged`
 * (never replaced before that copy is made), and the read reports a {@link JournalError} naming
 * the entries lost and the copy.
 * @throws ArgumentError when `path` is not a non-empty string.
 */
export function fileJournal(path: string): Journal {
  // A store given this journal runs the journal engine: made here, where a journal is made, so
  // that an app without one bundles none of it.
  registerJournalEngine();
  if (typeof path !== 'string' || path === '') {
    throw new ArgumentError(
      `fileJournal(path): the path must be a non-empty string, got ${JSON.stringify(path)}.`,
    );
  }
  let queue: Promise<unknown> = Promise.resolve();
  let sequence = 0;
  // Loaded on use, so the root entry stays importable in browsers.
  const fs = () => import('node:fs/promises');

  /** The file's entries; a damaged file is copied aside first, and reported to `onDamage` when given. */
  const readDocument = async (onDamage: ((error: JournalError) => void) | undefined) => {
    const { readFile, writeFile } = await fs();
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return parseJournalDocument('').entries;
      throw journalFailure(`read the journal file ${path}`, error, path);
    }
    const parsed = parseJournalDocument(text);
    if (!parsed.isDamaged) return parsed.entries;
    const copy = `${path}${DAMAGED_SUFFIX}`;
    try {
      const kept = await readFile(copy, 'utf8').catch(() => undefined);
      if (kept !== text) await writeFile(copy, text, 'utf8');
    } catch (error) {
      // A rewrite must not replace text nobody kept: it fails, and is tried again.
      if (onDamage === undefined)
        throw journalFailure(`keep a copy of the damaged journal file ${path}`, error, path);
      onDamage(journalDamage(path, parsed, { damagedAt: `the file ${path}`, copyFailure: error }));
      return parsed.entries;
    }
    onDamage?.(journalDamage(path, parsed, { damagedCopy: `the file ${copy}` }));
    return parsed.entries;
  };

  const serialised = <R>(task: () => Promise<R>): Promise<R> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    label: path,
    read(onDamage) {
      return serialised(async () => [...(await readDocument(onDamage ?? (() => undefined))).values()]);
    },
    write(update: JournalUpdate) {
      return serialised(async () => {
        const entries = await readDocument(undefined);
        applyJournalUpdate(entries, update);
        const { writeFile, rename, rm } = await fs();
        sequence += 1;
        const temporary = `${path}.${process.pid}.${sequence}.tmp`;
        try {
          await writeFile(temporary, serializeJournalDocument(entries), 'utf8');
          await rename(temporary, path);
        } catch (error) {
          await rm(temporary, { force: true }).catch(() => undefined);
          throw journalFailure(`write the journal file ${path}`, error, path);
        }
      });
    },
  };
}
