/**
 * Saving, deleting and autosaving records: the requests, their state on the record, and what the
 * answers change in the cache. One writer per store; records and collections delegate to it.
 *
 * @module
 */
import { runInAction } from 'mobx';
import { autosaveOf, buildAutosavePayload, readAutosaveResponse, type Autosave } from '../models/Autosave.js';
import { hasDeferredEdits, pickEditPaths, resolveDeferredEdits, type Edits } from '../models/editPipeline.js';
import type { EntityConfig } from '../models/EntityConfig.js';
import { dispatchRecordAction } from '../models/EntityRecord.js';
import { readId } from '../models/ids.js';
import type { WriteOutcome } from '../models/writeOutcome.js';
import { isPlainObject, type PlainObject } from '../models/snapshot.js';
import { ArgumentError, toError } from '../core/errors.js';
import {
  describeBody,
  invalidResponseError,
  REWRITTEN_RESPONSE_ADVICE,
} from '../core/transport/restErrors.js';
import { toRawResponse } from '../core/transport/rawResponse.js';
import type { Query, Transport } from '../core/transport/types.js';
import { canBatch, directSender, type WriteSender } from './BatchRun.js';
import { expectDeleteAnswer, expectSavedRecord } from './writeAnswers.js';
import { checkSaveConflict, unansweredConflict } from './conflictCheck.js';
import type { EditBases } from './EditBases.js';
import { isUnreachable, type WaitingWriteKind, type WaitingWrites } from './WaitingWrites.js';
import { isRecordRefusal, type WriteRefusalSink } from './writeRefusal.js';
import type { RecordTransition, WritableCollection, WritableRecord } from './writable.js';
import type { ServerAnswerSink } from './crossTab/serverAnswerSink.js';

export { settle, type DeleteOptions, type SaveOptions, type WriteOutcome } from '../models/writeOutcome.js';
export type { RecordTransition, WritableCollection, WritableRecord } from './writable.js';

/** Options of a {@link RecordWriter}. */
export interface RecordWriterOptions {
  /** The transport. */
  transport: Transport;
  /** The id of the signed-in user, when known (autosaves look for theirs). @default () => undefined */
  currentUserId?: () => number | undefined;
  /**
   * What a save does when someone else saved the record since it was loaded: `'overwrite'` sends
   * anyway (as WordPress does); `'detect'` checks first and stops on a field changed on both sides.
   * @default 'overwrite'
   */
  conflicts?: ConflictMode | undefined;
  /** The version each record's edits started from: what a conflict check compares the server with. @default the cached copy */
  bases?: EditBases | undefined;
  /** Keeps writes asked for while the site cannot be reached, and sends them once it answers. @default none: they fail */
  waiting?: WaitingWrites | undefined;
  /** Told when the server refuses a record to this user (see `isRecordRefusal`). @default undefined */
  refusals?: WriteRefusalSink | undefined;
  /** Told what the server answered a save or delete, so the other tabs take it in (`crossTab: true`). @default undefined */
  answers?: ServerAnswerSink | undefined;
  /**
   * Changes the state of the records written (tests hand in their own for plain stand-ins).
   * @default the store's `EntityRecord`s' own (`dispatchRecordAction`)
   */
  transition?: RecordTransition | undefined;
}

/** The transition of the collections' records: every record a store's writer sees is an `EntityRecord`. */
const entityRecordTransition = dispatchRecordAction as RecordTransition;

/**
 * What a save does when someone else saved the record since it was loaded (`RootStore`'s
 * `conflicts` option): `'overwrite'` sends anyway, as WordPress does; `'detect'` checks first and
 * stops on a field changed on both sides.
 */
export type ConflictMode = 'overwrite' | 'detect';

/**
 * Adds fields to the request of a save of an existing record (`record`, the body about to be sent):
 * the fields it returns replace the body's (sync adds meta `_crdt_document`, as the block editor's
 * `__unstablePrePersist` does). They go on the wire only: the record's saved edits are the body's.
 */
