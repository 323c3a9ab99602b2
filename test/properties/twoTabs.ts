/**
 * Random sequences over two tabs on one journal and one server (`conflicts: 'detect'`): edit,
 * undo, redo, a save that succeeds or fails, a crash (the tab's store is gone; a new one opens in
 * its place), a restore or a decline of the crashed tabs' entries, a save by a third writer, a
 * refresh, and an answer to a conflict. Two invariants:
 *
 * - after a crash and a restore, every unsaved edit of the crashed tab is back (on the record, or
 *   as the local side of a conflict the user still has to answer);
 * - a save never overwrites a server change its tab did not see: each field a save changes still
 *   has, on the server, the value the tab's edit started from (the saved value when the tab began
 *   editing it, or what the tab was shown when it answered a conflict).
 *
 * The second is checked by the server before it stores each save. Shared by `npm test` (1,000
 * sequences) and the soak (`npm run test:soak`, 100,000).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import type { EntityRecord } from '../../models/EntityRecord.js';
import { memoryJournal, type MemoryJournal } from '../../src/journal/index.js';
import { RootStore } from '../../stores/RootStore.js';
import { TAB_FIELDS, TAB_POST_IDS, TabsServer, type SaveSeen, type TabField } from './tabsServer.js';

type TabIndex = 0 | 1;
type PostIndex = 0 | 1;
type ValueChoice = 'saved' | 'a' | 'b' | 'c';

/** One step of a sequence. */
export type TabStep =
  | { type: 'edit'; tab: TabIndex; post: PostIndex; field: TabField; value: ValueChoice }
  | { type: 'undo'; tab: TabIndex }
  | { type: 'redo'; tab: TabIndex }
  | { type: 'save'; tab: TabIndex; post: PostIndex; succeeds: boolean }
  | { type: 'crash'; tab: TabIndex }
  | { type: 'restore'; tab: TabIndex }
  | { type: 'decline'; tab: TabIndex }
  | { type: 'otherSaves'; post: PostIndex; field: TabField; value: 'x' | 'y' }
  | { type: 'refresh'; tab: TabIndex; post: PostIndex }
  | { type: 'resolve'; tab: TabIndex; post: PostIndex; choice: 'mine' | 'theirs' };

const tab = fc.constantFrom<TabIndex>(0, 1);
// Mostly one post: collisions between the tabs and the third writer are what the runs are for.
const post = fc.oneof(
  { arbitrary: fc.constant<PostIndex>(0), weight: 4 },
  { arbitrary: fc.constant<PostIndex>(1), weight: 1 },
);
const field = fc.oneof(
  { arbitrary: fc.constant<TabField>('title'), weight: 3 },
  { arbitrary: fc.constant<TabField>('content'), weight: 1 },
);

/** Any step, edits weighted up so that there is something unsaved to lose. */
export const tabStepArbitrary: fc.Arbitrary<TabStep> = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constant('edit' as const),
      tab,
      post,
      field,
      value: fc.constantFrom<ValueChoice>('saved', 'a', 'b', 'c'),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ type: fc.constant('undo' as const), tab }), weight: 1 },
  { arbitrary: fc.record({ type: fc.constant('redo' as const), tab }), weight: 1 },
  {
    arbitrary: fc.record({ type: fc.constant('save' as const), tab, post, succeeds: fc.boolean() }),
    weight: 4,
  },
  { arbitrary: fc.record({ type: fc.constant('crash' as const), tab }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('restore' as const), tab }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('decline' as const), tab }), weight: 1 },
  {
    arbitrary: fc.record({
      type: fc.constant('otherSaves' as const),
      post,
      field,
      value: fc.constantFrom<'x' | 'y'>('x', 'y'),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ type: fc.constant('refresh' as const), tab, post }), weight: 3 },
  {
    arbitrary: fc.record({
      type: fc.constant('resolve' as const),
      tab,
      post,
      choice: fc.constantFrom<'mine' | 'theirs'>('mine', 'theirs'),
    }),
    weight: 1,
  },
);

type Post = EntityRecord<Record<string, unknown>>;
type Values = Record<string, unknown>;

/** `post/field` */
function slot(postIndex: number, name: string): string {
  return `${postIndex}/${name}`;
}

/** One tab: its store, its posts, and the model of the version each of its edits started from. */
interface Tab {
  readonly name: string;
  readonly store: RootStore;
  readonly posts: readonly Post[];
  /** Per `post/field`: the saved value the tab's current edit started from (what the user saw). */
  readonly bases: Map<string, unknown>;
}

