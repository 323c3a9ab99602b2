/**
 * One cache for every tab of a site (`new RootStore({ crossTab: true })`): what the server answers
 * one tab (a read, a save, a delete) is posted on a `BroadcastChannel`, and the other tabs take it
 * in through the same `receive` a fetch uses, so lists, freshness, the undo history and the save
 * conflict check behave as if they had fetched it themselves, without a request. Only records a
 * tab already holds are updated (a creation marks its lists stale); unsaved edits never leave
 * their tab.
 *
 * @module
 */
import { observable, runInAction, type IObservableValue } from 'mobx';
import { SyncError, toError } from '../../core/errors.js';
import type { EntityConfig } from '../../models/EntityConfig.js';
import { readId, type Id } from '../../models/ids.js';
import { DEFAULT_CONTEXT } from '../../models/QueryParts.js';
import type { PlainObject } from '../../models/snapshot.js';
import type { EntityCollection } from '../EntityCollection.js';
import { envelope, readCacheMessage, refuse, type CacheMessage } from './cacheMessages.js';
import type { CrossTabHost, CrossTabLink } from './tabLink.js';

/** The part of `BroadcastChannel` the cache uses (tests hand in a stand-in through the global). */
interface TabChannel {
  postMessage(data: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onmessageerror: ((event: unknown) => void) | null;
}

/**
 * The channel's name: per site root and per signed-in identity, so tabs signed in as different
 * users (application passwords) never take in each other's records. The identity is a hash of the
 * `Authorization` header: the secret itself is never put in a name.
 */
export function cacheChannelName(root: string | undefined, authorization: string | undefined): string {
  return `wp-entities:cache:${root ?? ''}:${authorization === undefined ? 'cookie' : hashOf(authorization)}`;
}

/**
 * The cache shared with the other tabs, or `undefined` where there are none to share with: no
 * `BroadcastChannel`, or not a browser page or worker (Node, where stores of different requests
 * rendering on one server must never share records).
 */
export function openCrossTabCache(host: CrossTabHost): CrossTabCache | undefined {
  const scope = globalThis as {
    BroadcastChannel?: new (name: string) => TabChannel;
    window?: unknown;
    importScripts?: unknown;
  };
  if (typeof scope.BroadcastChannel !== 'function') return undefined;
  if (typeof scope.window !== 'object' && typeof scope.importScripts !== 'function') return undefined;
  const channel = new scope.BroadcastChannel(
    cacheChannelName(host.transport.root, host.transport.authorization),
  );
  return new CrossTabCache(host, channel);
}

/** Tells the other tabs what the server answered this one, and takes in what it answered them. */
export class CrossTabCache implements CrossTabLink {
  /** The first message refused (see {@link error}). */
  private readonly firstError: IObservableValue<SyncError | undefined> = observable.box(undefined, {
    deep: false,
  });
  private ignored = 0;
  private closed = false;

  /** A cache over `channel`, taking messages in at once. */
  constructor(
    private readonly host: CrossTabHost,
    private readonly channel: TabChannel,
  ) {
    channel.onmessage = (event) => this.take(event.data);
    channel.onmessageerror = () =>
      this.report(
        new SyncError('A message on the tabs\u2019 cache channel could not be read.', 'cross_tab_message'),
      );
  }

  /**
   * The first message from the channel that was ignored (not written by this library, another
   * format, a malformed record, or one that failed to apply); later ones are counted in
   * {@link ignoredMessages}, not reported again. Observable.
   */
  get error(): SyncError | undefined {
    return this.firstError.get();
  }

  /** How many messages were ignored so far. */
  get ignoredMessages(): number {
    return this.ignored;
  }

  /** @inheritDoc CrossTabLink.records */
  records(kind: string, name: string, records: readonly unknown[], context: string, complete: boolean): void {
    if (records.length > 0)
      this.post({ type: 'records', kind, name, context, complete, records: records as PlainObject[] });
  }

