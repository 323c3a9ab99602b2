/**
 * Writes a store's unsaved edits to its journal: a record whose edits change is noted, and the
 * noted records are written together a short while later, so a burst of edits (typing, a paste,
 * 1,000 edits from a script) is one write. Saved or discarded edits leave the journal the same way.
 * A write that fails becomes {@link JournalRecorder.error}; editing never waits for or sees it.
 *
 * @module
 */
import { observable, runInAction, type IObservableValue } from 'mobx';
import type { Id } from '../../models/ids.js';
import { isPlainObject, type PlainObject } from '../../models/snapshot.js';
import { toError } from '../../core/errors.js';
import { journalKey, type Journal, type JournalEntry } from './Journal.js';

/**
 * How long noted edits wait before they are written: bursts within this window are one write, and
 * edits are on disk within a second of being made (the contract), the write itself included.
 */
export const JOURNAL_FLUSH_DELAY_MS = 400;

/** What the recorder reads from a record (an `EntityRecord` provides it). */
export interface JournaledRecord {
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The record id; `undefined` for a singleton or a record not created yet. */
  readonly id: Id | undefined;
  /** The config, to tell a singleton from a record not created yet. */
  readonly config: { readonly singleton: boolean } | undefined;
  /** The edits a save would send. */
  readonly nonTransientEdits: object;
  /** The saved record with raw attributes flattened. */
  readonly raw: object | undefined;
}

/** Options of a {@link JournalRecorder}. */
export interface JournalRecorderOptions {
  /** The wait before noted edits are written. @default JOURNAL_FLUSH_DELAY_MS (400) */
  flushDelayMs?: number;
  /** The clock of `writtenAtMs`. @default Date.now */
  now?: () => number;
}

/**
 * The journal entry of a record's current edits: the edits that can be stored (deferred function
 * edits cannot), the saved values they were made on, and the saved `modified_gmt`. `undefined`
 * when nothing is left to keep, or the record cannot be found again after a reload (a new record
 * that was never saved has no id).
 */
export function journalEntryOf(record: JournaledRecord, now: number): JournalEntry | undefined {
  if (record.id === undefined && record.config?.singleton !== true) return undefined;
  const edits: PlainObject = {};
  const base: PlainObject = {};
  const raw = (record.raw ?? {}) as PlainObject;
  for (const [field, value] of Object.entries(record.nonTransientEdits)) {
    if (typeof value === 'function' || value === undefined) continue;
    edits[field] = value;
    base[field] = raw[field] ?? null;
  }
  if (Object.keys(edits).length === 0) return undefined;
  const modified = raw['modified_gmt'];
  return {
    key: journalKey(record.kind, record.name, record.id),
    kind: record.kind,
    name: record.name,
    id: record.id,
    edits,
    base,
    modifiedGmt: typeof modified === 'string' ? modified : undefined,
    writtenAtMs: now,
  };
}

/**
 * Keeps a journal in step with the edits of the records it is told about ({@link note}). Writes run
 * one after another; a failed write keeps its records noted, so the next write (the next edit, or
 * {@link flush}) tries them again.
 */
export class JournalRecorder {
  /** The storage. */
  readonly journal: Journal;
  private readonly flushDelayMs: number;
  private readonly now: () => number;
  private readonly noted = new Map<string, JournaledRecord>();
  /** Keys the journal holds, as far as this store knows (read or written by it). */
  private readonly known = new Set<string>();
  private readonly sizeBox: IObservableValue<number> = observable.box(0, { name: 'journalSize' });
  private readonly errorBox: IObservableValue<Error | undefined> = observable.box(undefined, {
    deep: false,
    name: 'journalError',
  });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private isDisposed = false;

  /** A recorder writing to `journal`; the constructor does no I/O. */
  constructor(journal: Journal, options: JournalRecorderOptions = {}) {
    this.journal = journal;
    this.flushDelayMs = options.flushDelayMs ?? JOURNAL_FLUSH_DELAY_MS;
    this.now = options.now ?? Date.now;
  }

  /** Records with journaled edits, as far as this store knows. Observable. */
  get size(): number {
    return this.sizeBox.get();
  }

  /** The error of the last failed read or write; cleared by the next successful write. Observable. */
  get error(): Error | undefined {
    return this.errorBox.get();
  }

  /** The record's edits changed: write them (or drop its entry) within the flush delay. */
  note(record: JournaledRecord): void {
    if (this.isDisposed) return;
    if (record.id === undefined && record.config?.singleton !== true) return;
    this.noted.set(journalKey(record.kind, record.name, record.id), record);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.flushDelayMs);
  }

  /**
   * Writes what is noted now, after any write in progress. Resolves when it is written or has
   * failed (a failure is {@link error}, never a rejection).
   */
  flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.writing = this.writing.then(() => this.writeNoted());
    return this.writing;
  }

  /** Reads every entry; the keys read count towards {@link size}. Rejects with the storage's error. */
  async read(): Promise<JournalEntry[]> {
    let entries: JournalEntry[];
    try {
      entries = await this.journal.read();
    } catch (error) {
      runInAction(() => this.errorBox.set(toError(error)));
      throw error;
    }
    for (const entry of entries) {
      if (isPlainObject(entry.edits)) this.known.add(entry.key);
    }
    this.publishSize();
    return entries;
  }

  /** Drops entries by key now (restored fields that the server has since changed stay out). */
  forget(keys: readonly string[]): Promise<void> {
    const present = keys.filter((key) => this.known.has(key));
    if (present.length === 0) return Promise.resolve();
    this.writing = this.writing.then(() => this.apply([], present, []));
    return this.writing;
  }

  /** Stops the timer; noted edits not yet written stay unwritten (call {@link flush} first to keep them). */
  dispose(): void {
    this.isDisposed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.noted.clear();
  }

  private async writeNoted(): Promise<void> {
    if (this.noted.size === 0) return;
    const records = [...this.noted.values()];
    this.noted.clear();
    const now = this.now();
    const put: JournalEntry[] = [];
    const remove: string[] = [];
    for (const record of records) {
      const entry = journalEntryOf(record, now);
      if (entry !== undefined) put.push(entry);
      else {
        const key = journalKey(record.kind, record.name, record.id);
        if (this.known.has(key)) remove.push(key);
      }
    }
    await this.apply(put, remove, records);
  }

  private async apply(
    put: readonly JournalEntry[],
    remove: readonly string[],
    records: readonly JournaledRecord[],
  ): Promise<void> {
    if (put.length === 0 && remove.length === 0) return;
    try {
      await this.journal.write({ put, remove });
    } catch (error) {
      // Keep them noted (unless newer edits already are): the next write tries them again.
      for (const record of records) {
        const key = journalKey(record.kind, record.name, record.id);
        if (!this.noted.has(key)) this.noted.set(key, record);
      }
      runInAction(() => this.errorBox.set(toError(error)));
      return;
    }
    for (const key of remove) this.known.delete(key);
    for (const entry of put) this.known.add(entry.key);
    runInAction(() => {
      if (this.errorBox.get() !== undefined) this.errorBox.set(undefined);
    });
    this.publishSize();
  }

  private publishSize(): void {
    if (this.sizeBox.get() !== this.known.size) runInAction(() => this.sizeBox.set(this.known.size));
  }
}