/** The unsaved work of a crashed tab, waiting to be restored or declined. */
interface CrashedTab {
  readonly writer: string;
  /** Per `post/field`: the unsaved value, and the base it started from. */
  readonly unsaved: Map<string, { value: unknown; base: unknown }>;
}

/** The value of the field the user has not saved: the edit, or the local side of an unanswered conflict. */
function unsavedValue(record: Post, name: string): { has: boolean; value: unknown } {
  const edits = record.nonTransientEdits as Values;
  if (Object.prototype.hasOwnProperty.call(edits, name)) return { has: true, value: edits[name] };
  const conflict = record.conflict;
  if (conflict !== undefined && conflict.fields.includes(name))
    return { has: true, value: (conflict.local as Values)[name] };
  return { has: false, value: undefined };
}

class TabsScene {
  readonly server = new TabsServer();
  readonly journal: MemoryJournal = memoryJournal();
  readonly tabs: Tab[] = [];
  private readonly byName = new Map<string, Tab>();
  private readonly crashed: CrashedTab[] = [];
  private readonly disposed: RootStore[] = [];
  /** What the server found wrong with a save: thrown after the step (a throw inside the request would only fail that save). */
  private readonly violations: string[] = [];
  private opened = 0;

  constructor() {
    this.server.onSave = (save) => this.checkSave(save);
  }

  async start(): Promise<void> {
    this.tabs.push(await this.open(), await this.open());
  }

