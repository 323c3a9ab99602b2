/**
 * The storage seam of the journal of unsaved edits: where a store keeps the edits it has not saved
 * yet, so a reload or a crash does not lose them. Four storages implement it (IndexedDB,
 * localStorage, memory, a file); the store's journal writer decides what and when to write.
 *
 * Entries are keyed per writer (one per store: a tab, a session) and record, so two tabs editing
 * one record, or a new session editing a record a crashed one left unsaved, never overwrite or
 * remove each other's entries.
 *
 * @module
 */
import type { Id } from '../../models/ids.js';
import { JournalError } from '../../core/errors.js';

/** A write that was asked for and not yet sent (the site could not be reached); sent after a restore. */
export interface JournalWaitingWrite {
  /** What was asked for. */
  readonly kind: 'save' | 'autosave' | 'delete';
  /** The delete's query (`{ force: true }`), when it had one. */
  readonly query?: Readonly<Record<string, unknown>> | undefined;
  /** When it was asked for (milliseconds since the epoch): after a reload they are sent in this order. */
  readonly askedAtMs: number;
}

/** The unsaved edits of one record, by one writer, as the journal keeps them. */
export interface JournalEntry {
  /** The storage key: `writer|record` (see `journalEntryKey`); unique per writer and record. */
  readonly key: string;
  /** The writer: one per store (a tab, a session). An entry is removed only by its writer or by the user. */
  readonly writer: string;
  /** `kind/name/id` (see `journalKey`); `kind/name/new:…` for a record made with `create()` and not saved yet. */
  readonly record: string;
  /** The entity kind. */
  readonly kind: string;
  /** The entity name. */
  readonly name: string;
  /** The record id; `undefined` for a singleton (`root/site`) and for a record not created yet. */
  readonly id: Id | undefined;
  /** The record was made with `create()` and never saved: a restore makes it again from {@link edits}. */
  readonly isNew?: boolean | undefined;
  /**
   * The record's non-transient edits (raw attributes as plain values), and the local value of each
   * field in an unanswered save conflict.
   */
  readonly edits: Readonly<Record<string, unknown>>;
  /**
   * The saved value each edited field had when the user started editing it: the version their
   * edit started from, which a restore and the next save compare the server with.
   */
  readonly base: Readonly<Record<string, unknown>>;
  /** The saved record's `modified_gmt` the edits started from, when the entity has one. */
  readonly modifiedGmt: string | undefined;
  /** Fields in a save conflict the user has not answered yet. */
  readonly conflictFields?: readonly string[] | undefined;
  /** Writes asked for while the site could not be reached, in the order asked. */
  readonly waiting?: readonly JournalWaitingWrite[] | undefined;
  /** When the entry was written (milliseconds since the epoch). */
  readonly writtenAtMs: number;
}

/** One write to a journal: entries to store (replacing those with the same key) and keys to drop. */
export interface JournalUpdate {
  /** Entries to store, replacing any entry with the same key. */
  readonly put: readonly JournalEntry[];
  /** Keys of entries to drop (the records were saved, their edits discarded, or the user chose). */
  readonly remove: readonly string[];
}

/**
 * Where a store keeps unsaved edits across reloads and crashes: `new RootStore({ transport,
 * journal: indexedDbJournal() })`. A storage only reads and writes; the store decides what to
 * write (coalescing bursts) and turns failures into `store.journalError`.
 */
export interface Journal {
  /** A short name for messages (`'indexedDB wp-entities-journal'`, a file path, …). */
  readonly label: string;
  /**
   * Every stored entry of every writer. Damaged data is skipped (a torn document keeps the entries
   * that can still be read); rejects only when the storage cannot be read at all.
   */
  read(): Promise<JournalEntry[]>;
  /** Applies one update as a whole. Rejects when the storage cannot be written (quota, private mode). */
  write(update: JournalUpdate): Promise<void>;
}

/** The journal key of a record: `kind/name/id` (`kind/name` for a singleton). */
export function journalKey(kind: string, name: string, id: Id | undefined): string {
  return id === undefined ? `${kind}/${name}` : `${kind}/${name}/${String(id)}`;
}

/** The storage key of one writer's entry of one record: `writer|record` (the record alone for the writer `''`). */
export function journalEntryKey(writer: string, record: string): string {
  return writer === '' ? record : `${writer}|${record}`;
}

