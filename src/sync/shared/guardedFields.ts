/**
 * No one can make another person's save do what they could not do with their own: a shared edit
 * is saved by whoever saves next, so an update that changes a field WordPress guards by capability
 * (status to publish/future/private, password, author, sticky, the date of a public or scheduled
 * post, the terms of every taxonomy the record has, protected meta) or that adds HTML a user
 * without `unfiltered_html` may not post is refused for a user who lacks that capability, before
 * it enters the shared document. Not guarded, because WordPress lets anyone who may edit the post
 * change them with their own save: `slug`, `template` and `format` (WordPress validates the
 * template and format on every save, whoever sends them), the date of a draft or pending post.
 *
 * The guard works on the block editor's document layout: the root `Y.Map` `document` holds the
 * record's synced properties, `title`, `content` and `excerpt` as `Y.Text` (plain strings are read
 * too), the others as plain values. It keeps a shadow copy of the room's document (mirrored from
 * every change that reaches the room), applies an incoming update to the shadow first and
 * compares the guarded fields before and after, so it judges the update's effect, however the
 * update was built (one field set, text split over several updates, a deletion that joins two
 * halves of a tag). Markup already in the room, or in the record as WordPress has it saved (an
 * administrator's embed that an author's client puts into the room when it first edits the
 * field), is not new: only markup the update adds is refused. Transport-neutral: the sync server calls it per incoming update, and an HTTP
 * polling relay can call it the same way.
 *
 * @module
 */
import * as Y from 'yjs';
import { addedMarkup, disallowedMarkup, type HtmlFieldKind } from './postHtmlPolicy.js';
import { EDIT_ONLY, type RecordCapabilities } from './recordCapabilities.js';
import {
  DEFAULT_SYNCED_ENTITIES,
  type EntitySyncRules,
  type GuardCondition,
  type GuardCapability,
} from '../../../core/entitySync.js';

/** The root map holding the record's synced properties (the block editor's layout). */
export const DOCUMENT_MAP = 'document';

/** The rules of every post type: what the guard judges when given none. */
export const POST_RULES = DEFAULT_SYNCED_ENTITIES[0] as EntitySyncRules;

/** The taxonomy fields guarded when the record's `wp:term` links are unknown. */
const DEFAULT_TERM_FIELDS: ReadonlySet<string> = new Set(['categories', 'tags']);

/** How many accepted updates a rebuilt shadow re-applies (far more than are ever in flight). */
const ACCEPTED_KEPT = 256;

/**
 * How many checks the shadow may hold an update back that the room's document does not hold
 * before it is rebuilt from the document: by then the update is no longer among the accepted ones
 * a rebuild re-applies, so the rebuild drops it.
 */
const STALE_PENDING_CHECKS = ACCEPTED_KEPT + 1;

/** One refused part of an update: the field and why. */
export interface RefusedChange {
  /** The property in the `document` map (`status`, `content`, …). */
  readonly field: string;
  /** Why, naming the missing capability (`needs wp:action-publish`). */
  readonly reason: string;
}

/** Disallowed markup per HTML field of the record as WordPress has it saved (see {@link savedMarkupOf}). */
export type SavedMarkup = ReadonlyMap<string, readonly string[]>;

/**
 * The disallowed markup of each HTML field of a saved record (`rules.htmlFields`: a post's
 * `title`, `content`, `excerpt`, as strings or as `{ raw }`), which the guard does not count as
 * added when an update brings it in.
 */
export function savedMarkupOf(record: unknown, rules: EntitySyncRules = POST_RULES): SavedMarkup {
  const found = new Map<string, string[]>();
  if (typeof record !== 'object' || record === null) return found;
  for (const [field, kind] of htmlFieldsOf(rules)) {
    const value = (record as Record<string, unknown>)[field];
    const raw =
      typeof value === 'string'
        ? value
        : typeof value === 'object' && value !== null && typeof (value as { raw?: unknown }).raw === 'string'
          ? (value as { raw: string }).raw
          : '';
    const markup = disallowedMarkup(raw, kind);
    if (markup.length > 0) found.set(field, markup);
  }
  return found;
}

