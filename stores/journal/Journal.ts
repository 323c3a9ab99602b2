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
  /** The storage key: `writer|record` (see {@link journalEntryKey}); unique per writer and record. */
  readonly key: string;
  /** The writer: one per store (a tab, a session). An entry is removed only by its writer or by the user. */
  readonly writer: string;
  /** `kind/name/id` (see {@link journalKey}); `kind/name/new:…` for a record made with `create()` and not saved yet. */
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
   * Every stored entry of every writer. Damaged data is skipped entry by entry (a torn document
   * keeps every entry that can still be read), its text is kept aside untouched, and `onDamage` is
   * told with a {@link JournalError} naming the storage, the entries lost and where their text is;
   * rejects only when the storage cannot be read at all.
   */
  read(onDamage?: (error: JournalError) => void): Promise<JournalEntry[]>;
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

/** What {@link parseJournalDocument} read: the well-formed entries, and what could not be read. */
export interface ParsedJournalDocument {
  /** The entries that could be read, by key. */
  readonly entries: Map<string, JournalEntry>;
  /** The text was not a whole, well-formed document (torn, foreign, or with entries of another shape). */
  readonly isDamaged: boolean;
  /**
   * The keys of the members that could not be read as entries (`'?'` for one whose key was torn
   * too, or for text that is not a document at all).
   */
  readonly unreadable: readonly string[];
  /** The text ends inside a member (a write cut short): whatever came after it is not there to name. */
  readonly isCutShort: boolean;
}

/** The key named for a member whose own key could not be read. */
const UNKNOWN_KEY = '?';

/** How much of a key cut short is named (a writer id and a record key fit). */
const TORN_KEY_SHOWN = 80;

/**
 * Parses a document of entries (`{ [key]: entry }`) and never throws. A document that does not
 * parse whole (a write cut short, a crash mid-write, a damaged byte) is read member by member: each
 * entry that is whole and well-formed is kept, wherever it is, and every other member is named in
 * `unreadable`; something that is not a document reads as empty. `isDamaged` says that anything
 * was left out.
 */
export function parseJournalDocument(text: string | null | undefined): ParsedJournalDocument {
  const entries = new Map<string, JournalEntry>();
  if (text === null || text === undefined || text === '')
    return { entries, isDamaged: false, unreadable: [], isCutShort: false };
  const unreadable: string[] = [];
  let members: [string, unknown][];
  let isCutShort = false;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isPlainRecord(parsed)) return { entries, isDamaged: true, unreadable: [UNKNOWN_KEY], isCutShort };
    members = Object.entries(parsed);
  } catch {
    const salvaged = salvageMembers(text, unreadable);
    members = salvaged.members;
    isCutShort = salvaged.isCutShort;
  }
  for (const [key, value] of members) {
    const entry = readJournalEntry(value);
    if (entry === undefined) unreadable.push(key);
    else entries.set(entry.key, entry);
  }
  return { entries, isDamaged: unreadable.length > 0 || isCutShort, unreadable, isCutShort };
}

/**
 * The members of a document that does not parse whole, each parsed on its own: a member whose
 * value is cut short or malformed is named in `unreadable` and the scan goes on after it, so one
 * damaged entry costs that entry only. Scanning stops where the document's own structure is lost.
 */
