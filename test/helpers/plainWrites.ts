/**
 * Plain-object stand-ins for a record and a collection, wired to the edit pipeline, for testing
 * the writer and batches without the cache.
 */
import type { Autosave } from '../../models/Autosave.js';
import type { EntityConfig } from '../../models/EntityConfig.js';
import type { RecordStatus } from '../../models/EntityRecord.js';
import {
  INITIAL_RECORD_STATE,
  recordState,
  type RecordAction,
  type RecordState,
} from '../../models/recordState.js';
import type { SaveConflict } from '../../models/SaveConflict.js';
import {
  NO_EDITS,
  mergeEdits,
  clearReceivedEdits,
  nonTransientEdits,
  type Edits,
} from '../../models/editPipeline.js';
import type { Id } from '../../models/ids.js';
import { flattenRawAttributes, type PlainObject } from '../../models/snapshot.js';
import type { RecordTransition, WritableCollection, WritableRecord } from '../../stores/RecordWriter.js';

/** A record as plain data, with the rules of the edit pipeline. */
export class PlainRecord implements WritableRecord {
  edits: Edits = NO_EDITS;
  persisted: PlainObject | undefined;
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
    this.edits = mergeEdits(this.config, this.raw, this.edits, values).edits;
  }
  /** The record's request states, changed by the same reducer as an `EntityRecord`'s. */
  private state = INITIAL_RECORD_STATE as RecordState<PlainObject, PlainObject>;
  get status(): Partial<RecordStatus> {
    const { sending: _sending, ...write } = this.state.writeState;
    return { ...this.state.fetchState, ...write };
  }
  get autosaves(): readonly Autosave[] | undefined {
    return this.state.autosaves;
  }
  get conflict(): SaveConflict | undefined {
    return this.state.conflict;
  }
  dispatch(action: RecordAction<PlainObject, PlainObject>): void {
    this.state = recordState(this.state, action);
  }
  writeDeferredResults(values: Edits): void {
    this.edits = mergeEdits(this.config, this.raw, this.edits, values, { merge: false }).edits;
  }
  discardEdits(): void {
    this.edits = NO_EDITS;
  }
}

/** The writer's handle on {@link PlainRecord}s' state (`new RecordWriter({ transition: plainTransition })`). */
export const plainTransition: RecordTransition = (record, action) =>
  (record as unknown as PlainRecord).dispatch(action as RecordAction<PlainObject, PlainObject>);

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
