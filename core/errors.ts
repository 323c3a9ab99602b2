/**
 * Every error this library throws or stores on a model is a {@link WpEntitiesError}. Each subclass
 * carries the context a caller needs to act on it, and has an `isX` guard that also works across
 * bundle copies (it checks the `name`, not only the prototype chain).
 *
 * @module
 */

/** The base of every error thrown by wp-entities. */
export class WpEntitiesError extends Error {
  override name = 'WpEntitiesError';
  /** An error with `message`; `options.cause` is the underlying error, when there is one. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * `value` as an `Error`: itself when it is one, else a {@link WpEntitiesError} that names the value
 * (a custom transport rejecting with a string), so a stored or rethrown error is always an `Error`.
 */
export function toError(value: unknown): Error {
  return value instanceof Error
    ? value
    : new WpEntitiesError(`Rejected with a non-Error value: ${String(value)}`, { cause: value });
}

/** What a {@link RestError} knows about the request that failed. */
export interface RestErrorInit {
  /** HTTP status; `0` when no response arrived (network failure, timeout, abort). */
  status: number;
  /** WordPress error code (`rest_post_invalid_id`), or one of ours: `invalid_json`, `http_error`, `fetch_error`, `timeout`, `abort_error`. */
  code: string;
  /** Human-readable message: WordPress's own when it sent one (a 401 or 403 from `RestTransport` adds whom it signed in as and the likely cause). */
  message: string;
  /** WordPress's `data` member (at least `{ status }`), or whatever else describes the failure. */
  data?: unknown;
  /** HTTP method of the failed request. */
  method?: string;
  /** URL or REST path of the failed request. */
  url?: string;
  /** The underlying error (a `TypeError` from fetch, an `AbortError`, a JSON `SyntaxError`). */
  cause?: unknown;
}

/**
 * A REST request failed: a WordPress error body (`{code, message, data:{status}}`), a non-JSON
 * body, a network failure, a timeout or an abort. `status` is `0` when no response arrived.
 */
export class RestError extends WpEntitiesError {
  override name = 'RestError';
  /** HTTP status; `0` when no response arrived. */
  readonly status: number;
  /** WordPress error code or one of `invalid_json`, `http_error`, `fetch_error`, `timeout`, `abort_error`. */
  readonly code: string;
  /** WordPress's `data` member, or other detail. */
  readonly data: unknown;
  /** HTTP method of the failed request, when known. */
  readonly method: string | undefined;
  /** URL of the failed request, when known. */
  readonly url: string | undefined;

  /** An error built from what is known about the failed request (its status, code, message, data and request). */
  constructor(init: RestErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.method = init.method;
    this.url = init.url;
  }

  /** True when the caller aborted the request through its `AbortSignal`. */
  get isAbort(): boolean {
    return this.code === 'abort_error';
  }

