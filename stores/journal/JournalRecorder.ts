/**
 * Writes a store's unsaved edits to its journal: a record whose edits change is noted, and the
 * noted records are written together a short while later, so a burst of edits (typing, a paste,
 * 1,000 edits from a script) is one write. Saved or discarded edits leave the journal the same way.
 *
 * Every store is one writer (a tab, a session): it writes and removes only its own entries, so two
 * tabs on one storage, or a new session next to a crashed one's entries, never overwrite each
 * other. Another writer's entries go only when the user chooses (a restore adopts them, a discard
 * drops them). A write that fails becomes {@link JournalRecorder.error} and is tried again with
 * backoff until it is stored; editing never waits for or sees it.
 *
 * @module
 */
import { observable, runInAction, type IObservableValue } from 'mobx';
import type { Id } from '../../models/ids.js';
import { hasOwn, type PlainObject } from '../../models/snapshot.js';
import { ArgumentError, JournalError, toError } from '../../core/errors.js';
import {
  journalEntryKey,
  journalKey,
  writerOfKey,
  type Journal,
  type JournalEntry,
  type JournalWaitingWrite,
} from './Journal.js';

/**
 * How long noted edits wait before they are written: bursts within this window are one write, and
 * edits are on disk within a second of being made (the contract), the write itself included.
 */
export const JOURNAL_FLUSH_DELAY_MS = 400;

/** The first wait before a failed write is tried again; each failure doubles it up to {@link JOURNAL_RETRY_CAP_MS}. */
export const JOURNAL_RETRY_DELAY_MS = 250;

/** The longest wait between two tries of a failed write (a storage that stays full is tried this often). */
export const JOURNAL_RETRY_CAP_MS = 15_000;

/** The version of a record an edit started from (see `EditBases`). */
export interface JournalBase {
  /** The saved value of each edited field when its editing started. */
  readonly values: Readonly<Record<string, unknown>>;
  /** The saved `modified_gmt` then, when the entity has one. */
  readonly modifiedGmt: string | undefined;
}

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
  /** The unanswered save conflict, if any: its local values stay in the entry until answered. */
  readonly conflict?:
    { readonly fields: readonly string[]; readonly local: object; readonly base: object } | undefined;
}

/** Options of a {@link JournalRecorder}. */
export interface JournalRecorderOptions {
  /** The writer id of this store. @default a random id */
  writer?: string;
  /** The wait before noted edits are written. @default JOURNAL_FLUSH_DELAY_MS (400) */
  flushDelayMs?: number;
  /** The clock of `writtenAtMs`. @default Date.now */
  now?: () => number;
  /** The version each record's edits started from. @default none: the saved values at write time */
  baseOf?: (record: JournaledRecord) => JournalBase | undefined;
  /** The writes each record waits to send (offline). @default none */
  waitingOf?: (record: JournaledRecord) => readonly JournalWaitingWrite[] | undefined;
}

/** A writer id: random, so that tabs and sessions never share one. */
export function newJournalWriter(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto?.randomUUID !== undefined) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The record part of a journal key: `kind/name/id`, or `kind/name/new:…` for a record not created yet. */
export function recordJournalKey(record: JournaledRecord, newId: () => string): string {
  if (record.id !== undefined || record.config?.singleton === true)
    return journalKey(record.kind, record.name, record.id);
  return `${record.kind}/${record.name}/new:${newId()}`;
}

/**
 * The journal entry of a record's current edits: the edits that can be stored (deferred function
 * edits cannot), the version they started from, the local values of an unanswered conflict, and
 * the writes waiting to be sent. `undefined` when nothing is left to keep.
 */
export function journalEntryOf(
  record: JournaledRecord,
  at: { writer: string; recordKey: string; now: number },
  started?: JournalBase,
  waiting?: readonly JournalWaitingWrite[],
): JournalEntry | undefined {
  const edits: PlainObject = {};
  const base: PlainObject = {};
  const raw = (record.raw ?? {}) as PlainObject;
  const startedValues = started?.values ?? {};
  for (const [field, value] of Object.entries(record.nonTransientEdits)) {
    if (typeof value === 'function' || value === undefined) continue;
    edits[field] = value;
    base[field] = hasOwn(startedValues, field) ? startedValues[field] : (raw[field] ?? null);
  }
  const conflict = record.conflict;
  if (conflict !== undefined) {
    // A field left out of the edits until the user answers (a restore's conflict) stays here.
    const local = conflict.local as PlainObject;
    const conflictBase = conflict.base as PlainObject;
    for (const field of conflict.fields) {
      if (hasOwn(edits, field) || !hasOwn(local, field)) continue;
      edits[field] = local[field];
      base[field] = conflictBase[field] ?? null;
    }
  }
  const hasWaiting = waiting !== undefined && waiting.length > 0;
  if (Object.keys(edits).length === 0 && !hasWaiting) return undefined;
  const modified = started?.modifiedGmt ?? raw['modified_gmt'];
  const isNew = record.id === undefined && record.config?.singleton !== true;
  return {
    key: journalEntryKey(at.writer, at.recordKey),
    writer: at.writer,
    record: at.recordKey,
    kind: record.kind,
    name: record.name,
    id: record.id,
    ...(isNew ? { isNew: true } : {}),
    edits,
    base,
    modifiedGmt: typeof modified === 'string' ? modified : undefined,
    ...(conflict === undefined ? {} : { conflictFields: [...conflict.fields] }),
    ...(hasWaiting ? { waiting: [...waiting] } : {}),
    writtenAtMs: at.now,
  };
}

