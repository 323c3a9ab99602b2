/**
 * What a store sees of its journal while it lives (see `journalEngine.ts`, which makes one): types
 * only, so `RootStore` and `storeEngines.ts` name them without loading the journal.
 *
 * @module
 */
import type { EntityRecord } from '../../models/EntityRecord.js';
import type { EditListener } from '../../models/EditFunnel.js';
import type { Journal, JournalEntry } from './Journal.js';
import type { JournalRecorderOptions, JournaledRecord } from './JournalRecorder.js';
import type { RestoreHost } from './journalRestore.js';

/** What a journal session reads of its store. */
export interface JournalSessionHost extends RestoreHost {
  /** Calls `listener` after every change to any record's edits; returns the unsubscriber. */
  observeEdits(listener: EditListener<EntityRecord<object>>): () => void;
}

/** A store's journal while the store lives: what `RootStore`'s journal methods call. */
export interface JournalSession {
  /** This store's writer id (its entries carry it). */
  readonly writer: string;
  /** Records with journaled edits, as far as this store knows. Observable. */
  readonly size: number;
  /** Why the journal could not be read or written last, or the damage the last read found. Observable. */
  readonly error: Error | undefined;
  /** The record's edits, conflict or waiting writes changed: written within the flush delay. */
  note(record: JournaledRecord): void;
  /** Writes what is noted now; failures go to {@link error}. */
  flush(): Promise<void>;
  /** Entries of other writers whose stores are gone (closed or crashed tabs, earlier sessions). */
  readOthers(): Promise<JournalEntry[]>;
  /** Drops other writers' entries `keys`. */
  discard(keys: readonly string[]): Promise<void>;
  /** Re-applies `entries`; `restored` keeps what this store restored, so nothing is restored twice. */
  restore(
    entries: readonly JournalEntry[],
    restored: Map<string, EntityRecord<object>>,
  ): Promise<EntityRecord<object>[]>;
  /** Flushes, then stops listening and releases the writer's lock. */
  stop(): void;
}

/** Starts the journal of `store` on `journal`. */
export type JournalEngine = (
  store: JournalSessionHost,
  journal: Journal,
  options: JournalRecorderOptions,
) => JournalSession;