  /** True for a timeout (the transport's own limit, not the caller's signal). */
  get isTimeout(): boolean {
    return this.code === 'timeout';
  }
}

/**
 * An entity config needed by the operation is not loaded (or does not exist). The message for an
 * edit is the spec's: `The entity being edited ({kind}, {name}) does not have a loaded config.`
 */
export class EntityConfigError extends WpEntitiesError {
  override name = 'EntityConfigError';
  /** The message defaults to the spec's message for an edit of an entity without a loaded config. */
  constructor(
    /** The entity kind (`postType`, `root`, …). */
    readonly entityKind: string,
    /** The entity name (`post`, `page`, …). */
    readonly entityName: string,
    message = `The entity being edited (${entityKind}, ${entityName}) does not have a loaded config.`,
  ) {
    super(message);
  }
}

/** A permission check was asked for an action other than create, read, update or delete. */
export class InvalidActionError extends WpEntitiesError {
  override name = 'InvalidActionError';
  /** `action` is the rejected action, as given. */
  constructor(readonly action: string) {
    super(`'${action}' is not a valid action.`);
  }
}

/** A `/batch/v1` request as a whole failed, or a batch was built wrongly. */
export class BatchError extends WpEntitiesError {
  override name = 'BatchError';
  /** `details.failed` names what failed (`validation`, …); `details.cause` is the underlying error. */
  constructor(
    message: string,
    readonly details: { failed?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

/** Something went wrong in collaborative sync (shared document, provider, peer connection). */
export class SyncError extends WpEntitiesError {
  override name = 'SyncError';
  /** `code` names the kind of failure for programs (`sync_error` by default). */
  constructor(
    message: string,
    readonly code: string = 'sync_error',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A save was stopped because someone else saved the same fields since this copy was loaded
 * (`conflicts: 'detect'`). Nothing was sent and the edits are kept; `record.conflict` holds the
 * values of both sides until `record.resolveConflict(...)` settles it.
 */
export class ConflictError extends WpEntitiesError {
  override name = 'ConflictError';
  /** The fields changed on both sides. */
  readonly fields: readonly string[];
  /** A conflict on the record `(entityKind, entityName, id)` over `fields`. */
  constructor(
    /** The entity kind of the record. */
    readonly entityKind: string,
    /** The entity name of the record. */
    readonly entityName: string,
    /** The record id. */
    readonly id: unknown,
    fields: readonly string[],
  ) {
    super(
      `The record (${entityKind}, ${entityName}, ${String(id)}) was saved by someone else since it was loaded, and these fields changed on both sides: ${fields.join(', ')}. Resolve the conflict ('mine' or 'theirs') before saving again.`,
    );
    this.fields = fields;
  }
}

/**
 * What a {@link JournalError} knows beyond its message.
 *
 * @inline
 */
export interface JournalErrorDetails {
  /** The underlying error (a `QuotaExceededError`, a file system error). */
  cause?: unknown;
  /** The journal's storage, as its `label` names it (`'localStorage wp-entities-journal'`, a file path). */
  storage?: string | undefined;
  /** Where the text of a damaged journal was kept, untouched (a localStorage item, a file path). */
  damagedCopy?: string | undefined;
  /** The keys of the entries that could not be read (`'?'` for one whose key was torn too). */
  unreadable?: readonly string[] | undefined;
}

/**
 * The journal of unsaved edits could not be read or written (quota, private mode, a broken file),
 * or was read only in part: `storage` names it, `unreadable` lists the entries lost to the damage
 * and `damagedCopy` says where their text was kept. Editing goes on; the error is shown as
 * `store.journalError`.
 */
export class JournalError extends WpEntitiesError {
  override name = 'JournalError';
  /** The journal's storage, when known. */
  readonly storage: string | undefined;
  /** Where the damaged text was kept, when part of the journal could not be read. */
  readonly damagedCopy: string | undefined;
  /** The keys of entries that could not be read (empty unless the journal was damaged). */
  readonly unreadable: readonly string[];
  /** An error with `message`; `details` names the storage, the damaged copy and the lost entries. */
  constructor(message: string, details: JournalErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.storage = details.storage;
    this.damagedCopy = details.damagedCopy;
    this.unreadable = details.unreadable ?? [];
  }
}

/** A bad argument was passed to a public method; the message names what was wrong. */
export class ArgumentError extends WpEntitiesError {
  override name = 'ArgumentError';
}

/**
 * A store snapshot (`store.hydrate(snapshot)`) was refused: another format version, a checksum
 * that does not match its content (edited or cut short on its way), or a shape this version does
 * not read. Nothing of it was taken in: the store is as it was.
 */
export class SnapshotError extends WpEntitiesError {
  override name = 'SnapshotError';
}

/**
 * The store was disposed (`store.dispose()`): it starts no new work, and requests it had in flight
 * were aborted. Make a new store to go on.
 */
export class StoreDisposedError extends WpEntitiesError {
  override name = 'StoreDisposedError';
  /** `action` names what was asked of the disposed store (`'request GET /wp/v2/posts/5'`, `'edit'`). */
  constructor(
    readonly action: string,
    options?: { cause?: unknown },
  ) {
    super(`The store was disposed, so it cannot ${action}. Create a new RootStore to go on.`, options);
  }
}

/**
 * A guard that also knows errors from another copy of this library (two bundles, a test kit and an
 * app): those fail `instanceof`, so their `name` decides. The name is passed as a string because a
 * minifier may rename the class.
 */
function errorGuard<E extends WpEntitiesError>(
  type: abstract new (...args: never[]) => E,
  name: string,
): (value: unknown) => value is E {
  return (value: unknown): value is E =>
    value instanceof type || (value instanceof Error && value.name === name);
}

/** True for any error thrown by wp-entities. */
export function isWpEntitiesError(value: unknown): value is WpEntitiesError {
  return value instanceof WpEntitiesError;
}
/** True for a {@link RestError}. */
export const isRestError = errorGuard(RestError, 'RestError');
/** True for an {@link EntityConfigError}. */
export const isEntityConfigError = errorGuard(EntityConfigError, 'EntityConfigError');
/** True for an {@link InvalidActionError}. */
export const isInvalidActionError = errorGuard(InvalidActionError, 'InvalidActionError');
/** True for a {@link BatchError}. */
export const isBatchError = errorGuard(BatchError, 'BatchError');
/** True for a {@link SyncError}. */
export const isSyncError = errorGuard(SyncError, 'SyncError');
/** True for an {@link ArgumentError}. */
export const isArgumentError = errorGuard(ArgumentError, 'ArgumentError');
/** True for a {@link ConflictError}. */
export const isConflictError = errorGuard(ConflictError, 'ConflictError');
/** True for a {@link JournalError}. */
export const isJournalError = errorGuard(JournalError, 'JournalError');
/** True for a {@link SnapshotError}. */
export const isSnapshotError = errorGuard(SnapshotError, 'SnapshotError');
/** True for a {@link StoreDisposedError}. */
export const isStoreDisposedError = errorGuard(StoreDisposedError, 'StoreDisposedError');
