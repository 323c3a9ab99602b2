/**
 * Permissions a record answer carries by itself, so no `OPTIONS` request is needed for them:
 * WordPress 6.7 and later put the `Allow` methods of each record's own route into
 * `_links.self[0].targetHints.allow` (lists and single records, whenever `_links` is sent), and
 * every WordPress sends an `Allow` header on a single record's `GET`.
 *
 * @module
 */
import { readId, type Id } from '../models/ids.js';
import { isPlainObject } from '../models/snapshot.js';
import { parseAllowHeader } from '../core/transport/responseHeaders.js';

/** The methods one record's answer says the current user may use on it. */
export interface RecordHint {
  /** The record's key value (normalised); undefined for a singleton (`root/site`). */
  readonly id: Id | undefined;
  /** The allowed methods, upper case (`GET`, `POST`, `PUT`, `PATCH`, `DELETE`). */
  readonly methods: ReadonlySet<string>;
}

/**
 * The methods in `record._links.self[0].targetHints.allow`, or undefined when the record has no
 * such hint (WordPress before 6.7, `_fields` without `_links`, or a user who may do nothing on it:
 * WordPress then leaves the hint out, so its absence never means "no").
 */
export function targetHintMethods(record: unknown): ReadonlySet<string> | undefined {
  if (!isPlainObject(record)) return undefined;
  const links = record._links;
  if (!isPlainObject(links) || !Array.isArray(links.self)) return undefined;
  const self: unknown = links.self[0];
  if (!isPlainObject(self) || !isPlainObject(self.targetHints)) return undefined;
  const allow = self.targetHints.allow;
  // WordPress sends a list; a header-style string is accepted too.
  if (typeof allow === 'string') return parseAllowHeader(allow);
  if (!Array.isArray(allow) || !allow.every((method) => typeof method === 'string')) return undefined;
  return new Set(allow.map((method: string) => method.trim().toUpperCase()).filter((m) => m !== ''));
}

/** The hints of every record of a list that carries one, keyed by `key` (the config's key field). */
export function recordHints(records: readonly unknown[], key: string): RecordHint[] {
  const hints: RecordHint[] = [];
  for (const record of records) {
    const methods = targetHintMethods(record);
    if (methods === undefined) continue;
    const id = readId((record as Record<string, unknown>)[key]);
    if (id !== undefined) hints.push({ id, methods });
  }
  return hints;
}

/**
 * The hint of a single record's `GET`: its `Allow` header, else its `targetHints`; none when the
 * answer carries neither.
 */
export function singleRecordHint(
  id: Id | undefined,
  record: unknown,
  allowHeader: string | null,
): RecordHint | undefined {
  const methods = allowHeaderMethods(allowHeader) ?? targetHintMethods(record);
  return methods === undefined ? undefined : { id, methods };
}

/**
 * The methods of a single record's `Allow` header, or undefined when there is none. A `GET` that
 * succeeded was allowed, so a missing header means it was not passed on (a cross-origin browser
 * sees `Allow` only if the server exposes it, and WordPress does not): unknown, never "no".
 */
export function allowHeaderMethods(header: string | null): ReadonlySet<string> | undefined {
  if (header === null) return undefined;
  const methods = parseAllowHeader(header);
  return methods.size === 0 ? undefined : methods;
}

/** What {@link recordHints} are given to: the store's permissions (`PermissionStore` implements it). */
export interface PermissionHintSink {
  /** A new mark in the order permission answers are taken in; a read takes one as it is sent. @internal */
  mark(): number;
  /**
   * Takes in the methods records of `config` allow, learned from a read sent at `sentMark`
   * (an answer newer than that mark wins).
   * @internal
   */
  receiveHints(config: { readonly baseURL: string }, hints: readonly RecordHint[], sentMark: number): void;
  /**
   * Takes in the hints a list's `records` carry (keyed by `key`), learned from a read sent at
   * `sentMark`, without reading them yet: the sink reads them when a permission is first asked
   * for (or sooner). `records` must not change afterwards.
   * @internal
   */
  receiveRecordHints(
    config: { readonly baseURL: string },
    records: readonly unknown[],
    key: string,
    sentMark: number,
  ): void;
  /** Reads the hints of the lists taken in and not read yet (eviction lets go of their records). @internal */
  settleHints(): void;
}

/**
 * Gives `sink` the hints a list's records carry, for it to read when a permission is asked for:
 * reading `_links.self[0].targetHints` of every record of a fresh answer touches memory the parse
 * wrote and the CPU's caches no longer hold, most often for nobody.
 */
export function giveRecordHints(
  sink: Partial<PermissionHintSink> | undefined,
  config: { readonly baseURL: string },
  records: readonly unknown[],
  key: string,
  sentMark: number | undefined,
): void {
  if (records.length === 0 || sink?.receiveRecordHints === undefined || sink.mark === undefined) return;
  sink.receiveRecordHints(config, records, key, sentMark ?? sink.mark());
}

/**
 * Gives the permissions records carried to `sink` (the store's permissions, when it takes them),
 * as learned by a read sent at `sentMark`; without a mark (data given to `receive`), as of now.
 */
export function givePermissionHints(
  sink: Partial<PermissionHintSink> | undefined,
  config: { readonly baseURL: string },
  hints: readonly RecordHint[],
  sentMark: number | undefined,
): void {
  if (hints.length === 0 || sink?.receiveHints === undefined || sink.mark === undefined) return;
  sink.receiveHints(config, hints, sentMark ?? sink.mark());
}