export type SaveExtension = (
  record: object,
  body: Readonly<Record<string, unknown>>,
) => Record<string, unknown> | undefined;

const NOTHING_SENT: WriteOutcome<never> = Object.freeze({
  ok: true,
  value: undefined,
  error: undefined,
});

/** Evaluates deferred (function) edits; their results are written back so the record shows what was sent. */
function evaluateDeferred<T extends object, E extends object>(
  record: WritableRecord<T, E>,
  edits: Edits,
): Edits {
  if (!hasDeferredEdits(edits)) return edits;
  const { payload, resolved } = resolveDeferredEdits(edits, record.edited ?? {});
  record.writeDeferredResults(resolved);
  return payload;
}

/**
 * Sends the writes of one store. Writes of one record run in turn: a save asked for during another
 * waits, then sends what is still unsaved.
 */
export class RecordWriter {
  private readonly transport: Transport;
  private readonly currentUserId: () => number | undefined;
  private readonly refusals: WriteRefusalSink | undefined;
  private readonly answers: ServerAnswerSink | undefined;
  private readonly queues = new WeakMap<object, Promise<unknown>>();
  private readonly bases: EditBases | undefined;
  private readonly waiting: WaitingWrites | undefined;
  private readonly extensions = new Set<SaveExtension>();
  private readonly transition: RecordTransition;
  /** See {@link RecordWriterOptions.conflicts}. */
  readonly conflicts: ConflictMode;

  /** A writer sending through `options.transport`; the constructor does no I/O. */
  constructor(options: RecordWriterOptions) {
    this.transport = options.transport;
    this.conflicts = options.conflicts ?? 'overwrite';
    this.currentUserId = options.currentUserId ?? (() => undefined);
    this.bases = options.bases;
    this.waiting = options.waiting;
    this.refusals = options.refusals;
    this.answers = options.answers;
    this.transition = options.transition ?? entityRecordTransition;
  }

  /**
   * Sends a write now, or keeps it until the site can be reached: when the browser is offline or
   * earlier writes still wait (they go first), and when sending finds the site unreachable.
   */
  private async sendOrWait<R>(
    record: object,
    write: { kind: WaitingWriteKind; query?: Query | undefined },
    send: () => Promise<WriteOutcome<R>>,
  ): Promise<WriteOutcome<R>> {
    const waiting = this.waiting;
    if (waiting === undefined) return send();
    if (waiting.mustWait) return waiting.wait(record, write, send);
    const outcome = await send();
    if (!outcome.ok && isUnreachable(outcome.error)) return waiting.wait(record, write, send);
    return outcome;
  }

  /** True when a write asked for now waits for the site (`offlineWrites: 'wait'`, and offline or earlier writes still wait). */
  get mustWait(): boolean {
    return this.waiting?.mustWait ?? false;
  }

  /** True when `outcome` found the site unreachable and writes wait for it: the write is to wait, not to fail. */
  waitsAfter(outcome: WriteOutcome<unknown>): boolean {
    return this.waiting !== undefined && !outcome.ok && isUnreachable(outcome.error);
  }

