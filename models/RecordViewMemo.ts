/**
 * The speed cache of a record's object views (`raw`, `nonTransientEdits`, `edited`): each keeps its
 * last inputs and output, so unchanged inputs give the same object (observers comparing by
 * identity stay quiet, and a plain script's repeated reads copy nothing).
 *
 * @module
 */
import type { EntityConfig } from './EntityConfig.js';
import { editedRecord, nonTransientEdits, type Edits } from './editPipeline.js';
import { flattenRawAttributes } from './snapshot.js';

/** The last inputs and outputs of one record's object views; made on a record's first view read. */
export class RecordViewMemo {
  private rawIn: object | undefined = undefined;
  private rawAttributes: ReadonlySet<string> | undefined = undefined;
  private rawOut: object | undefined = undefined;
  private transientIn: object | undefined = undefined;
  private transientFields: ReadonlySet<string> | undefined = undefined;
  private transientOut: object | undefined = undefined;
  private editedBase: object | undefined = undefined;
  private editedEdits: object | undefined = undefined;
  private editedOut: object | undefined = undefined;

  /** `persisted` with each raw attribute replaced by its `.raw`; the same object while both inputs are. */
  raw(persisted: object, attributes: ReadonlySet<string>): object {
    if (this.rawIn !== persisted || this.rawAttributes !== attributes || this.rawOut === undefined) {
      this.rawIn = persisted;
      this.rawAttributes = attributes;
      this.rawOut = flattenRawAttributes(persisted, attributes);
    }
    return this.rawOut;
  }

  /** `edits` without `config`'s transient fields; the same object while the edits and those fields are. */
  nonTransientEdits(config: EntityConfig, edits: Edits): object {
    if (
      this.transientIn !== edits ||
      this.transientFields !== config.transientEdits ||
      this.transientOut === undefined
    ) {
      this.transientIn = edits;
      this.transientFields = config.transientEdits;
      this.transientOut = nonTransientEdits(config, edits);
    }
    return this.transientOut;
  }

  /** `base` merged with `edits`; the same object while both are. */
  edited(base: object | undefined, edits: Edits): object | undefined {
    if (this.editedBase !== base || this.editedEdits !== edits || this.editedOut === undefined) {
      this.editedBase = base;
      this.editedEdits = edits;
      this.editedOut = editedRecord(base, edits);
    }
    return this.editedOut;
  }
}
