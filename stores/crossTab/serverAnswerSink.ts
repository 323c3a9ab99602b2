/**
 * What a store tells the other tabs of its site: the server's answers. Its own module, importing
 * none of the store's files, because the collection and the writer report to it while the tab
 * link reads the collections back (one module for both would be an import loop).
 *
 * @module
 */
import type { Id } from '../../models/ids.js';

/** What the store tells the other tabs: the server's answers, as received. */
export interface ServerAnswerSink {
  /** A read answered `records` of `(kind, name)`, stored in `context`; `complete` unless `_fields` cut them. */
  records(kind: string, name: string, records: readonly unknown[], context: string, complete: boolean): void;
  /** A save answered `record`; `created` when it made the record. */
  saved(kind: string, name: string, record: unknown, created: boolean): void;
  /** A delete of record `id` succeeded. */
  deleted(kind: string, name: string, id: Id): void;
}