/**
 * Keeps a journal in step with the edits of the records it is told about ({@link note}). Writes run
 * one after another; a failed write keeps its records noted and is tried again after a backoff
 * (and with the next write), until it is stored.
 */
export class JournalRecorder {
  /** The storage. */
  readonly journal: Journal;
  /** This store's writer id: the entries it writes carry it. */
  readonly writer: string;
  private readonly flushDelayMs: number;
  private readonly now: () => number;
  private readonly baseOf: JournalRecorderOptions['baseOf'];
  private readonly waitingOf: JournalRecorderOptions['waitingOf'];
  private readonly noted = new Set<JournaledRecord>();
  /** The key each record's entry was last stored under (a created record's changes on its first save). */
  private readonly storedKey = new WeakMap<JournaledRecord, string>();
  private readonly newIds = new WeakMap<JournaledRecord, string>();
  private newCount = 0;
  /** Other writers' keys to drop with the next write (the user restored or declined them). */
  private readonly dropping = new Set<string>();
  /** Keys the journal holds, as far as this store knows (read or written by it). */
  private readonly known = new Set<string>();
  private readonly sizeBox: IObservableValue<number> = observable.box(0, { name: 'journalSize' });
  private readonly errorBox: IObservableValue<Error | undefined> = observable.box(undefined, {
    deep: false,
    name: 'journalError',
  });
  /** What the last read found damaged: stays until a read finds the journal whole again. */
  private readonly damageBox: IObservableValue<JournalError | undefined> = observable.box(undefined, {
    deep: false,
    name: 'journalDamage',
  });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerDueMs = Infinity;
  private failures = 0;
  private writing: Promise<void> = Promise.resolve();
  private isDisposed = false;

  /**
   * A recorder writing to `journal`; the constructor does no I/O.
   * @throws ArgumentError when `journal` is not a storage the recorder can use (see {@link requireJournal}).
   */
  constructor(journal: Journal, options: JournalRecorderOptions = {}) {
    requireJournal(journal);
    this.journal = journal;
    this.writer = options.writer ?? newJournalWriter();
    this.flushDelayMs = options.flushDelayMs ?? JOURNAL_FLUSH_DELAY_MS;
    this.now = options.now ?? Date.now;
    this.baseOf = options.baseOf;
    this.waitingOf = options.waitingOf;
  }

  /** Records with journaled edits, as far as this store knows. Observable. */
  get size(): number {
    return this.sizeBox.get();
  }

  /**
   * The error of the last failed read or write, cleared by the next successful write; else the
   * damage the last read found (entries that could not be read), until a read finds none. Observable.
   */
  get error(): Error | undefined {
    return this.errorBox.get() ?? this.damageBox.get();
  }

  /** The record's edits changed: write them (or drop its entry) within the flush delay. */
  note(record: JournaledRecord): void {
    if (this.isDisposed) return;
    this.noted.add(record);
    const stored = this.storedKey.get(record);
    // A created record was just saved: its entry moves to its id at once, so a crash now cannot
    // leave the entry of a record that no longer needs creating. An entry whose edits are all gone
    // (saved, discarded) goes at once too: a tab closed right after a save offers nothing stale.
    const isRenamed = stored !== undefined && stored !== this.keyOf(record);
    const isGone = stored !== undefined && Object.keys(record.nonTransientEdits).length === 0;
    this.schedule(isRenamed || isGone ? 0 : this.flushDelayMs);
  }

  /**
   * Writes what is noted now, after any write in progress. Resolves when it is written or has
   * failed (a failure is {@link error} and is tried again later, never a rejection).
   */
  flush(): Promise<void> {
    this.cancelTimer();
    this.writing = this.writing.then(() => this.writeNoted());
    return this.writing;
  }

  /** Reads every entry of every writer; the keys read count towards {@link size}. Rejects with the storage's error. */
  async read(): Promise<JournalEntry[]> {
    let entries: JournalEntry[];
    const damages: JournalError[] = [];
    try {
      entries = await this.journal.read((error) => damages.push(error));
    } catch (error) {
      runInAction(() => this.errorBox.set(toError(error)));
      throw error;
    }
    const damage = damages.length > 1 ? combinedDamage(damages) : damages[0];
    runInAction(() => {
      if (this.damageBox.get() !== damage) this.damageBox.set(damage);
    });
    for (const entry of entries) this.known.add(entry.key);
    this.publishSize();
    return entries;
  }

