/**
 * Never lose work, part 3 (issue 40), through the public API on the mock WordPress: a journal
 * that cannot be read whole says so (`journalError`, naming the storage, the entries lost and where
 * their text was kept) and offers every entry that can still be read; a conflict restored after a
 * reload still stops the save; a journal storage of the wrong shape is refused when it is made.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isArgumentError, isConflictError, isJournalError, type JournalError } from '../../core/errors.js';
import {
  fileJournal,
  localStorageJournal,
  memoryJournal,
  type Journal,
  type JournalStorageArea,
} from '../../src/journal/index.js';
import { createMockWordPress } from '../../src/testing/index.js';
import type { RootStore } from '../../stores/RootStore.js';
import { storageArea } from '../helpers/storageArea.js';
import { mockStore, openPost } from '../helpers/mockStore.js';

const mock = createMockWordPress();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.reset());

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const storeOn = (journal: Journal, conflicts: 'detect' | 'overwrite' = 'overwrite'): RootStore =>
  mockStore(mock, { journal, conflicts });

/** An earlier page edits the title of three posts, journals them and dies. */
async function threeUnsavedTitles(journal: Journal): Promise<number[]> {
  const ids = [1, 2, 3].map((n) => mock.addPost('post', { title: `Saved ${n}` }));
  const before = storeOn(journal);
  for (const [index, id] of ids.entries())
    (await openPost(before, id)).edit({ title: `Unsaved ${index + 1}` });
  await before.flushJournal();
  before.dispose();
  return ids;
}

/** The key each entry of `text` (one writer's document) is stored under, in document order. */
function keysOf(text: string): string[] {
  return Object.keys(JSON.parse(text) as object);
}

function journalErrorOf(store: RootStore): JournalError {
  const error = store.journalError;
  expect(isJournalError(error), `journalError is ${String(error)}`).toBe(true);
  return error as JournalError;
}

describe('a journal that cannot be read whole', () => {
  it('a localStorage value cut in half: reports the lost entry and its kept copy, and restores the rest', async () => {
    const area = storageArea();
    const ids = await threeUnsavedTitles(localStorageJournal({ storage: area }));
    const [item, whole] = [...area.items][0] as [string, string];
    const [first, second, third] = keysOf(whole) as [string, string, string];
    // The earlier page died writing: the value ends in the middle of the third entry.
    const torn = whole.slice(0, whole.indexOf(third) + third.length + 40);
    area.setItem(item, torn);

    const after = storeOn(localStorageJournal({ storage: area }));
    const offered = await after.readJournal();
    expect(offered.map((entry) => entry.key)).toEqual([first, second]);
    const error = journalErrorOf(after);
    expect(error.storage).toBe('localStorage wp-entities-journal');
    expect(error.unreadable).toEqual([third]);
    expect(error.damagedCopy).toBe(`localStorage item '${item}:damaged'`);
    expect(error.message).toContain(third);
    // The copy is there as soon as the damage is reported, before anything rewrites the item.
    expect(area.getItem(`${item}:damaged`)).toBe(torn);

    const restored = await after.restoreJournal();
    expect(restored.map((post) => [post.id, post.edits])).toEqual([
      [ids[0], { title: 'Unsaved 1' }],
      [ids[1], { title: 'Unsaved 2' }],
    ]);
    expect(isJournalError(after.journalError)).toBe(true);
    await after.flushJournal();
    expect(area.getItem(`${item}:damaged`)).toBe(torn);
  });

  it('salvages per entry: a damaged entry in the middle costs that entry only', async () => {
    const area = storageArea();
    const ids = await threeUnsavedTitles(localStorageJournal({ storage: area }));
    const [item, whole] = [...area.items][0] as [string, string];
    const [, second] = keysOf(whole) as [string, string];
    // A damaged stretch inside the second entry; the document goes on, whole, after it.
    const damaged = whole.replace('"Unsaved 2"', '"Unsaved 2"\u0000garbage');
    area.setItem(item, damaged);

    const after = storeOn(localStorageJournal({ storage: area }));
    const restored = await after.restoreJournal();
    expect(restored.map((post) => [post.id, post.edits])).toEqual([
      [ids[0], { title: 'Unsaved 1' }],
      [ids[2], { title: 'Unsaved 3' }],
    ]);
    expect(journalErrorOf(after).unreadable).toEqual([second]);
  });

  it('a journal file cut short: reports it, keeps the text in {path}.damaged at once, and restores the rest', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'wp-entities-journal-'));
    folders.push(folder);
    const path = join(folder, 'journal.json');
    const ids = await threeUnsavedTitles(fileJournal(path));
    const whole = await readFile(path, 'utf8');
    const truncated = whole.slice(0, Math.floor(whole.length / 2));
    await writeFile(path, truncated);
    const kept = Object.entries(JSON.parse(whole) as object)
      .filter(([key, entry]) => truncated.includes(`${JSON.stringify(key)}:${JSON.stringify(entry)}`))
      .map(([key]) => key);

    const after = storeOn(fileJournal(path));
    const offered = await after.readJournal();
    const error = journalErrorOf(after);
    expect(error.storage).toBe(path);
    expect(error.damagedCopy).toBe(`the file ${path}.damaged`);
    expect(await readFile(`${path}.damaged`, 'utf8')).toBe(truncated);
    // Every entry is offered, or named as lost (a key cut short by what is left of it), or after
    // the cut the message says may have been lost too.
    expect(offered.map((entry) => entry.key)).toEqual(kept);
    const firstLost = keysOf(whole)[kept.length] as string;
    expect(error.unreadable).toHaveLength(1);
    expect(firstLost.startsWith((error.unreadable[0] as string).replace(/…$/, ''))).toBe(true);
    expect(error.message).toMatch(/entries written after it, if any, are lost too/);
    const restored = await after.restoreJournal();
    expect(restored.map((post) => post.id)).toEqual(ids.slice(0, kept.length));
  });

  it('a whole journal reports nothing, and a later whole read clears the report', async () => {
    const area = storageArea();
    await threeUnsavedTitles(localStorageJournal({ storage: area }));
    const [item, whole] = [...area.items][0] as [string, string];
    area.setItem(item, whole.slice(0, -30));
    const after = storeOn(localStorageJournal({ storage: area }));
    await after.readJournal();
    expect(isJournalError(after.journalError)).toBe(true);
    area.setItem(item, whole);
    await after.readJournal();
    expect(after.journalError).toBeUndefined();
  });
});

