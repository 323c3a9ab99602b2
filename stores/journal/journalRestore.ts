/**
 * `store.restoreJournal()`: puts the unsaved edits a journal kept across a reload or crash back on
 * their records, field by field against what the server has now. Entries of one record by several
 * writers (two tabs, or a crashed session and the one before it) are merged; a record made with
 * `create()` and never saved is made again.
 *
 * @module
 */
import { runInAction } from 'mobx';
import { dispatchRecordAction, type EntityRecord } from '../../models/EntityRecord.js';
import { compareWithServer, saveConflictOf } from '../../models/SaveConflict.js';
import { hasOwn, type PlainObject } from '../../models/snapshot.js';
import type { JournalEntry, JournalWaitingWrite } from './Journal.js';
import type { EditBases } from '../EditBases.js';
import type { EntityCollection } from '../EntityCollection.js';
import type { UndoHistory } from '../UndoHistory.js';
import type { JournalRecorder } from './JournalRecorder.js';

/** What a restore needs from the store. */
export interface RestoreHost {
  /** The collection of an entity. */
  collection(kind: string, name: string): EntityCollection<object>;
  /** The undo history: each restored record becomes one step. */
  readonly history: UndoHistory<EntityRecord<object>>;
  /** The versions edits started from: a restored edit starts from its entry's base. */
  readonly editBases: EditBases;
  /** Asks again for a write that waited for the site (offline) before the reload. */
  resumeWaiting?(record: EntityRecord<object>, write: JournalWaitingWrite): void;
}

/** The entries of one record merged: the newest value of each field, with the base it started from. */
export interface MergedEntry {
  /** Per field, the value of the newest entry that edited it. */
  readonly edits: PlainObject;
  /** Per field, the base of that entry. */
  readonly base: PlainObject;
  /** Fields in an unanswered conflict in any entry. */
  readonly conflictFields: readonly string[];
  /** Every waiting write, oldest entry first. */
  readonly waiting: readonly JournalWaitingWrite[];
}

/** Merges entries of one record, oldest first: a later entry's value of a field wins. */
export function mergeEntries(entries: readonly JournalEntry[]): MergedEntry {
  const ordered = [...entries].sort((a, b) => a.writtenAtMs - b.writtenAtMs);
  const edits: PlainObject = {};
  const base: PlainObject = {};
  const conflictFields = new Set<string>();
  const waiting: JournalWaitingWrite[] = [];
  for (const entry of ordered) {
    for (const [field, value] of Object.entries(entry.edits)) {
      edits[field] = value;
      base[field] = hasOwn(entry.base, field) ? entry.base[field] : null;
    }
    for (const field of entry.conflictFields ?? []) conflictFields.add(field);
    waiting.push(...(entry.waiting ?? []));
  }
  return { edits, base, conflictFields: [...conflictFields], waiting };
}

/** How one journaled record compares with the server's copy now. */
export interface RestorePlan {
  /** The fields to put back: the server still has the value they were edited on (or the same value). */
  readonly apply: PlainObject;
  /** The fields someone else saved since, to something else: restored as edits in conflict (`record.conflict`). */
  readonly conflicting: readonly string[];
}

/**
 * Splits merged edits by what the server has now (`server`, raw attributes flattened): a field
 * whose saved value moved away from the one it was edited on, to something else than the edit,
 * conflicts (a merged field only on a key both changed; otherwise the edit goes over their
 * value); every other field is restored.
 */
export function planRestore(
  entry: Pick<MergedEntry, 'edits' | 'base'>,
  server: Readonly<PlainObject>,
  mergedFields: ReadonlySet<string> = new Set(),
): RestorePlan {
  // A field without a base is put back as it is; a field the server lacks compares as null.
  const compared: PlainObject = {};
  const current: PlainObject = {};
  for (const [field, value] of Object.entries(entry.edits)) {
    if (!hasOwn(entry.base, field)) continue;
    compared[field] = value;
    current[field] = server[field] ?? null;
  }
  const { conflicting, standing } = compareWithServer(compared, entry.base, current, mergedFields);
  const apply: PlainObject = {};
  for (const [field, value] of Object.entries(entry.edits)) {
    if (!hasOwn(entry.base, field)) apply[field] = value;
    else if (hasOwn(standing, field)) apply[field] = standing[field];
  }
  return { apply, conflicting };
}

