/**
 * Autosaves of post-type records: the value type, the body of `POST {base}/{id}/autosaves` and
 * what an answer changes in the cache.
 *
 * @module
 */
import { isPlainObject, rawValueOf } from './snapshot.js';

/** A REST text field in the edit context. */
export interface RenderedText {
  /** The stored text. */
  raw?: string;
  /** The text as rendered for display. */
  rendered?: string;
  /** Other members the server sends (`protected`, `block_version`). */
  [key: string]: unknown;
}

/** One autosave revision of a post (`GET {base}/{id}/autosaves?context=edit` returns a list). */
export interface Autosave {
  /** The autosave's own id (a revision id, not the post's). */
  id: number;
  /** The post it belongs to. */
  parent: number;
  /** The user who made it; each user has at most one autosave per post. */
  author: number;
  /** The autosaved title. */
  title?: RenderedText | string;
  /** The autosaved excerpt. */
  excerpt?: RenderedText | string;
  /** The autosaved content. */
  content?: RenderedText | string;
  /** The autosaved meta. */
  meta?: Record<string, unknown>;
  /** Dates and other fields WordPress sends (`date`, `modified_gmt`, `slug`, `preview_link`, …). */
  [key: string]: unknown;
}

/** The text fields an autosave keeps. */
export const AUTOSAVE_TEXT_FIELDS = ['title', 'excerpt', 'content'] as const;

/** Every field an autosave request sends besides `status`. */
export const AUTOSAVE_FIELDS = [...AUTOSAVE_TEXT_FIELDS, 'meta'] as const;

/** The body of `POST {base}/{id}/autosaves`. */
export interface AutosavePayload {
  /** The status of the post, with `auto-draft` sent as `draft`. */
  status?: unknown;
  /** Raw title. */
  title?: unknown;
  /** Raw excerpt. */
  excerpt?: unknown;
  /** Raw content. */
  content?: unknown;
  /** Meta. */
  meta?: unknown;
}

type Fields = Readonly<Record<string, unknown>>;

/** A text field's raw value: the string itself or `.raw`; `undefined` when only `rendered` is known. */
function rawText(value: unknown): unknown {
  const raw = rawValueOf(value);
  // An object whose `.raw` is missing carries only `rendered`, which is not what an autosave sends.
  return raw === value && isPlainObject(value) ? undefined : raw;
}

function firstDefined(...values: unknown[]): unknown {
  return values.find((value) => value !== undefined);
}

/**
 * The autosave body from, in priority order, the edits, the user's previous autosave and the
 * persisted raw record. Text fields go as raw strings (the previous autosave holds
 * `{raw, rendered}`); `auto-draft` is sent as `draft`.
 *
 * @param edits the non-transient edits, deferred values evaluated.
 * @param previous the current user's autosave of this post, if any.
 * @param persisted the persisted record, raw attributes flattened.
 */
export function buildAutosavePayload(
  edits: Fields,
  previous: Autosave | undefined,
  persisted: Fields | undefined,
): AutosavePayload {
  const payload: Record<string, unknown> = {};
  const status = firstDefined(edits.status, previous?.status, persisted?.status);
  if (status !== undefined) payload.status = status === 'auto-draft' ? 'draft' : status;
  for (const field of AUTOSAVE_TEXT_FIELDS) {
    const value = firstDefined(
      rawText(edits[field]),
      rawText(previous?.[field]),
      rawText(persisted?.[field]),
    );
    if (value !== undefined) payload[field] = value;
  }
  const meta = firstDefined(edits.meta, previous?.meta, persisted?.meta);
  if (meta !== undefined) payload.meta = meta;
  return payload;
}

/** What an autosave answer means for the cache. */
export type AutosaveOutcome =
  /** The server saved the post itself (an author's own draft): receive `update` into the record. */
  | { kind: 'record'; update: Record<string, unknown> }
  /** The server made an autosave revision: it replaces the post's stored autosaves. */
  | { kind: 'autosave'; autosave: Autosave };

/**
 * Reads an autosave answer. Its id being the post's means WordPress updated the post in place: the
 * record takes only the new title, excerpt and content (answer, else sent, else persisted), and the
 * status only when an auto-draft became a draft. Otherwise it is a new autosave revision.
 */
export function readAutosaveResponse(
  key: string,
  persisted: Fields,
  sent: AutosavePayload,
  response: unknown,
): AutosaveOutcome {
  const answer: Fields = isPlainObject(response) ? response : {};
  if (answer[key] === undefined || answer[key] !== persisted[key]) {
    return { kind: 'autosave', autosave: answer as Autosave };
  }
  const merged: Fields = { ...persisted, ...sent, ...answer };
  const update: Record<string, unknown> = { [key]: persisted[key] };
  for (const field of AUTOSAVE_TEXT_FIELDS) {
    if (merged[field] !== undefined) update[field] = merged[field];
  }
  if (persisted.status === 'auto-draft' && merged.status === 'draft') update.status = 'draft';
  return { kind: 'record', update };
}

/** The first autosave made by `authorId`, or `undefined` (also when `authorId` is `undefined`). */
export function autosaveOf(
  autosaves: readonly Autosave[] | undefined,
  authorId: number | undefined,
): Autosave | undefined {
  if (autosaves === undefined || authorId === undefined) return undefined;
  return autosaves.find((autosave) => autosave.author === authorId);
}