describe('a conflict restored after a reload', () => {
  it.each(['detect', 'overwrite'] as const)(
    'is my value as an unsaved edit in conflict, and a save rejects until I answer (conflicts: %s)',
    async (mode) => {
      const journal = memoryJournal();
      const id = mock.addPost('post', { title: 'Original' });
      const before = storeOn(journal, 'detect');
      const post = await openPost(before, id);
      post.edit({ title: 'Mine' });
      const other = storeOn(memoryJournal());
      const theirs = await openPost(other, id);
      theirs.edit({ title: 'Theirs' });
      await theirs.save({ throwOnError: true });
      expect(await post.save()).toBeUndefined();
      expect(post.conflict?.fields).toEqual(['title']);
      await before.flushJournal();
      before.dispose();

      const after = storeOn(journal, mode);
      const [restored] = await after.restoreJournal();
      if (restored === undefined) throw new Error('nothing restored');
      expect(restored.isDirty).toBe(true);
      expect(restored.edits).toEqual({ title: 'Mine' });
      expect(restored.conflict).toMatchObject({ local: { title: 'Mine' }, server: { title: 'Theirs' } });
      mock.clearRequests();
      const error = await restored.save({ throwOnError: true }).catch((e: unknown) => e);
      expect(isConflictError(error)).toBe(true);
      expect(mock.requests.filter((request) => request.method !== 'GET')).toEqual([]);
      expect(mock.getPost(id)?.title).toBe('Theirs');
      // A second reload before the answer: still mine, still in conflict.
      await after.flushJournal();
      after.dispose();
      const third = storeOn(journal, mode);
      const [again] = await third.restoreJournal();
      expect(again?.edits).toEqual({ title: 'Mine' });
      expect(isConflictError(await again?.save({ throwOnError: true }).catch((e: unknown) => e))).toBe(true);

      again?.resolveConflict('mine');
      await again?.save({ throwOnError: true });
      expect(mock.getPost(id)?.title).toBe('Mine');
    },
  );
});

describe('a journal storage of the wrong shape', () => {
  it('is refused by localStorageJournal with an ArgumentError naming what is missing', () => {
    const items = new Map<string, string>();
    const partial = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as unknown as JournalStorageArea;
    let error: unknown;
    try {
      localStorageJournal({ storage: partial });
    } catch (caught) {
      error = caught;
    }
    expect(isArgumentError(error)).toBe(true);
    expect((error as Error).message).toMatch(/key \(a function\), length \(a number\)/);
  });

  it('is refused by the store: a journal without read and write', () => {
    const make = () => storeOn({ label: 'mine' } as unknown as Journal);
    expect(make).toThrow(/lacks read \(a function\), write \(a function\)/);
    let error: unknown;
    try {
      make();
    } catch (caught) {
      error = caught;
    }
    expect(isArgumentError(error)).toBe(true);
  });

  it('is refused by fileJournal: a path that is not a string', () => {
    expect(() => fileJournal(undefined as unknown as string)).toThrow(/fileJournal\(path\)/);
  });
});
