/**
 * `store.batch(...)` and `store.saveDirty()`: saves and deletes sent together through `/batch/v1`.
 *
 * @module
 */
import type { EntityRecord } from '../models/EntityRecord.js';
import type { Id } from '../models/ids.js';
import type { PlainObject } from '../models/snapshot.js';
import type { WriteOutcome } from '../models/writeOutcome.js';
import { BatchError } from '../core/errors.js';
import type { Query, Transport } from '../core/transport/types.js';
import { BatchRun } from './BatchRun.js';
import {
  settle,
  type RecordWriter,
  type SaveOptions,
  type WritableCollection,
  type WritableRecord,
} from './RecordWriter.js';

/** What a batch can do; each call resolves as the single call (`save`, `saveRecord`, `delete`) would. */
export interface BatchApi {
  /** Saves `data` as it is (`collection.saveRecord`): PUT with a key, POST without. */
  saveRecord(kind: string, name: string, data: PlainObject, opts?: SaveOptions): Promise<unknown>;
  /** Saves the edits of a record (`record.save`). */
  saveEditedRecord(kind: string, name: string, id: Id | undefined, opts?: SaveOptions): Promise<unknown>;
  /** Deletes a record (`record.delete`). */
  deleteRecord(
    kind: string,
    name: string,
    id: Id | undefined,
    query?: Query,
    opts?: SaveOptions,
  ): Promise<unknown>;
}

/** The result of one record of `store.saveDirty()`. */
export interface SaveResult<R = EntityRecord<object>> {
  /** The record. */
  record: R;
  /** The save succeeded (or had nothing to send). */
  ok: boolean;
  /** The server's answer. */
  value?: unknown;
  /** Why it failed; also stored as the record's `saveError`. */
  error?: Error;
}

/** What a batch needs from the store. */
export interface BatchHost {
  /** The transport. */
  readonly transport: Transport;
  /** The store's writer. */
  readonly writer: RecordWriter;
  /** The collection of an entity. */
  collection(kind: string, name: string): WritableCollection;
}

/**
 * Runs `build` with a {@link BatchApi}; the writes it asks for go out as `/batch/v1` chunks (entities
 * WordPress cannot batch go on their own). Resolves to each call's result, in order; rejects when
 * the batch as a whole fails.
 */
export async function runBatch(
  host: BatchHost,
  build: (api: BatchApi) => Promise<unknown>[],
): Promise<unknown[]> {
  const run = new BatchRun(host.transport);
  const { writer } = host;
  const api: BatchApi = {
    saveRecord: (kind, name, data, opts) =>
      run.join(async (send) =>
        settle(await writer.saveData(host.collection(kind, name), data, { send }), opts),
      ),
    saveEditedRecord: (kind, name, id, opts) =>
      run.join(async (send) => {
        const collection = host.collection(kind, name);
        return settle(await writer.saveEdits(collection, collection.record(id), { send }), opts);
      }),
    deleteRecord: (kind, name, id, query, opts) =>
      run.join(async (send) => {
        const collection = host.collection(kind, name);
        return settle(await writer.delete(collection, collection.record(id), query, { send }), opts);
      }),
  };
  const calls = build(api);
  const [results] = await Promise.all([Promise.all(calls), run.run()]);
  return results;
}

/**
 * The outcome of each record's save: one batch, or, with `offlineWrites: 'wait'`, each save
 * waiting its turn as `record.save()` would, when writes must wait now (offline, earlier writes
 * waiting) or when the batch found the site unreachable.
 */
async function saveEachOrWait(
  host: BatchHost,
  records: readonly WritableRecord[],
): Promise<WriteOutcome<unknown>[]> {
  const { writer } = host;
  const later = (record: WritableRecord) =>
    writer.writeWhenReachable(host.collection(record.kind, record.name), record, { kind: 'save' });
  if (writer.mustWait) {
    return Promise.all(
      records.map(
        (record) => later(record) ?? writer.saveEdits(host.collection(record.kind, record.name), record),
      ),
    );
  }
  const run = new BatchRun(host.transport);
  const saves = records.map((record) =>
    run.join((send) => writer.saveEdits(host.collection(record.kind, record.name), record, { send })),
  );
  // A batch that fails as a whole fails each save too, so every record still gets its own result.
  const [outcomes] = await Promise.all([Promise.all(saves), run.run().catch(() => undefined)]);
  // Queued in the records' order, at once: they are sent in the order asked.
  return Promise.all(
    outcomes.map((outcome, index) =>
      writer.waitsAfter(outcome)
        ? (later(records[index] as WritableRecord) ?? Promise.resolve(outcome))
        : Promise.resolve(outcome),
    ),
  );
}

/**
 * Saves the edits of every given record in one batch and reports each one. With `throwOnError`,
 * rejects with a {@link BatchError} (whose `cause` is the first error) when any save failed; the
 * errors are stored on the records either way.
 */
export async function saveAllInBatch<R extends WritableRecord<object>>(
  host: BatchHost,
  records: readonly R[],
  options: SaveOptions = {},
): Promise<SaveResult<R>[]> {
  const outcomes = await saveEachOrWait(host, records as readonly WritableRecord[]);
  const results = outcomes.map((outcome, index): SaveResult<R> => {
    const result: SaveResult<R> = { record: records[index] as R, ok: outcome.ok };
    if (outcome.value !== undefined) result.value = outcome.value;
    if (outcome.error !== undefined) result.error = outcome.error;
    return result;
  });
  const failures = results.filter((result) => !result.ok);
  const first = failures[0];
  if (options.throwOnError === true && first !== undefined) {
    const { kind, name, id } = first.record;
    throw new BatchError(
      `${failures.length} of ${results.length} records could not be saved; the first, (${kind}, ${name}, ${String(id)}), failed with: ${first.error?.message ?? 'an unknown error'}`,
      { cause: first.error },
    );
  }
  return results;
}