function salvageMembers(
  text: string,
  unreadable: string[],
): { members: [string, unknown][]; isCutShort: boolean } {
  const members: [string, unknown][] = [];
  let at = skipSpace(text, 0);
  if (text[at] !== '{') {
    unreadable.push(UNKNOWN_KEY);
    return { members, isCutShort: false };
  }
  at = skipSpace(text, at + 1);
  while (at < text.length && text[at] !== '}') {
    const keyEnd = text[at] === '"' ? endOfValue(text, at) : -1;
    let key: string | undefined;
    if (keyEnd > 0) {
      try {
        key = JSON.parse(text.slice(at, keyEnd)) as string;
      } catch {
        key = undefined;
      }
    }
    if (key === undefined) {
      // A key cut short still names its writer and most of its record: name what is left of it.
      const rest = keyEnd < 0 && text[at] === '"' ? text.slice(at + 1, at + 1 + TORN_KEY_SHOWN) : '';
      unreadable.push(rest === '' ? UNKNOWN_KEY : `${rest}…`);
      return { members, isCutShort: keyEnd < 0 };
    }
    at = skipSpace(text, keyEnd);
    if (text[at] !== ':') {
      unreadable.push(key);
      return { members, isCutShort: at >= text.length };
    }
    const valueStart = skipSpace(text, at + 1);
    const valueEnd = endOfValue(text, valueStart);
    if (valueEnd < 0) {
      // Cut short: the tear is inside this member.
      unreadable.push(key);
      return { members, isCutShort: true };
    }
    try {
      members.push([key, JSON.parse(text.slice(valueStart, valueEnd))]);
    } catch {
      unreadable.push(key);
    }
    at = skipSpace(text, valueEnd);
    if (text[at] === ',') at = skipSpace(text, at + 1);
    else if (text[at] !== '}') {
      if (at < text.length) unreadable.push(UNKNOWN_KEY);
      return { members, isCutShort: at >= text.length };
    }
  }
  return { members, isCutShort: at >= text.length };
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (
    at < text.length &&
    (text[at] === ' ' || text[at] === '\n' || text[at] === '\r' || text[at] === '\t')
  )
    at++;
  return at;
}

/**
 * The index just past the JSON value that starts at `from`: a string to its closing quote, an
 * object or array to its matching bracket (strings inside skipped), anything else to the next
 * `,`, `}` or `]`. `-1` when the text ends first (the value was cut short).
 */
function endOfValue(text: string, from: number): number {
  let depth = 0;
  let isInString = false;
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (isInString) {
      if (char === '\\') at++;
      else if (char === '"') {
        isInString = false;
        if (depth === 0) return at + 1;
      }
    } else if (char === '"') isInString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      if (depth === 0) return at;
      depth--;
      if (depth === 0) return at + 1;
    } else if (char === ',' && depth === 0) return at;
  }
  return -1;
}

/** The document form of a map of entries, as {@link parseJournalDocument} reads it. */
export function serializeJournalDocument(entries: ReadonlyMap<string, JournalEntry>): string {
  return JSON.stringify(Object.fromEntries(entries));
}

/** A {@link JournalError} saying what could not be done and why (the cause kept). */
export function journalFailure(what: string, error: unknown, storage?: string): JournalError {
  if (error instanceof JournalError) return error;
  // Chromium's QuotaExceededError from an aborted IndexedDB write has an empty message: its name says it.
  const reason = error instanceof Error ? error.message || error.name : String(error);
  return new JournalError(`Could not ${what}: ${reason}`, { cause: error, storage });
}

/** How many unreadable keys a damage message lists before it says how many more there are. */
const LISTED_KEYS = 5;

/**
 * The {@link JournalError} of a journal read only in part: the storage, the entries that could
 * not be read, and where their text was kept (`damagedCopy`), or why it could not be kept
 * (`copyFailure`, the text then left where it was, `damagedAt`).
 */
export function journalDamage(
  storage: string,
  document: Pick<ParsedJournalDocument, 'unreadable' | 'isCutShort'>,
  where: { damagedCopy: string } | { damagedAt: string; copyFailure: unknown },
): JournalError {
  const { unreadable } = document;
  const count = unreadable.length;
  const listed = unreadable.slice(0, LISTED_KEYS).join(', ');
  const more = count > LISTED_KEYS ? ` and ${count - LISTED_KEYS} more` : '';
  const named = count === 0 ? '' : ` (${listed}${more})`;
  const cut = document.isCutShort
    ? ', and its text ends there: entries written after it, if any, are lost too'
    : '';
  const lost = `${count === 1 ? '1 entry' : `${count} entries`} of unsaved edits could not be read${named}${cut}`;
  if ('damagedCopy' in where) {
    return new JournalError(
      `The journal ${storage} is damaged: ${lost}. Its damaged text is kept in ${where.damagedCopy}.`,
      { storage, damagedCopy: where.damagedCopy, unreadable },
    );
  }
  const reason =
    where.copyFailure instanceof Error
      ? where.copyFailure.message || where.copyFailure.name
      : String(where.copyFailure);
  return new JournalError(
    `The journal ${storage} is damaged: ${lost}. Its damaged text is left in ${where.damagedAt} (a copy could not be made: ${reason}).`,
    { storage, damagedCopy: where.damagedAt, unreadable, cause: where.copyFailure },
  );
}