  /**
   * Keeps a write until the site can be reached, behind the writes already waiting, then sends it
   * (a save with the conflict check), as a write asked for offline is. It joins the queue at once,
   * so writes asked for together (`saveDirty`, a restore's waiting writes) keep their order.
   * Without `offlineWrites: 'wait'` nothing waits: `undefined`.
   */
  writeWhenReachable<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    record: WritableRecord<T, E>,
    write: { kind: WaitingWriteKind; query?: Query | undefined },
  ): Promise<WriteOutcome<unknown>> | undefined {
    return this.waiting?.wait(record, write, async (): Promise<WriteOutcome<unknown>> => {
      try {
        const config = await collection.ensureConfig();
        if (config === undefined || config.noFetch) return NOTHING_SENT;
        if (write.kind === 'autosave') return await this.autosaveNow(collection, config, record);
        if (write.kind === 'save') return await this.saveEditsNow(collection, config, record, {});
        if (!config.singleton && record.id === undefined) {
          record.discardEdits();
          return NOTHING_SENT;
        }
        return await this.deleteNow(collection, config, record, write.query, this.direct);
      } catch (error) {
        // A write that cannot be made (an autosave of a record no longer cached) ends, never blocks the queue.
        return { ok: false, value: undefined, error: toError(error) };
      }
    });
  }

  /** Adds `extension` to every later save of an existing record; returns its remover. */
  addSaveExtension(extension: SaveExtension): () => void {
    this.extensions.add(extension);
    return () => this.extensions.delete(extension);
  }

  /** The fields the extensions add to a save of `record` with `body`. */
  private extraFieldsOf(record: object | undefined, body: PlainObject): PlainObject {
    let extra: PlainObject = {};
    if (record === undefined) return extra;
    for (const extension of this.extensions) extra = { ...extra, ...(extension(record, body) ?? {}) };
    return extra;
  }

  /** The sender used outside batches. */
  get direct(): WriteSender {
    return directSender(this.transport);
  }

  /** Saves the non-transient edits (only `fields`, dotted paths allowed); nothing to send resolves `{ ok: true }`. */
  async saveEdits<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    record: WritableRecord<T, E>,
    options: { fields?: readonly string[]; send?: WriteSender } = {},
  ): Promise<WriteOutcome<T>> {
    const config = await collection.ensureConfig();
    if (config === undefined || config.noFetch) return NOTHING_SENT;
    // A batch sends what it was given now; the batch reports an unreachable site itself.
    if (options.send !== undefined) return this.saveEditsNow(collection, config, record, options);
    return this.sendOrWait(record, { kind: 'save' }, () =>
      this.saveEditsNow(collection, config, record, options),
    );
  }

  /**
   * The conflict that stops writing `edits` now, if any: one the user has not answered yet, or a
   * newer save on the site of a field they changed (one check for a save and an autosave).
   */
  private async conflictStop<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    config: EntityConfig,
    record: WritableRecord<T, E>,
    edits: Edits,
  ): Promise<Error | undefined> {
    return (
      unansweredConflict(record) ??
      (await checkSaveConflict(collection, config, record, edits, this.bases?.of(record), this.transition))
    );
  }

  private saveEditsNow<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    config: EntityConfig,
    record: WritableRecord<T, E>,
    options: { fields?: readonly string[]; send?: WriteSender },
  ): Promise<WriteOutcome<T>> {
    return this.serialise(record, async () => {
      const pick = (): Edits =>
        options.fields === undefined
          ? record.nonTransientEdits
          : pickEditPaths(record.nonTransientEdits, options.fields);
      let edits = pick();
      if (Object.keys(edits).length > 0 && (this.conflicts === 'detect' || record.conflict !== undefined)) {
        const stop = await this.conflictStop(collection, config, record, edits);
        if (stop !== undefined) {
          this.transition(record, { type: 'saveRefused', error: stop });
          return { ok: false, value: undefined, error: stop };
        }
        // The check took in the server's values: edits it now matches are gone.
        edits = pick();
      }
      if (Object.keys(edits).length === 0) {
        this.transition(record, { type: 'saveSkipped' });
        return NOTHING_SENT;
      }
      const data: PlainObject = runInAction(() => {
        // The deferred results and the saving state appear together.
        const payload = evaluateDeferred(record, edits);
        this.transition(record, { type: 'saveStarted', fields: Object.keys(payload) });
        return { ...payload };
      });
      if (!config.singleton && record.id !== undefined) data[config.key] = record.id;
      return this.finishSaveWith(collection, config, record, data, options.send ?? this.direct);
    });
  }

  /** Saves `data` as it is: PUT when it carries the key, else POST (a creation). */
  async saveData<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    data: Partial<E>,
    options: { send?: WriteSender } = {},
  ): Promise<WriteOutcome<T>> {
    const config = await collection.ensureConfig();
    if (config === undefined || config.noFetch) return NOTHING_SENT;
    const id = config.singleton ? undefined : readId((data as PlainObject)[config.key]);
    const hasId = id !== undefined;
    if (!hasId && !config.singleton) {
      // A creation has no record to serialise on or to hold its state until the answer names it.
      try {
        const response = await this.request(
          collection,
          config,
          undefined,
          data as PlainObject,
          options.send ?? this.direct,
        );
        runInAction(() => this.receiveAnswer(collection, config, undefined, response, data as PlainObject));
        return { ok: true, value: response as T, error: undefined };
      } catch (error) {
        return { ok: false, value: undefined, error: toError(error) };
      }
    }
    const record = collection.record(id);
    return this.serialise(record, () => {
      this.transition(record, { type: 'saveStarted', fields: Object.keys(data) });
      return this.finishSaveWith(
        collection,
        config,
        record,
        data as PlainObject,
        options.send ?? this.direct,
      );
    });
  }

  /**
   * Deletes the record. On success it leaves the cache and every list and its edits are discarded;
   * on failure nothing is removed and the error becomes `deleteError`.
   */
  async delete<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    record: WritableRecord<T, E>,
    query: Query | undefined,
    options: { send?: WriteSender } = {},
  ): Promise<WriteOutcome> {
    const config = await collection.ensureConfig();
    if (config === undefined || config.noFetch) return NOTHING_SENT;
    const send = options.send ?? this.direct;
    if (!config.singleton && record.id === undefined) {
      // A created record that was never saved exists only here: deleting it drops its edits.
      record.discardEdits();
      return NOTHING_SENT;
    }
    const deleteNow = () => this.deleteNow(collection, config, record, query, send);
    if (options.send !== undefined) return deleteNow();
    return this.sendOrWait(record, { kind: 'delete', query }, deleteNow);
  }

  private deleteNow<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    config: EntityConfig,
    record: WritableRecord<T, E>,
    query: Query | undefined,
    send: WriteSender,
  ): Promise<WriteOutcome> {
    return this.serialise(record, async () => {
      this.transition(record, { type: 'deleteStarted' });
      try {
        const path = config.recordPath(config.singleton ? undefined : record.id);
        const answer = await send(
          { path, method: 'DELETE', ...(query === undefined ? {} : { query }) },
          { canBatch: canBatch(config) },
        );
        const response = expectDeleteAnswer({ method: 'DELETE', path, status: answer.status }, answer.body);
        runInAction(() => {
          if (record.id !== undefined) collection.remove(record.id, { invalidate: true });
          record.discardEdits();
          this.transition(record, { type: 'deleteEnded' });
        });
        if (record.id !== undefined) this.answers?.deleted(collection.kind, collection.name, record.id);
        return { ok: true, value: response, error: undefined };
      } catch (error) {
        if (isRecordRefusal(error, 'delete')) this.refusals?.noteRefusal(config, record.id, 'delete');
        this.transition(record, { type: 'deleteEnded', error: toError(error) });
        return { ok: false, value: undefined, error: toError(error) };
      }
    });
  }

  /**
   * Autosaves a post: the body takes status, title, excerpt, content and meta from the edits, then
   * the user's previous autosave, then the persisted record. An answer with the post's own id
   * updates the cached text fields; any other replaces the autosaves. Nothing edited: no request.
   * @throws ArgumentError (as a rejection) when the entity has no autosaves or the record is not cached.
   */
  async autosave<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    record: WritableRecord<T, E>,
  ): Promise<WriteOutcome<T>> {
    const config = await collection.ensureConfig();
    if (config === undefined || config.noFetch) return NOTHING_SENT;
    if (!config.hasAutosaves) {
      throw new ArgumentError(
        `Only post types have autosaves; (${config.kind}, ${config.name}) cannot be autosaved.`,
      );
    }
    return this.sendOrWait(record, { kind: 'autosave' }, () => this.autosaveNow(collection, config, record));
  }

  private autosaveNow<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    config: EntityConfig,
    record: WritableRecord<T, E>,
  ): Promise<WriteOutcome<T>> {
    return this.serialise(record, async () => {
      const persisted = record.raw as PlainObject | undefined;
      const autosavesPath = record.id === undefined ? undefined : config.autosavesPath(record.id);
      if (persisted === undefined || autosavesPath === undefined) {
        throw new ArgumentError(
          `The record (${config.kind}, ${config.name}, ${String(record.id)}) is not cached; fetch or save it before autosaving.`,
        );
      }
      const edits: Edits = record.nonTransientEdits;
      if (Object.keys(edits).length === 0) {
        this.transition(record, { type: 'saveSkipped' });
        return NOTHING_SENT;
      }
      if (this.conflicts === 'detect' || record.conflict !== undefined) {
        // WordPress saves an author's own draft in place: an autosave can overwrite their save too.
        const stop = await this.conflictStop(collection, config, record, edits);
        if (stop !== undefined) {
          this.transition(record, { type: 'saveRefused', error: stop });
          return { ok: false, value: undefined, error: stop };
        }
      }
      const previous = await this.previousAutosave(collection, record);
      const body = runInAction(() => {
        const payload = evaluateDeferred(record, edits);
        this.transition(record, { type: 'saveStarted', fields: Object.keys(payload), isAutosave: true });
        return buildAutosavePayload(payload, previous, persisted);
      });
      try {
        const answer = toRawResponse(
          await this.transport.request<unknown>({ path: autosavesPath, method: 'POST', body, raw: true }),
        );
        // WordPress answers with the autosave revision or the post itself: a record either way.
        const response = expectSavedRecord(
          { method: 'POST', path: autosavesPath, status: answer.status },
          { key: config.key, singleton: false, id: undefined },
          answer.data,
        );
        const outcome = readAutosaveResponse(config.key, persisted, body, response);
        runInAction(() => {
          if (outcome.kind === 'record') {
            // What was sent is this user's own change, not a newer copy from someone else.
            collection.receive(outcome.update as T, { invalidate: true, persistedEdits: body });
            this.answers?.saved(collection.kind, collection.name, outcome.update, false);
            this.bases?.saved(record, Object.keys(body));
          } else {
            this.transition(record, { type: 'autosavesReplaced', autosaves: [outcome.autosave] });
          }
          this.transition(record, { type: 'saveEnded', end: { ok: true } });
        });
        return { ok: true, value: response as T, error: undefined };
      } catch (error) {
        this.transition(record, { type: 'saveEnded', end: { ok: false, error: toError(error) } });
        return { ok: false, value: undefined, error: toError(error) };
      }
    });
  }

  /** GETs the autosaves (`context=edit`) and stores them on the record. */
  async fetchAutosaves<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    record: WritableRecord<T, E>,
  ): Promise<Autosave[]> {
    const config = await collection.ensureConfig();
    if (config === undefined || config.noFetch || record.id === undefined) return [];
    const path = config.autosavesPath(record.id);
    if (path === undefined) return [];
    const answer = toRawResponse(
      await this.transport.request<unknown>({ path, query: { context: 'edit' }, raw: true }),
    );
    if (!Array.isArray(answer.data)) {
      // A list answered with anything else is a failed read, never an empty list.
      throw invalidResponseError(
        answer.status,
        `WordPress answered GET ${path} with ${describeBody(answer.data)} instead of a list of autosaves; the stored autosaves were kept. ${REWRITTEN_RESPONSE_ADVICE}`,
        answer.data,
        { method: 'GET', url: path },
      );
    }
    const list = answer.data.filter(isPlainObject) as Autosave[];
    this.transition(record, { type: 'autosavesReplaced', autosaves: list });
    return list;
  }

  private async previousAutosave<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    record: WritableRecord<T, E>,
  ): Promise<Autosave | undefined> {
    const userId = this.currentUserId();
    if (userId === undefined) return undefined;
    if (record.autosaves === undefined) {
      try {
        await this.fetchAutosaves(collection, record);
      } catch {
        // Without the previous autosave the body falls back to the persisted values.
        return undefined;
      }
    }
    return autosaveOf(record.autosaves, userId);
  }

  /**
   * Sends a started save and ends it: the answer is received and the saving state cleared in one
   * action, so no observer sees an idle record with its sent edits, or a clean one still saving.
   */
  private async finishSaveWith<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    config: EntityConfig,
    record: WritableRecord<T, E>,
    data: PlainObject,
    send: WriteSender,
  ): Promise<WriteOutcome<T>> {
    let response: unknown;
    let body: PlainObject;
    try {
      ({ response, body } = await this.requestWithBody(collection, config, record, data, send));
    } catch (error) {
      const failure = toError(error);
      // Only an update of an existing record says anything about it (a creation has no record yet).
      if ((config.singleton || record.id !== undefined) && isRecordRefusal(failure, 'update')) {
        this.refusals?.noteRefusal(config, config.singleton ? undefined : record.id, 'update');
      }
      this.transition(record, { type: 'saveEnded', end: { ok: false, error: failure } });
      return { ok: false, value: undefined, error: failure };
    }
    runInAction(() => {
      this.receiveAnswer(collection, config, record, response, body);
      // Edits typed while it flew now start from the saved copy: the user's own save.
      this.bases?.saved(record, Object.keys(body));
      this.transition(record, { type: 'saveEnded', end: { ok: true } });
    });
    return { ok: true, value: response as T, error: undefined };
  }

  /** The body of a save (after the pre-persist rule) and the server's answer. */
  private async requestWithBody<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    config: EntityConfig,
    record: WritableRecord<T, E> | undefined,
    data: PlainObject,
    send: WriteSender,
  ): Promise<{ response: unknown; body: PlainObject }> {
    const id = config.singleton ? undefined : readId(data[config.key]);
    const persisted = record?.raw as PlainObject | undefined;
    const body: PlainObject = {
      ...data,
      ...(config.prePersist?.(persisted, data) ?? {}),
    };
    const path = config.recordPath(id);
    const method = id === undefined || id === '' ? 'POST' : 'PUT';
    const wire = method === 'PUT' ? { ...body, ...this.extraFieldsOf(record, body) } : body;
    const answer = await send({ path, method, body: wire }, { canBatch: canBatch(config) });
    // Checked before anything changes: an answer that is not the saved record is a failed save.
    const response = expectSavedRecord(
      { method, path, status: answer.status },
      { key: config.key, singleton: config.singleton, id },
      answer.body,
    );
    return { response, body };
  }

  /** The request of a creation with no record yet; resolves to the server's answer. */
  private async request<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    config: EntityConfig,
    record: WritableRecord<T, E> | undefined,
    data: PlainObject,
    send: WriteSender,
  ): Promise<unknown> {
    return (await this.requestWithBody(collection, config, record, data, send)).response;
  }

  /** Stores a save's answer: a created record takes its new id, and the sent edits are cleared. */
  private receiveAnswer<T extends object, E extends object = T>(
    collection: WritableCollection<T, E>,
    config: EntityConfig,
    record: WritableRecord<T, E> | undefined,
    response: unknown,
    body: PlainObject,
  ): void {
    if (!isPlainObject(response)) return;
    const answeredId = response[config.key];
    const created = !config.singleton && (record === undefined || record.id === undefined);
    if (
      record !== undefined &&
      record.id === undefined &&
      !config.singleton &&
      (typeof answeredId === 'number' || typeof answeredId === 'string')
    ) {
      // A created record becomes the record of its new id, so the caller's object stays live.
      collection.adopt?.(record, answeredId);
    }
    collection.receive(response as T, { invalidate: true, persistedEdits: body });
    this.answers?.saved(collection.kind, collection.name, response, created);
  }

  private serialise<R>(record: object, task: () => Promise<R>): Promise<R> {
    const previous = this.queues.get(record) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(record, settled);
    void settled.then(() => {
      if (this.queues.get(record) === settled) this.queues.delete(record);
    });
    return next;
  }
}
