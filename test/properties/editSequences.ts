/**
 * Random sequences over three posts × three fields (`title`, `content`, and the transient `blocks`)
 * of what an editor does: edit (values including the saved one, cached or not), undo, redo,
 * createUndoLevel, undo then redo, redo then undo, a save that succeeds, a save that fails, a save with an edit, undo or redo made
 * while it is in flight, a newer server copy received, and discard (every edited field typed back
 * to its saved value). After every step the invariants below are checked; a sequence that breaks one
 * is shrunk by fast-check to the shortest that still does.
 *
 * Shared by the CI run (`npm test`, 10,000 sequences) and the soak (`npm run test:soak`, 100,000).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { EntityRecord } from '../../models/EntityRecord.js';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import { deepEqual } from '../../models/snapshot.js';
import { RootStore } from '../../stores/RootStore.js';
import { POST_IDS, SequenceServer } from './sequenceServer.js';

const FIELDS = ['title', 'content', 'blocks'] as const;
type Field = (typeof FIELDS)[number];
/** `saved` is the field's current saved value; the letters are other values. */
const VALUES = ['saved', 'a', 'b', 'c'] as const;
type ValueChoice = (typeof VALUES)[number];
type RecordIndex = 0 | 1 | 2;

type Edit = { type: 'edit'; record: RecordIndex; field: Field; value: ValueChoice; cached: boolean };
type DuringSave = Edit | { type: 'undo' } | { type: 'redo' };

/** One step of a sequence. */
export type Step =
  | Edit
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'createUndoLevel' }
  | { type: 'undoThenRedo' }
  | { type: 'redoThenUndo' }
  | { type: 'save'; record: RecordIndex; succeeds: boolean; during: DuringSave | null }
  | { type: 'serverCopy'; record: RecordIndex; field: 'title' | 'content'; value: 'a' | 'b' | 'c' }
  | { type: 'discard'; record: RecordIndex };

const recordIndex = fc.constantFrom<RecordIndex>(0, 1, 2);
const edit: fc.Arbitrary<Edit> = fc.record({
  type: fc.constant('edit' as const),
  record: recordIndex,
  field: fc.constantFrom(...FIELDS),
  value: fc.constantFrom(...VALUES),
  cached: fc.boolean(),
});

/** Any step, edits weighted up so sequences have something to undo and save. */
export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: edit, weight: 6 },
  { arbitrary: fc.constant({ type: 'undo' as const }), weight: 2 },
  { arbitrary: fc.constant({ type: 'redo' as const }), weight: 2 },
  { arbitrary: fc.constant({ type: 'createUndoLevel' as const }), weight: 1 },
  { arbitrary: fc.constant({ type: 'undoThenRedo' as const }), weight: 1 },
  { arbitrary: fc.constant({ type: 'redoThenUndo' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      type: fc.constant('save' as const),
      record: recordIndex,
      succeeds: fc.boolean(),
      during: fc.option(
        fc.oneof(edit, fc.constant({ type: 'undo' as const }), fc.constant({ type: 'redo' as const })),
        { freq: 2 },
      ),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      type: fc.constant('serverCopy' as const),
      record: recordIndex,
      field: fc.constantFrom('title' as const, 'content' as const),
      value: fc.constantFrom('a' as const, 'b' as const, 'c' as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ type: fc.constant('discard' as const), record: recordIndex }), weight: 1 },
);

/** Sequences of 1 to `maxSteps` steps. */
export function sequenceArbitrary(maxSteps: number): fc.Arbitrary<Step[]> {
  return fc.array(stepArbitrary, { minLength: 1, maxLength: maxSteps });
}

type Post = EntityRecord<Record<string, unknown>>;

/** One store over a fresh server, with the three posts cached. */
class Scene {
  readonly server = new SequenceServer();
  readonly store = new RootStore({ transport: this.server });
  readonly config = new PostTypeConfig({ name: 'post', baseURL: '/wp/v2/posts', restBase: 'posts' });
  readonly posts: readonly Post[];

  constructor() {
    this.store.entities.register(this.config);
    const collection = this.store.collection('postType', 'post');
    collection.receive(POST_IDS.map((id) => ({ ...this.server.post(id) })));
    this.posts = POST_IDS.map((id) => collection.record(id) as Post);
  }

  post(index: RecordIndex): Post {
    return this.posts[index] as Post;
  }

  /** What `choice` means for `field` of `post` now. */
  value(post: Post, field: Field, choice: ValueChoice): unknown {
    if (choice !== 'saved') return choice;
    return (post.raw as Record<string, unknown> | undefined)?.[field];
  }

  /** The edited value of every field of every post. */
  editedValues(): unknown[] {
    return this.posts.map((post) => FIELDS.map((field) => (post.edited as Record<string, unknown>)[field]));
  }

  edit(step: Edit): void {
    const post = this.post(step.record);
    const before = this.editedValues();
    post.edit({ [step.field]: this.value(post, step.field, step.value) }, { isCached: step.cached });
    if (!deepEqual(before, this.editedValues())) {
      assert.equal(
        this.store.history.hasRedo,
        false,
        'an edit that changed a value must drop the redo steps',
      );
    }
  }

  apply(step: DuringSave): void {
    if (step.type === 'edit') this.edit(step);
    else if (step.type === 'undo') this.store.undo();
    else this.store.redo();
  }
}

function nonTransientDiffers(post: Post, transient: ReadonlySet<string>): boolean {
  const raw = (post.raw ?? {}) as Record<string, unknown>;
  const edits = post.edits as Record<string, unknown>;
  return Object.keys(edits).some((key) => !transient.has(key) && !deepEqual(edits[key], raw[key]));
}

