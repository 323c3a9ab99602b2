/**
 * The revisions of a collection's records: one child collection per record id, with a config
 * derived from the parent's (`{base}/{id}/revisions`, keyed by the revision key).
 *
 * @module
 */
import { EntityConfig } from '../../models/EntityConfig.js';
import type { Id } from '../../models/ids.js';

/** What the revisions of one record need from their collection. */
export interface RevisionCollection {
  /** Marks every query stale. */
  invalidateQueries(): void;
  /** Evicts what is idle; returns how many may become evictable later. */
  evictIdle(cutoffMs: number, pinned: ReadonlySet<object>): number;
  /** Ends the collection's watches. */
  dispose(): void;
}

/** Where a collection's config comes from when it is not the registry's (revisions of a record). */
export interface ConfigSource {
  /** The config, if loaded. Observable. */
  get(): EntityConfig | undefined;
  /** The config, loading it when needed. */
  ensure(): Promise<EntityConfig | undefined>;
}

/** The revision collections of one collection, by record id. */
export class RevisionCollections<C extends RevisionCollection> {
  private readonly byId = new Map<Id, C>();

  /** The revisions of record `id`, made by `make` on first use. */
  of(id: Id, make: () => C): C {
    let revisions = this.byId.get(id);
    if (!revisions) {
      revisions = make();
      this.byId.set(id, revisions);
    }
    return revisions;
  }

  /** Forgets the revisions of `id` (the record left the cache). */
  delete(id: Id): void {
    this.byId.delete(id);
  }

  /** A save of these records made new revisions: their lists are stale. */
  invalidate(ids: readonly Id[]): void {
    for (const id of ids) this.byId.get(id)?.invalidateQueries();
  }

  /** Evicts idle revisions; returns how many may become evictable later. */
  evictIdle(cutoffMs: number, pinned: ReadonlySet<object>): number {
    let waiting = 0;
    for (const revisions of this.byId.values()) waiting += revisions.evictIdle(cutoffMs, pinned);
    return waiting;
  }

  /** Ends every revision collection's watches. */
  dispose(): void {
    for (const revisions of this.byId.values()) revisions.dispose();
  }
}

/**
 * The config of record `key`'s revisions derived from its `entity`'s `parent` config; `undefined`
 * while the parent is not loaded or has no revisions. `made` keeps one config once derived.
 */
export function revisionConfig(
  entity: { readonly kind: string; readonly name: string },
  parent: EntityConfig | undefined,
  key: Id,
  made: { config?: EntityConfig },
): EntityConfig | undefined {
  if (parent === undefined) return undefined;
  const baseURL = parent.revisionsPath(key);
  if (baseURL === undefined) return undefined;
  made.config ??= new EntityConfig({
    kind: entity.kind,
    name: `${entity.name}/${String(key)}/revisions`,
    label: `${parent.label} revisions`,
    baseURL,
    key: parent.revisionKey,
    supportsPagination: parent.supportsPagination,
    // Revisions are read in the entity's own context (`edit` for posts), so `content.raw` is
    // there to restore; the anchor sends none and gets only the rendered text.
    baseURLParams:
      parent.baseURLParams['context'] === undefined ? {} : { context: parent.baseURLParams['context'] },
  });
  return made.config;
}
