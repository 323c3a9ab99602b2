/**
 * Plain-object stand-ins for a record and a collection, wired to the edit pipeline, for testing
 * the writer and batches without the cache.
 */
import type { Autosave } from '../../models/Autosave.js';
import type { EntityConfig } from '../../models/EntityConfig.js';
import type { RecordStatus, SaveEnd } from '../../models/EntityRecord.js';
import {
  NO_EDITS,
  applyEdits,
  clearReceivedEdits,
  nonTransientEdits,
  type Edits,
} from '../../models/editPipeline.js';
import type { Id } from '../../models/ids.js';
import { flattenRawAttributes, type PlainObject } from '../../models/snapshot.js';
import type { WritableCollection, WritableRecord } from '../../stores/RecordWriter.js';

/** A record as plain data, with the rules of the edit pipeline. */
export class PlainRecord implements WritableRecord {
  edits: Edits = NO_EDITS;
  persisted: PlainObject | undefined;
  status: Partial<RecordStatus> = {};
  autosaves: readonly Autosave[] | undefined;
  constructor(
    readonly config: EntityConfig,
    readonly id: Id | undefined,
  ) {}
  get kind(): string {
    return this.config.kind;
  }
  get name(): string {
    return this.config.name;
  }
  get raw(): PlainObject | undefined {
    return this.persisted && flattenRawAttributes(this.persisted, this.config.rawAttributes);
  }
  get edited(): PlainObject {
    return { ...(this.raw ?? {}), ...this.edits };
  }
  get nonTransientEdits(): Edits {
    return nonTransientEdits(this.config, this.edits);
  }
  edit(values: Edits): void {
    this.edits = applyEdits(this.config, this.raw, this.edits, values).edits;
  }
  private setStatus(patch: Partial<RecordStatus>): void {
    this.status = { ...this.status, ...patch };
  }
  startSave(_fields: readonly string[], isAutosave = false): void {
    this.setStatus({ isSaving: true, isAutosaving: isAutosave });
  }
  finishSave(end: SaveEnd): void {
    this.setStatus({ isSaving: false, isAutosaving: false, saveError: end.ok ? undefined : end.error });
  }
  finishEmptySave(): void {
    this.setStatus({ saveError: undefined });
  }
  startDelete(): void {
    this.setStatus({ isDeleting: true });
  }
  finishDelete(error?: Error): void {
    this.setStatus({ isDeleting: false, deleteError: error });
  }
  writeDeferredResults(values: Edits): void {
    this.edits = applyEdits(this.config, this.raw, this.edits, values, { merge: false }).edits;
  }
  discardEdits(): void {
    this.edits = NO_EDITS;
  }
  setAutosaves(autosaves: readonly Autosave[]): void {
    this.autosaves = autosaves;
  }
}

export class PlainCollection implements WritableCollection {
  readonly records = new Map<Id | undefined, PlainRecord>();
  readonly invalidations: string[] = [];
  constructor(readonly config: EntityConfig) {}
  get kind(): string {
    return this.config.kind;
  }
  get name(): string {
    return this.config.name;
  }
  ensureConfig(): Promise<EntityConfig> {
    return Promise.resolve(this.config);
  }
  record(id?: Id): PlainRecord {
    let record = this.records.get(id);
    if (!record) {
      record = new PlainRecord(this.config, id);
      this.records.set(id, record);
    }
    return record;
  }
  receive(data: PlainObject, opts: { invalidate?: boolean; persistedEdits?: object } = {}): void {
    const record = this.record(this.config.singleton ? undefined : (data[this.config.key] as Id));
    record.persisted = { ...(record.persisted ?? {}), ...data };
    record.edits = clearReceivedEdits(record.edits, data, opts.persistedEdits as Edits | undefined);
    if (opts.invalidate === true) this.invalidations.push('receive');
  }
  remove(ids: Id | readonly Id[]): void {
    for (const id of Array.isArray(ids) ? ids : [ids]) this.records.get(id as Id)!.persisted = undefined;
    this.invalidations.push('remove');
  }
}