  /** @inheritDoc CrossTabLink.saved */
  saved(kind: string, name: string, record: unknown, created: boolean): void {
    this.post({ type: 'saved', kind, name, record: record as PlainObject, created });
  }

  /** @inheritDoc CrossTabLink.deleted */
  deleted(kind: string, name: string, id: Id): void {
    this.post({ type: 'deleted', kind, name, id });
  }

  /** Stops posting and listening; `store.dispose()` calls it. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.channel.onmessage = null;
    this.channel.onmessageerror = null;
    this.channel.close();
  }

  private post(message: CacheMessage): void {
    if (this.closed) return;
    try {
      this.channel.postMessage(envelope(message));
    } catch {
      // A record the structured clone cannot copy: the other tabs stay as they were and read it
      // from the server when they next ask. Nothing of this tab is lost.
    }
  }

  /** A message from another tab: checked, then taken in; anything else is ignored and reported once. */
  private take(data: unknown): void {
    if (this.closed) return;
    try {
      this.apply(readCacheMessage(data));
    } catch (error) {
      const cause = toError(error);
      this.report(
        cause instanceof SyncError
          ? cause
          : new SyncError(
              `A message on the tabs\u2019 cache channel could not be applied: ${cause.message}`,
              'cross_tab_message',
              { cause },
            ),
      );
    }
  }

  private report(error: SyncError): void {
    this.ignored++;
    if (this.firstError.get() === undefined) runInAction(() => this.firstError.set(error));
  }

  private apply(message: CacheMessage): void {
    const collection = this.host.collectionIfMade(message.kind, message.name);
    const config = collection?.config;
    if (collection === undefined || config === undefined) return;
    // Checked as a read's or a save's answer is: a record without its key is no record of this entity.
    const records =
      message.type === 'records' ? message.records : message.type === 'saved' ? [message.record] : [];
    for (const record of records) {
      if (!config.singleton && readId(record[config.key]) === undefined) {
        refuse(`a (${config.kind}, ${config.name}) record in it has no '${config.key}'`);
      }
    }
    switch (message.type) {
      case 'records': {
        const held = message.records.filter((record) =>
          isNewerHeld(collection, config, record, message.context),
        );
        if (held.length === 0) return;
        // `_fields` of a cut record marks it incomplete, as the read that brought it did.
        const fields = message.complete ? undefined : Object.keys(held[0] as PlainObject).join(',');
        collection.receive(held, {
          query: { context: message.context, ...(fields === undefined ? {} : { _fields: fields }) },
          updateList: false,
        });
        return;
      }
      case 'saved':
        if (message.created) {
          // A new record: where it goes in a list only the server knows; observed lists ask again.
          collection.receive(message.record, { invalidate: true });
        } else if (isNewerHeld(collection, config, message.record, DEFAULT_CONTEXT)) {
          // As a save's answer: a read this tab sent before it cannot replace it.
          collection.receive(message.record, { persistedEdits: {} });
        }
        return;
      case 'deleted':
        // Out of every list at once, with no request; unsaved edits of it stay (`remove`).
        if (collection.peek(message.id) !== undefined) collection.remove(message.id, { invalidate: false });
        return;
    }
  }
}

/**
 * True when this tab holds `record` (any context) and the message's copy is not older than the
 * one cached in `context` (its `modified_gmt`): a message from a tab that read before a save this
 * tab already took in must not bring the old values back.
 */
function isNewerHeld(
  collection: EntityCollection<object>,
  config: EntityConfig,
  record: PlainObject,
  context: string,
): boolean {
  const id = config.singleton ? undefined : readId(record[config.key]);
  if (id === undefined && !config.singleton) return false;
  const held = collection.peek(id);
  if (held === undefined || held.storedItems().length === 0) return false;
  const cached = (held.readItem(context)?.data as PlainObject | undefined)?.['modified_gmt'];
  const incoming = record['modified_gmt'];
  return !(typeof cached === 'string' && typeof incoming === 'string' && incoming < cached);
}

/** A short, stable, non-reversible tag of `text` (FNV-1a, 32 bits). */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