/** The larger count of each entry of two multisets: markup allowed because it is in either. */
function mergedBaseline(room: readonly string[], saved: readonly string[] | undefined): readonly string[] {
  if (saved === undefined || saved.length === 0) return room;
  return [...room, ...addedMarkup(room, saved)];
}

/** A value as the saving client would read it: Yjs types as JSON. */
function plain(value: unknown): unknown {
  return value instanceof Y.AbstractType ? (value.toJSON() as unknown) : value;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Y.Text) return value.toString();
  if (value instanceof Y.AbstractType) return JSON.stringify(value.toJSON());
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** One guarded plain field: when a change of it is allowed, and what it needs otherwise. */
interface FieldRule {
  readonly field: string;
  /** `read` gives any field of the document as it is after the update. */
  isAllowed(
    after: unknown,
    before: unknown,
    can: RecordCapabilities,
    read: (field: string) => unknown,
  ): boolean;
  readonly needs: string;
}

/** Whether a user with `can` has the capability `action`. */
function has(can: RecordCapabilities, action: GuardCapability): boolean {
  switch (action) {
    case 'publish':
      return can.canPublish;
    case 'assign-author':
      return can.canAssignAuthor;
    case 'sticky':
      return can.canStick;
  }
}

/** Whether a change to `after` needs the rule's capability. */
function needsCapability(when: GuardCondition, after: unknown, read: (field: string) => unknown): boolean {
  if ('always' in when) return true;
  if ('valueIn' in when) return when.valueIn.some((value) => value === after);
  if ('notEmpty' in when) return after !== undefined && after !== null && after !== '';
  return when.whileFieldIn.values.includes(String(read(when.whileFieldIn.field)));
}

/** What the guard reads of an entity's rules, worked out once per rules object. */
interface CompiledRules {
  readonly fields: readonly FieldRule[];
  readonly htmlFields: ReadonlyMap<string, HtmlFieldKind>;
  readonly guardsTermFields: boolean;
  readonly metaField: string | undefined;
}

const compiled = new WeakMap<EntitySyncRules, CompiledRules>();

function compile(rules: EntitySyncRules): CompiledRules {
  let found = compiled.get(rules);
  if (found === undefined) {
    found = {
      fields: rules.guardedFields.map(({ field, needs, when }): FieldRule => ({
        field,
        isAllowed: (after, _before, can, read) => has(can, needs) || !needsCapability(when, after, read),
        needs: `wp:action-${needs}`,
      })),
      htmlFields: new Map(Object.entries(rules.htmlFields)),
      guardsTermFields: rules.guardsTermFields,
      metaField: rules.metaField,
    };
    compiled.set(rules, found);
  }
  return found;
}

/** The HTML fields of an entity, with their allow-lists. */
function htmlFieldsOf(rules: EntitySyncRules): ReadonlyMap<string, HtmlFieldKind> {
  return compile(rules).htmlFields;
}

/** The rules for a sender: the entity's guarded fields and one per taxonomy field of the record. */
function rulesFor(rules: EntitySyncRules, can: RecordCapabilities): FieldRule[] {
  const { fields, guardsTermFields } = compile(rules);
  if (!guardsTermFields) return [...fields];
  const termFields = can.termFields ?? DEFAULT_TERM_FIELDS;
  return [
    ...fields,
    ...[...termFields].map((field): FieldRule => ({
      field,
      isAllowed: (_after, _before, sender) =>
        sender.assignableTaxonomies.has(field) || sender.assignableTaxonomies.has('*'),
      needs: `wp:action-assign-${field}`,
    })),
  ];
}

/**
 * Whether a user with `can` may change meta key `key` through a shared edit. WordPress asks
 * `edit_post_meta` per key when the post is saved: a protected key (leading `_`) is refused to
 * everyone unless its registration's `auth_callback` allows, an unprotected registered key is
 * allowed to whoever may edit the post unless its `auth_callback` says otherwise. Those callbacks
 * are PHP the guard cannot see, so this default lets only users who may edit others' posts
 * (`wp:action-assign-author`) change protected keys, and everyone change the others; a server
 * whose plugins register meta with stricter callbacks passes its own rule
 * ({@link SharedEditGuardOptions.mayChangeMeta}).
 */