  /**
   * The user restored these entries of other writers onto `records`: the records' own entries are
   * written and the restored ones dropped in one write, so the edits are never in neither.
   */
  adopt(records: readonly JournaledRecord[], keys: readonly string[]): Promise<void> {
    for (const record of records) this.noted.add(record);
    for (const key of keys) if (writerOfKey(key) !== this.writer) this.dropping.add(key);
    return this.flush();
  }

  /** The user declined these entries: drops them (never this store's own, which follow its records). */
  discard(keys: readonly string[]): Promise<void> {
    for (const key of keys) if (writerOfKey(key) !== this.writer) this.dropping.add(key);
    return this.flush();
  }

  /** Stops the timers; noted edits not yet written stay unwritten (call {@link flush} first to keep them). */
  dispose(): void {
    this.isDisposed = true;
    this.cancelTimer();
    this.noted.clear();
    this.dropping.clear();
  }

  private keyOf(record: JournaledRecord): string {
    return journalEntryKey(this.writer, this.recordKeyOf(record));
  }

  private recordKeyOf(record: JournaledRecord): string {
    return recordJournalKey(record, () => {
      let id = this.newIds.get(record);
      if (id === undefined) {
        this.newCount += 1;
        id = `${this.writer}.${this.newCount}`;
        this.newIds.set(record, id);
      }
      return id;
    });
  }

  private schedule(delayMs: number): void {
    if (this.isDisposed) return;
    const dueMs = Date.now() + delayMs;
    if (this.timer !== undefined && this.timerDueMs <= dueMs) return;
    this.cancelTimer();
    this.timerDueMs = dueMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerDueMs = Infinity;
      void this.flush();
    }, delayMs);
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDueMs = Infinity;
  }

  private async writeNoted(): Promise<void> {
    if (this.noted.size === 0 && this.dropping.size === 0) return;
    const records = [...this.noted];
    const dropping = [...this.dropping];
    this.noted.clear();
    this.dropping.clear();
    const now = this.now();
    const put: JournalEntry[] = [];
    const remove = new Set<string>(dropping);
    const stored: [JournaledRecord, string | undefined][] = [];
    for (const record of records) {
      const recordKey = this.recordKeyOf(record);
      const key = journalEntryKey(this.writer, recordKey);
      const previous = this.storedKey.get(record);
      const entry = journalEntryOf(
        record,
        { writer: this.writer, recordKey, now },
        this.baseOf?.(record),
        this.waitingOf?.(record),
      );
      if (previous !== undefined && previous !== key) remove.add(previous);
      if (entry !== undefined) {
        put.push(entry);
        stored.push([record, key]);
      } else {
        if (previous !== undefined || this.known.has(key)) remove.add(key);
        stored.push([record, undefined]);
      }
    }
    for (const entry of put) remove.delete(entry.key);
    if (put.length === 0 && remove.size === 0) return;
    try {
      await this.journal.write({ put, remove: [...remove] });
    } catch (error) {
      // Keep them noted and dropping: the next write, or the retry, tries them again.
      for (const record of records) this.noted.add(record);
      for (const key of dropping) this.dropping.add(key);
      this.failures += 1;
      runInAction(() => this.errorBox.set(toError(error)));
      this.schedule(Math.min(JOURNAL_RETRY_CAP_MS, JOURNAL_RETRY_DELAY_MS * 2 ** (this.failures - 1)));
      return;
    }
    this.failures = 0;
    for (const [record, key] of stored) {
      if (key === undefined) this.storedKey.delete(record);
      else this.storedKey.set(record, key);
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

/**
 * Refuses a journal the recorder could not use (plain JavaScript passing the wrong object would
 * otherwise read nothing and fail every write), naming what is missing.
 */
export function requireJournal(journal: unknown): asserts journal is Journal {
  if (typeof journal !== 'object' || journal === null) {
    throw new ArgumentError(
      `The journal must be a journal storage (indexedDbJournal(), localStorageJournal(), fileJournal(path), memoryJournal()), got ${journal === null ? 'null' : typeof journal}.`,
    );
  }
  const candidate = journal as Partial<Record<keyof Journal, unknown>>;
  const missing: string[] = [];
  if (typeof candidate.read !== 'function') missing.push('read (a function)');
  if (typeof candidate.write !== 'function') missing.push('write (a function)');
  if (typeof candidate.label !== 'string') missing.push('label (a string)');
  if (missing.length > 0) {
    throw new ArgumentError(
      `The journal lacks ${missing.join(', ')}: pass a journal storage (indexedDbJournal(), localStorageJournal(), fileJournal(path), memoryJournal()) or an object implementing Journal.`,
    );
  }
}

/** One report of several damaged documents (two tabs' items): every lost entry and every copy named. */
function combinedDamage(damages: readonly JournalError[]): JournalError {
  const copies = damages.map((each) => each.damagedCopy).filter((copy) => copy !== undefined);
  return new JournalError(damages.map((each) => each.message).join(' '), {
    storage: damages[0]?.storage,
    damagedCopy: copies.join('; '),
    unreadable: damages.flatMap((each) => each.unreadable),
  });
}
