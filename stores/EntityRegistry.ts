/**
 * The entity configs a store knows: the static root entities from the start, dynamic kinds
 * (`postType`, `taxonomy`) once loaded.
 *
 * @module
 */
import { observable, runInAction, type ObservableMap } from 'mobx';
import type { EntityConfig } from '../models/EntityConfig.js';
import { ENTITY_LOADERS, type EntityLoader } from './entities/loaders.js';
import type { Transport } from '../core/transport/types.js';
import { isTracking } from '../models/lazyObservable.js';
import { PendingRequests } from './InflightRequests.js';

function slot(kind: string, name: string): string {
  return `${kind}\u0000${name}`;
}

/** Options of an {@link EntityRegistry}. */
export interface EntityRegistryOptions {
  /** The loader of each dynamic kind. @default ENTITY_LOADERS (postType, taxonomy) */
  loaders?: Readonly<Record<string, EntityLoader>> | undefined;
}

/** The configs of one store, observable; loads each dynamic kind once. */
export class EntityRegistry {
  private readonly configs: ObservableMap<string, EntityConfig> = observable.map(
    {},
    { deep: false, name: 'EntityRegistry.configs' },
  );
  private readonly loaders: Readonly<Record<string, EntityLoader>>;
  private readonly loading = new PendingRequests();
  private readonly loadedKinds = new Set<string>();
  /**
   * Each `(kind, name)`'s map key, built once: every record edit looks its config up, and a key
   * built per call is a new string V8 must flatten and hash each time (that was the single
   * costliest step of an edit).
   */
  private readonly slotKeys = new Map<string, Map<string, string>>();
  /** The same entries as {@link configs}, read where nothing is tracking (no MobX bookkeeping). */
  private readonly plainConfigs = new Map<string, EntityConfig>();
  private registrations = 0;

  /** Loaders run through `transport`; the constructor does no I/O and registers nothing. */
  constructor(
    private readonly transport: Transport,
    options: EntityRegistryOptions = {},
  ) {
    this.loaders = options.loaders ?? ENTITY_LOADERS;
  }

  /** The config of `(kind, name)`, or `undefined` when it is not registered (yet). Observable. */
  get(kind: string, name: string): EntityConfig | undefined {
    const key = this.slotOf(kind, name);
    // Every edit asks for its config: outside a derivation a plain map answers, same contents.
    return isTracking() ? this.configs.get(key) : this.plainConfigs.get(key);
  }

  private setConfig(key: string, config: EntityConfig): void {
    this.configs.set(key, config);
    this.plainConfigs.set(key, config);
    this.registrations += 1;
  }

  /**
   * How many times a config was registered or replaced (not observable): a lookup made outside a
   * reaction stays right while this count does (see `EntityCollection.config`).
   * @internal
   */
  get version(): number {
    return this.registrations;
  }

  private slotOf(kind: string, name: string): string {
    let names = this.slotKeys.get(kind);
    if (names === undefined) {
      names = new Map();
      this.slotKeys.set(kind, names);
    }
    let key = names.get(name);
    if (key === undefined) {
      key = slot(kind, name);
      names.set(name, key);
    }
    return key;
  }

  /** Every registered config, in registration order. Observable. */
  get all(): EntityConfig[] {
    return [...this.configs.values()];
  }

  /** The registered configs of one kind. Observable. */
  ofKind(kind: string): EntityConfig[] {
    return this.all.filter((config) => config.kind === kind);
  }

  /** Adds configs, replacing any registered under the same kind and name. */
  register(...configs: EntityConfig[]): void {
    runInAction(() => {
      for (const config of configs) this.setConfig(slot(config.kind, config.name), config);
    });
  }

  /**
   * @internal `store.hydrate()`: the configs `kind`'s loader made on the server, so the kind
   * counts as loaded and nothing asks for it. Configs registered by hand still win.
   */
  hydrateKind(kind: string, configs: readonly EntityConfig[]): void {
    if (this.loadedKinds.has(kind)) return;
    runInAction(() => {
      for (const config of configs) {
        const key = slot(config.kind, config.name);
        if (!this.configs.has(key)) this.setConfig(key, config);
      }
    });
    this.loadedKinds.add(kind);
  }

  /** True once the loader of `kind` has succeeded. */
  isLoaded(kind: string): boolean {
    return this.loadedKinds.has(kind);
  }

  /**
   * Runs `kind`'s loader once (concurrent calls share it; a failure lets the next call retry) and
   * resolves to every config of the kind. Without a loader: the registered ones, no request.
   * Configs registered by hand win over loaded ones.
   */
  load(kind: string): Promise<EntityConfig[]> {
    const loader = this.loaders[kind];
    if (!loader || this.loadedKinds.has(kind)) return Promise.resolve(this.ofKind(kind));
    return this.loading.run(kind, async () => {
      const configs = await loader(this.transport);
      runInAction(() => {
        for (const config of configs) {
          const key = slot(config.kind, config.name);
          if (!this.configs.has(key)) this.setConfig(key, config);
        }
      });
      this.loadedKinds.add(kind);
      return this.ofKind(kind);
    });
  }

  /** The config of `(kind, name)`, loading its kind first when it is not registered. */
  async ensure(kind: string, name: string): Promise<EntityConfig | undefined> {
    const known = this.get(kind, name);
    if (known) return known;
    await this.load(kind);
    return this.get(kind, name);
  }
}
