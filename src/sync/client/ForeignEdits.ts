/**
 * Which of a record's unsaved shared edits came from other people. In a room no server checks
 * (WebRTC), whoever saves sends what the room holds, so a peer's change to a field that needs a
 * capability (publish, re-author, terms, markup) would go out with someone else's authority; the
 * saving app shows these first (`sync.foreignEdits`, `sync.save`).
 *
 * @module
 */
import { action, makeObservable, observable } from 'mobx';
import { WpEntitiesError } from '../../../core/errors.js';
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
  /** Those of them still in the room, as presence shows them (a peer is one when any of its `clientIds` is). */
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

/**
 * The others' client ids per field (observable), kept by a record's binding. Every keystroke that
 * arrives from a peer marks its field again, and every own keystroke clears plain fields: almost
 * always a change of nothing, so each method first looks at a plain copy of the marks and enters
 * a MobX action only when it changes something.
 */
export class ForeignEditMarks {
  /** Client ids of others per field; an empty set means "someone, by a deletion". */
  readonly byField = observable.map<string, ReadonlySet<number>>([], { deep: false });
  /** The same marks as a plain map: read without tracking, and without MobX's cost per read. */
  private readonly plain = new Map<string, ReadonlySet<number>>();
  /** Client ids this person's other tabs write under: their changes are not someone else's. */
  private own: ReadonlySet<number> = new Set();

  /** Starts empty. */
  constructor() {
    makeObservable<ForeignEditMarks, 'set' | 'delete'>(this, { set: action, delete: action });
  }

  /** True when no field is marked (not observable; read `byField` to observe). */
  get isEmpty(): boolean {
    return this.plain.size === 0;
  }

  /**
   * The Yjs client ids this person's other tabs write the room under (the tabs' shared connection
   * tells them): a change carrying only these is the person's own, and marks nothing.
   */
  setOwnClientIds(clientIds: Iterable<number>): void {
    this.own = new Set(clientIds);
  }

  /** Others (`clientIds`, maybe none known) changed `fields`. */
  mark(fields: Iterable<string>, clientIds: ReadonlySet<number>): void {
    if (clientIds.size > 0 && this.own.size > 0) {
      const others = new Set([...clientIds].filter((id) => !this.own.has(id)));
      // All of it from the person's other tabs: not a change by someone else.
      if (others.size === 0) return;
      clientIds = others;
    }
    let changes: [string, ReadonlySet<number>][] | undefined;
    for (const field of fields) {
      const known = this.plain.get(field);
      if (known !== undefined && isSubset(clientIds, known)) continue;
      (changes ??= []).push([field, new Set([...(known ?? []), ...clientIds])]);
    }
    if (changes !== undefined) this.set(changes);
  }

  /** Forgets every field `hasEdit` says no longer differs from the saved record (saved, taken back). */
  keepOnly(hasEdit: (field: string) => boolean): void {
    let gone: string[] | undefined;
    for (const field of this.plain.keys()) if (!hasEdit(field)) (gone ??= []).push(field);
    if (gone !== undefined) this.delete(gone);
  }

  /** This person replaced the whole value of `fields`: nothing of the others' is left in them. */
  clear(fields: Iterable<string>): void {
    if (this.plain.size === 0) return;
    let gone: string[] | undefined;
    for (const field of fields) if (this.plain.has(field)) (gone ??= []).push(field);
    if (gone !== undefined) this.delete(gone);
  }

  private set(changes: readonly [string, ReadonlySet<number>][]): void {
    for (const [field, clientIds] of changes) {
      this.plain.set(field, clientIds);
      this.byField.set(field, clientIds);
    }
  }

  private delete(fields: readonly string[]): void {
    for (const field of fields) {
      this.plain.delete(field);
      this.byField.delete(field);
    }
  }
}

function isSubset(subset: ReadonlySet<number>, of: ReadonlySet<number>): boolean {
  for (const id of subset) if (!of.has(id)) return false;
  return true;
}
