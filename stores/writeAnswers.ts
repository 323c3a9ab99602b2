/**
 * Checks a write's answer before the cache changes. An answer that is not the saved record (or, for
 * a delete, the trashed record or `{ deleted, previous }`) is a failed write (`invalid_response`),
 * so the edits stay and the user can retry, rather than a success that leaves the record dirty
 * without saying why.
 *
 * @module
 */
import type { RestError } from '../core/errors.js';
import {
  describeBody,
  invalidResponseError,
  REWRITTEN_RESPONSE_ADVICE,
} from '../core/transport/restErrors.js';
import { isPlainObject, type PlainObject } from '../models/snapshot.js';
import { normaliseId, type Id } from '../models/ids.js';

/** A write as the checks describe it in their messages. */
export interface WriteDescription {
  /** The HTTP method (`PUT`, `POST`, `DELETE`). */
  readonly method: string;
  /** The REST path (`/wp/v2/posts/5`). */
  readonly path: string;
  /** The HTTP status of the answer. */
  readonly status: number;
}

/** What the server's record answer must carry. */
export interface ExpectedRecord {
  /** The key field (`id`, `slug`, …). */
  readonly key: string;
  /** The answer of a singleton (`/wp/v2/settings`) has no key. */
  readonly singleton: boolean;
  /** The id of the record that was written; `undefined` for a creation. */
  readonly id: Id | undefined;
}

/** What the answer was, in words a person reading the error understands. */

const KEEP_ADVICE = `Nothing was changed locally (the edits are kept). ${REWRITTEN_RESPONSE_ADVICE}`;

function invalid(write: WriteDescription, message: string, body: unknown): RestError {
  return invalidResponseError(write.status, `${message} ${KEEP_ADVICE}`, body, {
    method: write.method,
    url: write.path,
  });
}

/**
 * The record the server answered a save or creation with.
 * @throws RestError `invalid_response` when it is not an object, lacks the key or (for an update) names another record.
 */
export function expectSavedRecord(
  write: WriteDescription,
  expected: ExpectedRecord,
  body: unknown,
): PlainObject {
  if (!isPlainObject(body)) {
    throw invalid(
      write,
      `WordPress answered ${write.method} ${write.path} (HTTP ${write.status}) with ${describeBody(body)} instead of the saved record.`,
      body,
    );
  }
  if (expected.singleton) return body;
  const answered = body[expected.key];
  if ((typeof answered !== 'number' && typeof answered !== 'string') || answered === '') {
    throw invalid(
      write,
      `WordPress answered ${write.method} ${write.path} (HTTP ${write.status}) with an object that has no '${expected.key}', so it is not the saved record.`,
      body,
    );
  }
  if (expected.id !== undefined && normaliseId(answered) !== normaliseId(expected.id)) {
    throw invalid(
      write,
      `WordPress answered ${write.method} ${write.path} (HTTP ${write.status}) with record ${String(answered)} instead of record ${String(expected.id)}.`,
      body,
    );
  }
  return body;
}

/**
 * The answer of a delete: the trashed record or `{ deleted, previous }`.
 * @throws RestError `invalid_response` for anything else (the record is then not removed).
 */
export function expectDeleteAnswer(write: WriteDescription, body: unknown): PlainObject {
  if (isPlainObject(body)) return body;
  throw invalidResponseError(
    write.status,
    `WordPress answered ${write.method} ${write.path} (HTTP ${write.status}) with ${describeBody(body)} instead of the deleted record, so the record is kept. Fetch it to see whether it still exists, then delete it again.`,
    body,
    { method: write.method, url: write.path },
  );
}