  async open(): Promise<Tab> {
    this.opened += 1;
    const name = `tab ${this.opened}`;
    const store = new RootStore({
      transport: this.server.transportFor(name),
      journal: this.journal,
      conflicts: 'detect',
      gcTimeMs: Infinity,
    });
    store.entities.register(new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', restBase: 'posts' }));
    const collection = store.collection('postType', 'post');
    const posts: Post[] = [];
    for (const id of TAB_POST_IDS) posts.push((await collection.fetch(id)) as Post);
    const opened: Tab = { name, store, posts, bases: new Map() };
    this.byName.set(name, opened);
    return opened;
  }

  /** The server checks each save before storing it: nothing it changes was unseen by its tab. */
  private checkSave(save: SaveSeen): void {
    const sender = this.byName.get(save.tab);
    if (sender === undefined) {
      this.violations.push(`a save from a tab that is gone: ${save.tab}`);
      return;
    }
    const postIndex = TAB_POST_IDS.indexOf(save.id as 1 | 2);
    for (const name of TAB_FIELDS) {
      if (typeof save.body[name] !== 'string' || save.body[name] === save.before[name]) continue;
      const started = sender.bases.get(slot(postIndex, name));
      if (save.before[name] !== started) {
        this.violations.push(
          `${save.tab} saved ${name} of post ${save.id} over ${JSON.stringify(save.before[name])}, a value it never saw (its edit started from ${JSON.stringify(started)})`,
        );
      }
    }
  }

  /** Fails the run with what the server found wrong during the step. */
  checkViolations(): void {
    assert.deepEqual(this.violations, [], 'no save may overwrite a server change its tab did not see');
  }

  /** After each step: a field that gained an edit started from the saved value the tab shows now. */
  noteBases(): void {
    for (const each of this.tabs) {
      each.posts.forEach((record, postIndex) => {
        for (const name of TAB_FIELDS) {
          const key = slot(postIndex, name);
          if (!unsavedValue(record, name).has) each.bases.delete(key);
          else if (!each.bases.has(key)) each.bases.set(key, (record.raw as Values | undefined)?.[name]);
        }
      });
    }
  }

  async run(step: TabStep): Promise<void> {
    switch (step.type) {
      case 'edit': {
        const record = this.tabs[step.tab]?.posts[step.post] as Post;
        const value = step.value === 'saved' ? (record.raw as Values)[step.field] : step.value;
        record.edit({ [step.field]: value });
        return;
      }
      case 'undo':
        this.tabs[step.tab]?.store.undo();
        return;
      case 'redo':
        this.tabs[step.tab]?.store.redo();
        return;
      case 'save': {
        const record = this.tabs[step.tab]?.posts[step.post] as Post;
        const saves = this.server.saves;
        if (!step.succeeds) this.server.failNext();
        await record.save();
        if (this.server.saves === saves) this.server.cancelFaults();
        return;
      }
      case 'crash':
        await this.crash(step.tab);
        return;
      case 'restore':
        await this.restore(step.tab);
        return;
      case 'decline': {
        const writers = new Set(this.crashed.map((each) => each.writer));
        const store = (this.tabs[step.tab] as Tab).store;
        const offered = (await store.readJournal()).filter((entry) => writers.has(entry.writer));
        await store.discardJournal(offered);
        this.crashed.length = 0;
        return;
      }
      case 'otherSaves':
        this.server.change(TAB_POST_IDS[step.post], step.field, step.value);
        return;
      case 'refresh':
        await (this.tabs[step.tab]?.posts[step.post] as Post).fetch();
        return;
      case 'resolve': {
        const current = this.tabs[step.tab] as Tab;
        const record = current.posts[step.post] as Post;
        const conflict = record.conflict;
        if (conflict === undefined) return;
        // The user is shown their values: answering starts the fields from what the dialog showed.
        for (const name of conflict.fields)
          current.bases.set(slot(step.post, name), (conflict.server as Values)[name]);
        record.resolveConflict(step.choice);
        return;
      }
    }
  }

  /** The tab's store is gone without a word (its journal is written: the contract's second has passed). */
  private async crash(index: TabIndex): Promise<void> {
    const gone = this.tabs[index] as Tab;
    await gone.store.flushJournal();
    const unsaved = new Map<string, { value: unknown; base: unknown }>();
    gone.posts.forEach((record, postIndex) => {
      for (const name of TAB_FIELDS) {
        const { has, value } = unsavedValue(record, name);
        if (has) unsaved.set(slot(postIndex, name), { value, base: gone.bases.get(slot(postIndex, name)) });
      }
    });
    this.crashed.push({ writer: gone.store.journalWriter as string, unsaved });
    gone.store.dispose();
    this.disposed.push(gone.store);
    this.tabs[index] = await this.open();
  }

  /** The new tab restores what the crashed tabs left, and every unsaved edit of theirs is back. */
  private async restore(index: TabIndex): Promise<void> {
    const current = this.tabs[index] as Tab;
    const writers = new Set(this.crashed.map((each) => each.writer));
    const offered = (await current.store.readJournal()).filter((entry) => writers.has(entry.writer));
    await current.store.restoreJournal(offered);
    for (const [key, candidates] of this.candidates()) {
      const [postIndex, name] = key.split('/') as [string, TabField];
      const record = current.posts[Number(postIndex)] as Post;
      const shown = (record.edited as Values | undefined)?.[name];
      const conflict = record.conflict;
      const inConflict = conflict !== undefined && conflict.fields.includes(name);
      const match = candidates.find(
        (each) => each.value === shown || (inConflict && (conflict.local as Values)[name] === each.value),
      );
      assert.ok(
        match !== undefined,
        `after a restore, the unsaved ${name} of post ${TAB_POST_IDS[Number(postIndex)]} (${candidates.map((each) => JSON.stringify(each.value)).join(' or ')}) is lost: the record shows ${JSON.stringify(shown)}${inConflict ? `, its conflict keeps ${JSON.stringify((conflict.local as Values)[name])}` : ''}`,
      );
      // The restored edit starts from the version the crashed tab's edit started from.
      if (!inConflict && unsavedValue(record, name).has) current.bases.set(key, match.base);
    }
    this.crashed.length = 0;
  }

  /** Per `post/field`, the unsaved values (and their bases) of every crashed tab not yet restored. */
  private candidates(): Map<string, { value: unknown; base: unknown }[]> {
    const all = new Map<string, { value: unknown; base: unknown }[]>();
    for (const gone of this.crashed) {
      for (const [key, unsaved] of gone.unsaved) {
        const list = all.get(key);
        if (list === undefined) all.set(key, [unsaved]);
        else list.push(unsaved);
      }
    }
    return all;
  }

  dispose(): void {
    for (const each of this.tabs) each.store.dispose();
  }
}

/** Runs one sequence on fresh tabs, checking the invariants as it goes. */
export async function runTabSequence(steps: readonly TabStep[]): Promise<void> {
  const scene = new TabsScene();
  await scene.start();
  try {
    for (const step of steps) {
      await scene.run(step);
      scene.checkViolations();
      scene.noteBases();
    }
  } finally {
    scene.dispose();
  }
}

/** The property: every sequence keeps both invariants. */
export function twoTabProperty(maxSteps: number): fc.IAsyncPropertyWithHooks<[TabStep[]]> {
  return fc.asyncProperty(fc.array(tabStepArbitrary, { minLength: 1, maxLength: maxSteps }), (steps) =>
    runTabSequence(steps),
  );
}