export function defaultMetaRule(key: string, can: RecordCapabilities): boolean {
  return !key.startsWith('_') || can.canAssignAuthor;
}

/** Options of {@link SharedEditGuard}. */
export interface SharedEditGuardOptions {
  /** The entity's sync rules: its HTML, guarded and meta fields. @default the rules of post types */
  readonly rules?: EntitySyncRules | undefined;
  /** Whether a user may change one meta key through a shared edit. @default {@link defaultMetaRule} */
  readonly mayChangeMeta?: ((key: string, can: RecordCapabilities) => boolean) | undefined;
}

/** Values of the record as WordPress has it saved, which the guard does not count as changes (see {@link savedValuesOf}). */
export interface SavedValues {
  /** The saved meta: a client writes a key's saved value into the room before its first edit of it. */
  readonly meta?: Readonly<Record<string, unknown>> | undefined;
}

/** The {@link SavedValues} of a saved record (a `context=edit` answer); `meta` is its `rules.metaField`. */
export function savedValuesOf(record: unknown, rules: EntitySyncRules = POST_RULES): SavedValues {
  const metaField = rules.metaField;
  if (metaField === undefined || typeof record !== 'object' || record === null) return {};
  const meta = (record as Record<string, unknown>)[metaField];
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta)
    ? { meta: meta as Record<string, unknown> }
    : {};
}

