/**
 * Which of a record's unsaved shared edits came from other people. In a room no server checks
 * (WebRTC), whoever saves sends what the room holds, so a peer's change to a field that needs a
 * capability (publish, re-author, terms, markup) would go out with someone else's authority; the
 * saving app shows these first (`sync.foreignEdits`, `sync.save`).
 *
 * @module
 */
import { action, makeObservable, observable } from 'mobx';
import { WpEntitiesError } from '../../core/errors.js';
import type { Peer } from './Presence.js';

/** One field whose unsaved value came, at least in part, from someone else. */
export interface ForeignEdit {
  /** The record's field (`status`, `content`, `meta`, …). */
  readonly field: string;
  /**
   * The document client ids of the others who changed it since it was last saved; empty when the
   * change only deleted (a deletion does not name who made it).
   */
  readonly clientIds: readonly number[];
  /** Those of them still in the room, as presence shows them. */
  readonly people: readonly Peer[];
  /**
   * The unsaved value needs more than editing the post in WordPress (status publish/future/private,
   * a password, the author, sticky, terms, a public post's date, protected meta, markup WordPress
   * strips for users without `unfiltered_html`): saving it uses the saver's capabilities.
   */
  readonly isGuarded: boolean;
  /** What the guarded change needs, when {@link isGuarded}. */
  readonly reason?: string | undefined;
}

/**
 * `sync.save` stopped: the record holds guarded changes that came from others and the app did not
 * confirm them. Nothing was sent; the edits are kept.
 */
export class ForeignEditsError extends WpEntitiesError {
  override name = 'ForeignEditsError';
  /** The guarded foreign changes that stopped the save. */
  readonly edits: readonly ForeignEdit[];
  /** A save stopped over `edits`. */
  constructor(edits: readonly ForeignEdit[]) {
    super(
      `Not saved: ${edits.map((edit) => edit.field).join(', ')} ${edits.length === 1 ? 'was' : 'were'} changed by someone else in the room and need${edits.length === 1 ? 's' : ''} capabilities (${edits
        .map((edit) => edit.reason ?? edit.field)
        .join('; ')}); confirm them (sync.save's confirm option) or take them back first.`,
    );
    this.edits = edits;
  }
}

/** The others' client ids per field (observable), kept by a record's binding. */
export class ForeignEditMarks {
  /** Client ids of others per field; an empty set means "someone, by a deletion". */
  readonly byField = observable.map<string, ReadonlySet<number>>([], { deep: false });

  /** Starts empty. */
  constructor() {
    makeObservable(this, { mark: action, keepOnly: action, clear: action });
  }

  /** Others (`clientIds`, maybe none known) changed `fields`. */
  mark(fields: Iterable<string>, clientIds: ReadonlySet<number>): void {
    for (const field of fields) {
      const known = this.byField.get(field);
      if (known !== undefined && [...clientIds].every((id) => known.has(id))) continue;
      this.byField.set(field, new Set([...(known ?? []), ...clientIds]));
    }
  }

  /** Forgets every field `hasEdit` says no longer differs from the saved record (saved, taken back). */
  keepOnly(hasEdit: (field: string) => boolean): void {
    for (const field of [...this.byField.keys()]) if (!hasEdit(field)) this.byField.delete(field);
  }

  /** This person replaced the whole value of `fields`: nothing of the others' is left in them. */
  clear(fields: Iterable<string>): void {
    for (const field of fields) this.byField.delete(field);
  }
}