/** `edits` without the fields whose value is the saved one. */
function withoutSavedValues(post: Post, edits: object): Record<string, unknown> {
  const raw = (post.raw ?? {}) as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edits)) if (!deepEqual(value, raw[key])) result[key] = value;
  return result;
}

/** The invariants that hold between any two steps. */
function checkInvariants(scene: Scene, after: Step): void {
  const transient = scene.config.transientEdits;
  for (const post of scene.posts) {
    const label = `post ${String(post.id)} after ${after.type}`;
    assert.equal(
      post.hasEdits,
      nonTransientDiffers(post, transient),
      `${label}: hasEdits must be true exactly when a non-transient edit differs from the saved raw value (edits ${JSON.stringify(post.edits)}, raw title ${JSON.stringify(post.raw?.title)}, content ${JSON.stringify(post.raw?.content)})`,
    );
    assert.equal(post.isSaving, false, `${label}: no save is in flight between steps`);
    assert.equal(post.isDirty, post.hasEdits, `${label}: isDirty must equal hasEdits when not saving`);
  }
  const dirty = new Set(scene.store.dirtyRecords);
  const expected = scene.posts.filter((post) => post.isDirty);
  assert.equal(
    dirty.size,
    expected.length,
    `after ${after.type}: store.dirtyRecords must hold exactly the dirty records`,
  );
  for (const post of expected)
    assert.ok(
      dirty.has(post),
      `after ${after.type}: post ${String(post.id)} is dirty but not in store.dirtyRecords`,
    );
  assert.equal(scene.store.savingRecords.length, 0, `after ${after.type}: store.savingRecords must be empty`);
}

async function save(scene: Scene, step: Extract<Step, { type: 'save' }>): Promise<void> {
  const post = scene.post(step.record);
  const editsBefore = post.edits;
  const savesBefore = scene.server.saves;
  if (!step.succeeds) scene.server.failNext();
  const held = step.during === null ? undefined : scene.server.hold();
  const saving = post.save();
  let editedBeforeAnswer = scene.editedValues();
  let editsAtAnswer = post.edits;
  if (held !== undefined && step.during !== null) {
    // The save may send nothing (no edits): then nothing is held and nothing is in flight.
    const arrived = await Promise.race([held.caught.then(() => true), saving.then(() => false)]);
    if (arrived) {
      scene.apply(step.during);
      editedBeforeAnswer = scene.editedValues();
      editsAtAnswer = post.edits;
      held.release();
    }
  }
  await saving;
  const sent = scene.server.saves > savesBefore;
  if (!sent) {
    // Nothing was sent, so the failure and the hold set up for this save are unused: drop them.
    scene.server.cancelFaults();
    assert.equal(post.saveError, undefined, 'a save with nothing to send leaves no saveError');
    return;
  }
  assert.deepEqual(
    scene.editedValues(),
    editedBeforeAnswer,
    `the answer of a ${step.succeeds ? 'successful' : 'failed'} save must not change what the user sees`,
  );
  if (step.succeeds) {
    assert.equal(post.saveError, undefined, 'a successful save clears saveError');
  } else {
    assert.notEqual(post.saveError, undefined, 'a failed save stores its error');
    if (step.during === null)
      assert.deepEqual(post.edits, editsBefore, 'a failed save leaves the edits exactly as they were');
    else {
      // While the save was in flight an edit of a sent field equal to the saved value is kept (the
      // answer could have changed the saved value); after a failure it means no change and goes.
      assert.deepEqual(
        post.edits,
        withoutSavedValues(post, editsAtAnswer),
        'a failed save leaves the edits as they were when it answered',
      );
    }
  }
}

async function run(scene: Scene, step: Step): Promise<void> {
  switch (step.type) {
    case 'edit':
      scene.edit(step);
      return;
    case 'undo':
      scene.store.undo();
      return;
    case 'redo':
      scene.store.redo();
      return;
    case 'createUndoLevel':
      scene.store.history.createUndoLevel();
      return;
    case 'undoThenRedo': {
      if (!scene.store.history.hasUndo) return;
      const before = scene.editedValues();
      scene.store.undo();
      scene.store.redo();
      assert.deepEqual(scene.editedValues(), before, 'undo then redo must restore the same edited values');
      return;
    }
    case 'redoThenUndo': {
      if (!scene.store.history.hasRedo) return;
      const before = scene.editedValues();
      scene.store.redo();
      scene.store.undo();
      assert.deepEqual(scene.editedValues(), before, 'redo then undo must restore the same edited values');
      return;
    }
    case 'save':
      await save(scene, step);
      return;
    case 'serverCopy': {
      const id = POST_IDS[step.record];
      scene.store
        .collection('postType', 'post')
        .receive({ ...scene.server.change(id, step.field, step.value) });
      return;
    }
    case 'discard': {
      const post = scene.post(step.record);
      const raw = (post.raw ?? {}) as Record<string, unknown>;
      const back: Record<string, unknown> = {};
      for (const key of Object.keys(post.edits)) back[key] = raw[key];
      post.edit(back);
      assert.equal(post.hasEdits, false, 'a record whose every field is back at its saved value is clean');
      return;
    }
  }
}

/** Runs one sequence on a fresh store, checking the invariants after every step. */
export async function runSequence(steps: readonly Step[]): Promise<void> {
  const scene = new Scene();
  for (const step of steps) {
    await run(scene, step);
    checkInvariants(scene, step);
  }
  scene.store.dispose();
}

/** The property: every sequence keeps every invariant. */
export function editSequenceProperty(maxSteps: number): fc.IAsyncPropertyWithHooks<[Step[]]> {
  return fc.asyncProperty(sequenceArbitrary(maxSteps), (steps) => runSequence(steps));
}