/**
 * Loads each journaled record (or makes a created one again), re-applies its edits as one
 * `restore` undo step and shows fields the server changed since as `record.conflict`; the
 * restored edits start from their entries' base. The restored entries then become this store's
 * own, in one write. Entries whose record cannot be loaded stay for a later try; an entry already
 * restored by this store is never restored twice (no second copy of a created record).
 */
export async function restoreJournalEntries(
  host: RestoreHost,
  recorder: JournalRecorder,
  entries: readonly JournalEntry[],
  restored: Map<string, EntityRecord<object>>,
): Promise<EntityRecord<object>[]> {
  const groups = new Map<string, JournalEntry[]>();
  for (const entry of entries) {
    if (entry.writer === recorder.writer) continue;
    const group = groups.get(entry.record);
    if (group === undefined) groups.set(entry.record, [entry]);
    else group.push(entry);
  }
  const touched: EntityRecord<object>[] = [];
  const adopted: string[] = [];
  const resumed: [EntityRecord<object>, JournalWaitingWrite][] = [];
  for (const group of groups.values()) {
    const first = group[0] as JournalEntry;
    const previously = restored.get(first.key);
    let record: EntityRecord<object> | undefined;
    try {
      record = previously ?? (await recordOf(host, first));
    } catch {
      continue;
    }
    if (record === undefined) continue;
    const target = record;
    if (previously === undefined) {
      const merged = mergeEntries(group);
      const config = target.config;
      const plan = planRestore(merged, (target.raw ?? {}) as PlainObject, config?.mergedEdits);
      // A conflicting field is restored too, as an unsaved edit in conflict: the record is dirty,
      // and its conflict stops every save until the user answers, as before the reload.
      const restoredEdits: PlainObject = { ...plan.apply };
      for (const field of plan.conflicting) restoredEdits[field] = merged.edits[field];
      runInAction(() => {
        const changes = target.applyEdits(restoredEdits, 'restore');
        // A restore is a step of its own (undoSteps.ts); nothing new (the record already shows it)
        // makes no empty one.
        if (Object.keys(changes).length > 0) host.history.addChanges(target, changes);
        const started: PlainObject = {};
        for (const field of Object.keys(restoredEdits)) started[field] = merged.base[field];
        host.editBases.rebase(target, started, first.modifiedGmt);
        if (plan.conflicting.length > 0) {
          const server = (target.raw ?? {}) as PlainObject;
          dispatchRecordAction(target, {
            type: 'conflictSet',
            conflict: saveConflictOf(plan.conflicting, merged.edits, merged.base, server),
          });
        }
      });
      for (const write of merged.waiting) resumed.push([target, write]);
    }
    for (const entry of group) {
      restored.set(entry.key, target);
      adopted.push(entry.key);
    }
    touched.push(target);
  }
  // The journal now follows the records as they are, and the entries restored are theirs.
  await recorder.adopt(touched, adopted);
  // Waiting writes go out in the order they were asked for, across records.
  resumed.sort((a, b) => a[1].askedAtMs - b[1].askedAtMs);
  for (const [record, write] of resumed) host.resumeWaiting?.(record, write);
  return touched;
}

/** The record of an entry: loaded from the server, or made again when it was never created. */
async function recordOf(host: RestoreHost, entry: JournalEntry): Promise<EntityRecord<object> | undefined> {
  const collection = host.collection(entry.kind, entry.name);
  if (entry.isNew === true) {
    await collection.ensureConfig();
    return collection.create();
  }
  return collection.load(entry.id);
}
