/**
 * The speed cache of a record's primitive views (`title`): inside a reaction each becomes a MobX
 * computed, kept for the record's life, which re-runs only when what it read changes and stops
 * propagation when its value stays the same. A plain script's read computes directly: a record
 * nobody observes keeps no computed.
 *
 * @module
 */
import { computed, type IComputedValue } from 'mobx';
import { isTracking } from './lazyObservable.js';

/** The primitive views of a record, by name. */
export interface PrimitiveViewValues {
  /** The title of the edited record. */
  title: string;
}

/** The computeds of one record's primitive views; made on the first tracked read of one. */
export class PrimitiveViews {
  private readonly computeds: { [K in keyof PrimitiveViewValues]?: IComputedValue<PrimitiveViewValues[K]> } =
    {};

  /** The view `key`: through its computed once one exists or a derivation reads it, else `compute()`. */
  read<K extends keyof PrimitiveViewValues>(
    key: K,
    compute: () => PrimitiveViewValues[K],
  ): PrimitiveViewValues[K] {
    const existing = this.computeds[key];
    if (existing) return existing.get() as PrimitiveViewValues[K];
    if (!isTracking()) return compute();
    const created = computed(compute);
    this.computeds[key] = created as IComputedValue<never>;
    return created.get();
  }
}