function objectOrEmpty(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The changes from `saved` to `edited` (a record's values, raw: strings for `title`, `content`,
 * `excerpt`) among `fields` that a user with `can` could not save, by the guard's rules: what a
 * client shows before it saves changes that came from others (`sync.foreignEdits`), where no
 * server judged them, by the entity's `rules`. A meta key refused is reported as `meta.<key>`.
 */
export function changesNeedingCapabilities(
  saved: Readonly<Record<string, unknown>>,
  edited: Readonly<Record<string, unknown>>,
  fields: Iterable<string>,
  can: RecordCapabilities = EDIT_ONLY,
  rules: EntitySyncRules = POST_RULES,
): RefusedChange[] {
  const wanted = new Set(fields);
  const refused: RefusedChange[] = [];
  const read = (field: string): unknown => edited[field];
  const metaField = rules.metaField;
  for (const { field, isAllowed, needs } of rulesFor(rules, can)) {
    if (!wanted.has(field)) continue;
    const after = edited[field];
    if (!sameValue(after, saved[field]) && !isAllowed(after, saved[field], can, read))
      refused.push({ field, reason: `setting ${field} to ${JSON.stringify(after)} needs ${needs}` });
  }
  if (metaField !== undefined && wanted.has(metaField)) {
    const before = objectOrEmpty(saved[metaField]);
    const after = objectOrEmpty(edited[metaField]);
    for (const key of Object.keys(after))
      if (!sameValue(after[key], before[key]) && !defaultMetaRule(key, can))
        refused.push({
          field: `${metaField}.${key}`,
          reason: `setting meta ${key} needs edit_post_meta for that key`,
        });
  }
  if (!can.canPostUnfilteredHtml) {
    for (const [field, kind] of htmlFieldsOf(rules)) {
      if (!wanted.has(field)) continue;
      const added = addedMarkup(
        disallowedMarkup(textOf(saved[field]), kind),
        disallowedMarkup(textOf(edited[field]), kind),
      );
      if (added.length > 0)
        refused.push({ field, reason: `${added.join(', ')} needs wp:action-unfiltered-html` });
    }
  }
  return refused;
}

/** What both may do: a check under the least capabilities of several senders. */
function leastOf(a: RecordCapabilities, b: RecordCapabilities): RecordCapabilities {
  return {
    canPublish: a.canPublish && b.canPublish,
    canPostUnfilteredHtml: a.canPostUnfilteredHtml && b.canPostUnfilteredHtml,
    canStick: a.canStick && b.canStick,
    canAssignAuthor: a.canAssignAuthor && b.canAssignAuthor,
    termFields:
      a.termFields === undefined || b.termFields === undefined
        ? (a.termFields ?? b.termFields)
        : new Set([...a.termFields, ...b.termFields]),
    assignableTaxonomies: new Set(
      [...a.assignableTaxonomies, ...b.assignableTaxonomies].filter(
        (base) =>
          (a.assignableTaxonomies.has(base) || a.assignableTaxonomies.has('*')) &&
          (b.assignableTaxonomies.has(base) || b.assignableTaxonomies.has('*')),
      ),
    ),
  };
}

/** Whether Yjs holds part of an update back in `doc` (it depends on changes `doc` lacks). */
function holdsBack(doc: Y.Doc): boolean {
  return doc.store.pendingStructs !== null || doc.store.pendingDs !== null;
}

/** Guards one room's document; see the module comment. */
export class SharedEditGuard {
  readonly #doc: Y.Doc;
  readonly #mayChangeMeta: (key: string, can: RecordCapabilities) => boolean;
  readonly #rules: EntitySyncRules;
  readonly #htmlFields: ReadonlyMap<string, HtmlFieldKind>;
  #shadow: Y.Doc;
  /** Disallowed markup found in each HTML field of the shadow, computed when first needed. */
  readonly #markup = new Map<string, string[]>();
  /**
   * The last updates this guard accepted. The room applies an accepted update a moment later
   * (after it is stored), so a shadow rebuilt from the room's document re-applies these to stay
   * ahead of it; applying one the document already has changes nothing.
   */
  readonly #accepted: Uint8Array[] = [];
  /**
   * The least capabilities among the senders of every update accepted since the shadow began
   * holding one back (pending in Yjs), or `undefined` while it holds nothing: one value, however
   * long the hold lasts, so a held-back update is never judged with more rights than its sender's.
   */
  #pendingLeast: RecordCapabilities | undefined;
  /** Checks in a row the shadow held something back that the room's document did not. */
  #stalePendingChecks = 0;
  /** Set when a change of the room could not be mirrored: the next check rebuilds the shadow. */
  #isStale = false;
  /** The room's held-back structs and deletions last copied into the shadow. */
  #seenPendingStructs: unknown = null;
  #seenPendingDs: unknown = null;
  /**
   * Copies what the room's document holds back into the shadow. Yjs emits no update for it, and
   * it may not have come through this guard: another server relays the changes it holds back, and
   * the change that completes them, judged alone here, would bring them into the room unjudged.
   * Held back changes the guard did not check are judged, when they resolve, with no rights
   * beyond editing.
   */
  readonly #mirrorHeldBack = (): void => {
    const { pendingStructs, pendingDs } = this.#doc.store;
    // Yjs merges newly held-back structs into the same object, replacing its `update`.
    const heldStructs = pendingStructs?.update ?? null;
    if (heldStructs === this.#seenPendingStructs && pendingDs === this.#seenPendingDs) return;
    this.#seenPendingStructs = heldStructs;
    this.#seenPendingDs = pendingDs;
    if (this.#isStale || (pendingStructs === null && pendingDs === null)) return;
    const isNew =
      (pendingStructs !== null && !this.#holds(pendingStructs.update)) ||
      (pendingDs !== null && this.#shadow.store.pendingDs === null);
    try {
      if (pendingStructs !== null) Y.applyUpdateV2(this.#shadow, pendingStructs.update, this);
      if (pendingDs !== null) Y.applyUpdateV2(this.#shadow, pendingDs, this);
    } catch {
      this.#isStale = true;
    }
    if (isNew && holdsBack(this.#shadow)) this.#pendingLeast = EDIT_ONLY;
  };
  readonly #mirror = (update: Uint8Array): void => {
    if (this.#isStale) return;
    try {
      Y.applyUpdate(this.#shadow, update, this);
    } catch {
      // A change the shadow misses would hold every later one that depends on it back for good.
      this.#isStale = true;
    }
  };

  /** Starts mirroring `doc` (the room's document, already loaded). */
  constructor(doc: Y.Doc, options: SharedEditGuardOptions = {}) {
    this.#doc = doc;
    this.#mayChangeMeta = options.mayChangeMeta ?? defaultMetaRule;
    this.#rules = options.rules ?? POST_RULES;
    this.#htmlFields = htmlFieldsOf(this.#rules);
    this.#shadow = this.#copy();
    doc.on('update', this.#mirror);
    doc.on('afterTransaction', this.#mirrorHeldBack);
  }

  /** Whether the shadow has, or holds back, every change of `update` (a V2 update). */
  #holds(update: Uint8Array): boolean {
    const { to } = Y.parseUpdateMetaV2(update);
    const held = this.#shadow.store.pendingStructs;
    const heldTo = held === null ? new Map<number, number>() : Y.parseUpdateMetaV2(held.update).to;
    for (const [client, clock] of to)
      if (clock > Math.max(Y.getState(this.#shadow.store, client), heldTo.get(client) ?? 0)) return false;
    return true;
  }

  #copy(): Y.Doc {
    const shadow = new Y.Doc({ gc: this.#doc.gc });
    Y.applyUpdate(shadow, Y.encodeStateAsUpdate(this.#doc));
    // Changes that reached the room another way make the cached markup of their fields stale.
    shadow.on('afterTransaction', (transaction: Y.Transaction) => {
      if (transaction.origin === this)
        for (const field of this.#changedHtmlFields(shadow, transaction)) this.#markup.delete(field);
    });
    return shadow;
  }

  #changedHtmlFields(shadow: Y.Doc, transaction: Y.Transaction): string[] {
    const map = shadow.getMap(DOCUMENT_MAP);
    // Yjs types `changed` by the event base type; a map's entry holds the keys it changed.
    let keys: Set<string | null> | undefined;
    for (const [type, changedKeys] of transaction.changed) if ((type as unknown) === map) keys = changedKeys;
    const changed: string[] = [];
    for (const field of this.#htmlFields.keys()) {
      const value = map.get(field);
      const isNested =
        value instanceof Y.AbstractType &&
        (transaction.changed.has(value) || transaction.changedParentTypes.has(value));
      if (keys?.has(field) || isNested) changed.push(field);
    }
    return changed;
  }

  #markupOf(field: string): string[] {
    let found = this.#markup.get(field);
    if (found === undefined) {
      found = disallowedMarkup(
        textOf(this.#shadow.getMap(DOCUMENT_MAP).get(field)),
        this.#htmlFields.get(field) ?? 'post',
      );
      this.#markup.set(field, found);
    }
    return found;
  }

  /**
   * Judges `update` (a Yjs update from a connection whose user has `can`; `saved` is the markup
   * of the record as WordPress has it saved, see {@link savedMarkupOf}, `savedValues` its meta,
   * see {@link savedValuesOf}). Returns the refused
   * changes; empty means the update may be applied. A refused update leaves the shadow as it was
   * (it is rebuilt from the room's document), so the next check starts clean.
   *
   * An update that depends on changes the room does not have yet (a client reconnecting to
   * another server sends its edits before its sync answer) is held back by Yjs and applied inside
   * a later update: until the room holds nothing pending, every update is judged with the least
   * capabilities of everyone whose update is pending, so held-back changes are never judged as
   * someone else's.
   */
  check(
    update: Uint8Array,
    sender: RecordCapabilities,
    saved: SavedMarkup = new Map(),
    savedValues: SavedValues = {},
  ): RefusedChange[] {
    if (this.#isStale || this.#stalePendingChecks >= STALE_PENDING_CHECKS) this.#rebuild();
    const can = this.#pendingLeast === undefined ? sender : leastOf(this.#pendingLeast, sender);
    const map = this.#shadow.getMap(DOCUMENT_MAP);
    const rules = rulesFor(this.#rules, can);
    const metaField = this.#rules.metaField;
    const before = rules.map(({ field }) => plain(map.get(field)));
    const metaBefore = metaField === undefined ? {} : objectOrEmpty(plain(map.get(metaField)));
    const checksHtml = !can.canPostUnfilteredHtml;
    if (checksHtml) for (const field of this.#htmlFields.keys()) this.#markupOf(field);
    let changedHtml: string[] = [];
    const onTransaction = (transaction: Y.Transaction): void => {
      changedHtml = this.#changedHtmlFields(this.#shadow, transaction);
    };
    this.#shadow.on('afterTransaction', onTransaction);
    try {
      Y.applyUpdate(this.#shadow, update, 'guard-check');
    } catch {
      this.#shadow.off('afterTransaction', onTransaction);
      return this.#refuse([{ field: '*', reason: 'the update is not a valid Yjs update' }]);
    } finally {
      this.#shadow.off('afterTransaction', onTransaction);
    }
    const refused: RefusedChange[] = [];
    const read = (field: string): unknown => plain(map.get(field));
    rules.forEach(({ field, isAllowed, needs }, index) => {
      const after = read(field);
      if (!sameValue(after, before[index]) && !isAllowed(after, before[index], can, read)) {
        refused.push({ field, reason: `setting ${field} to ${JSON.stringify(after)} needs ${needs}` });
      }
    });
    if (metaField !== undefined)
      refused.push(
        ...this.#refusedMeta(metaField, metaBefore, objectOrEmpty(read(metaField)), can, savedValues),
      );
    const pendingMarkup = new Map<string, string[]>();
    if (checksHtml) {
      for (const field of changedHtml) {
        const after = disallowedMarkup(textOf(map.get(field)), this.#htmlFields.get(field) ?? 'post');
        const added = addedMarkup(mergedBaseline(this.#markupOf(field), saved.get(field)), after);
        if (added.length > 0) {
          refused.push({ field, reason: `${added.join(', ')} needs wp:action-unfiltered-html` });
        }
        pendingMarkup.set(field, after);
      }
    } else {
      for (const field of changedHtml) this.#markup.delete(field);
    }
    if (refused.length > 0) return this.#refuse(refused);
    if (holdsBack(this.#shadow)) {
      this.#pendingLeast = can;
      this.#stalePendingChecks = holdsBack(this.#doc) ? 0 : this.#stalePendingChecks + 1;
    } else {
      this.#pendingLeast = undefined;
      this.#stalePendingChecks = 0;
    }
    for (const [field, found] of pendingMarkup) this.#markup.set(field, found);
    this.#accepted.push(update);
    if (this.#accepted.length > ACCEPTED_KEPT) this.#accepted.shift();
    return refused;
  }

  /**
   * Meta keys the update set to a value that is neither the room's before nor the saved one, that
   * the sender may not change. A removed key is no change: a save without it leaves it as saved.
   */
  #refusedMeta(
    metaField: string,
    before: Readonly<Record<string, unknown>>,
    after: Readonly<Record<string, unknown>>,
    can: RecordCapabilities,
    savedValues: SavedValues,
  ): RefusedChange[] {
    const refused: RefusedChange[] = [];
    const saved = savedValues.meta ?? {};
    for (const key of Object.keys(after)) {
      const value = after[key];
      if (sameValue(value, before[key]) || (key in saved && sameValue(value, saved[key]))) continue;
      if (!this.#mayChangeMeta(key, can)) {
        refused.push({
          field: `${metaField}.${key}`,
          reason: `setting meta ${key} needs edit_post_meta for that key`,
        });
      }
    }
    return refused;
  }

  #refuse(refused: RefusedChange[]): RefusedChange[] {
    this.#pendingLeast = undefined;
    this.#rebuild();
    return refused;
  }

  /**
   * Copies the room's document again and re-applies the accepted updates it may not have applied
   * yet. A copy, never a merge into the old shadow: that may be ahead of the document.
   */
  #rebuild(): void {
    this.#shadow.destroy();
    this.#markup.clear();
    this.#shadow = this.#copy();
    this.#isStale = false;
    this.#stalePendingChecks = 0;
    for (const accepted of this.#accepted) {
      try {
        Y.applyUpdate(this.#shadow, accepted, this);
      } catch {
        // Accepted once, so valid: a shadow that cannot take it again goes without it.
      }
    }
    // Held back with senders no longer known (after a refusal): the least until they resolve.
    this.#pendingLeast = holdsBack(this.#shadow) ? (this.#pendingLeast ?? EDIT_ONLY) : undefined;
  }

  /** Stops mirroring and frees the shadow. */
  destroy(): void {
    this.#doc.off('update', this.#mirror);
    this.#doc.off('afterTransaction', this.#mirrorHeldBack);
    this.#shadow.destroy();
  }
}