/** The writer of a storage key made by {@link journalEntryKey} (`''` for keys written before writers existed). */
export function writerOfKey(key: string): string {
  const bar = key.indexOf('|');
  return bar < 0 ? '' : key.slice(0, bar);
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The entry `value` holds, or `undefined` when it is not one (storages skip anything else). An
 * entry written before entries had writers reads as the writer `''`'s.
 */
export function readJournalEntry(value: unknown): JournalEntry | undefined {
  if (!isPlainRecord(value)) return undefined;
  const { key, kind, name, id, edits, base } = value;
  if (typeof key !== 'string' || typeof kind !== 'string' || typeof name !== 'string') return undefined;
  if (id !== undefined && typeof id !== 'number' && typeof id !== 'string') return undefined;
  if (!isPlainRecord(edits) || !isPlainRecord(base)) return undefined;
  const writer = typeof value['writer'] === 'string' ? value['writer'] : writerOfKey(key);
  const record = typeof value['record'] === 'string' ? value['record'] : journalKey(kind, name, id);
  if (journalEntryKey(writer, record) !== key) return undefined;
  const conflictFields = value['conflictFields'];
  const waiting = value['waiting'];
  const modifiedGmt = value['modifiedGmt'];
  const entry: JournalEntry = {
    key,
    writer,
    record,
    kind,
    name,
    id: id as Id | undefined,
    ...(value['isNew'] === true ? { isNew: true } : {}),
    edits,
    base,
    modifiedGmt: typeof modifiedGmt === 'string' ? modifiedGmt : undefined,
    ...(Array.isArray(conflictFields) && conflictFields.every((field) => typeof field === 'string')
      ? { conflictFields: conflictFields as string[] }
      : {}),
    ...(Array.isArray(waiting) ? { waiting: waiting.filter(isWaitingWrite) } : {}),
    writtenAtMs: typeof value['writtenAtMs'] === 'number' ? value['writtenAtMs'] : 0,
  };
  return entry;
}

function isWaitingWrite(value: unknown): value is JournalWaitingWrite {
  return (
    isPlainRecord(value) &&
    (value['kind'] === 'save' || value['kind'] === 'autosave' || value['kind'] === 'delete') &&
    (value['query'] === undefined || isPlainRecord(value['query'])) &&
    typeof value['askedAtMs'] === 'number'
  );
}

/** Whether a parsed value has the shape of a {@link JournalEntry}. */
export function isJournalEntry(value: unknown): value is JournalEntry {
  return readJournalEntry(value) !== undefined;
}

/** Applies `update` to a map of entries by key (the storages that keep one document use it). */
export function applyJournalUpdate(entries: Map<string, JournalEntry>, update: JournalUpdate): void {
  for (const key of update.remove) entries.delete(key);
  for (const entry of update.put) entries.set(entry.key, entry);
}

/** What {@link parseJournalDocument} read: the well-formed entries, and whether anything was damaged. */
export interface ParsedJournalDocument {
  /** The entries that could be read, by key. */
  readonly entries: Map<string, JournalEntry>;
  /** The text was not a whole, well-formed document (torn, foreign, or with entries of another shape). */
  readonly isDamaged: boolean;
}

/** How many cut points a torn document is tried at, from its end: bounds the work on a large one. */
const SALVAGE_ATTEMPTS = 64;

/**
 * Parses a document of entries (`{ [key]: entry }`) and never throws: a torn document (a write cut
 * short, a crash mid-write) keeps every entry before the tear, something that is not a document
 * reads as empty, and entries of another shape are skipped; `isDamaged` says so.
 */
export function parseJournalDocument(text: string | null | undefined): ParsedJournalDocument {
  const entries = new Map<string, JournalEntry>();
  if (text === null || text === undefined || text === '') return { entries, isDamaged: false };
  let parsed: unknown;
  let isDamaged = false;
  try {
    parsed = JSON.parse(text);
  } catch {
    isDamaged = true;
    parsed = salvage(text);
  }
  if (!isPlainRecord(parsed)) return { entries, isDamaged: true };
  for (const value of Object.values(parsed)) {
    const entry = readJournalEntry(value);
    if (entry === undefined) isDamaged = true;
    else entries.set(entry.key, entry);
  }
  return { entries, isDamaged };
}

/** The longest prefix of a torn document that closes into an object: every entry before the tear. */
function salvage(text: string): unknown {
  let end = text.length;
  for (let attempt = 0; attempt < SALVAGE_ATTEMPTS; attempt++) {
    // Each entry is an object value: a cut after one of its closing braces keeps it whole.
    const cut = text.lastIndexOf('}', end - 1);
    if (cut < 0) return undefined;
    try {
      return JSON.parse(`${text.slice(0, cut + 1)}}`);
    } catch {
      end = cut;
    }
  }
  return undefined;
}

/** The document form of a map of entries, as {@link parseJournalDocument} reads it. */
export function serializeJournalDocument(entries: ReadonlyMap<string, JournalEntry>): string {
  return JSON.stringify(Object.fromEntries(entries));
}

/** A {@link JournalError} saying what could not be done and why (the cause kept). */
export function journalFailure(what: string, error: unknown): JournalError {
  if (error instanceof JournalError) return error;
  // Chromium's QuotaExceededError from an aborted IndexedDB write has an empty message: its name says it.
  const reason = error instanceof Error ? error.message || error.name : String(error);
  return new JournalError(`Could not ${what}: ${reason}`, { cause: error });
}
