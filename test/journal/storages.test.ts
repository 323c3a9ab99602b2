/**
 * The four journal storages behave the same behind the `Journal` seam: what is written is read
 * back, a later write replaces an entry, removed entries are gone, and a storage that cannot be
 * written rejects with a JournalError.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { isJournalError, type JournalError } from '../../core/errors.js';
import {
  fileJournal,
  indexedDbJournal,
  localStorageJournal,
  memoryJournal,
  type Journal,
  type JournalEntry,
} from '../../src/journal/index.js';
import { storageArea } from '../helpers/storageArea.js';
import { journalFailure } from '../../stores/journal/Journal.js';

function entry(id: number, title: string, writer = 'tab-1'): JournalEntry {
  return {
    key: `${writer}|postType/post/${id}`,
    writer,
    record: `postType/post/${id}`,
    kind: 'postType',
    name: 'post',
    id,
    edits: { title, meta: { a: 1 } },
    base: { title: 'Saved', meta: { a: 0 } },
    modifiedGmt: '2024-01-01T10:00:00',
    writtenAtMs: 1_700_000_000_000,
  };
}

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'wp-entities-journal-'));
  folders.push(folder);
  return folder;
}

const storages: [string, () => Promise<Journal>][] = [
  ['memoryJournal', () => Promise.resolve(memoryJournal())],
  ['localStorageJournal', () => Promise.resolve(localStorageJournal({ storage: storageArea() }))],
  ['indexedDbJournal', () => Promise.resolve(indexedDbJournal({ indexedDB: new IDBFactory() }))],
  ['fileJournal', async () => fileJournal(join(await tempFolder(), 'journal.json'))],
];

describe.each(storages)('%s', (_name, make) => {
  it('reads back what was written, a later write of a key replacing the entry', async () => {
    const journal = await make();
    expect(await journal.read()).toEqual([]);
    await journal.write({ put: [entry(1, 'One'), entry(2, 'Two')], remove: [] });
    await journal.write({ put: [entry(1, 'One again')], remove: [] });
    const read = await journal.read();
    expect(read.sort((a, b) => a.key.localeCompare(b.key))).toEqual([entry(1, 'One again'), entry(2, 'Two')]);
  });

  it('drops removed keys, and ignores keys it does not hold', async () => {
    const journal = await make();
    await journal.write({ put: [entry(1, 'One'), entry(2, 'Two')], remove: [] });
    await journal.write({ put: [], remove: ['tab-1|postType/post/1', 'tab-1|postType/post/99'] });
    expect(await journal.read()).toEqual([entry(2, 'Two')]);
  });

  it('keeps the entries of two writers of one record apart: one writer’s write never drops the other’s', async () => {
    const journal = await make();
    await journal.write({ put: [entry(1, 'From tab 1', 'tab-1')], remove: [] });
    await journal.write({ put: [entry(1, 'From tab 2', 'tab-2')], remove: [] });
    await journal.write({ put: [], remove: ['tab-1|postType/post/1'] });
    expect(await journal.read()).toEqual([entry(1, 'From tab 2', 'tab-2')]);
  });
});

describe('localStorageJournal', () => {
  it('rejects with a JournalError when the storage is full, keeping what was there', async () => {
    const area = storageArea(600);
    const journal = localStorageJournal({ storage: area });
    await journal.write({ put: [entry(1, 'One')], remove: [] });
    const error = await journal
      .write({ put: [entry(2, 'x'.repeat(1000))], remove: [] })
      .catch((e: unknown) => e);
    expect(isJournalError(error)).toBe(true);
    expect((error as Error).message).toMatch(/quota/);
    expect(await journal.read()).toEqual([entry(1, 'One')]);
  });

  it('rejects with a JournalError where there is no localStorage (Node, some private modes)', async () => {
    const error = await localStorageJournal()
      .read()
      .catch((e: unknown) => e);
    expect(isJournalError(error)).toBe(true);
  });

  it('keeps each writer in its own item, so two tabs never write the same one', async () => {
    const area = storageArea();
    const journal = localStorageJournal({ storage: area });
    await journal.write({ put: [entry(1, 'One', 'tab-1'), entry(2, 'Two', 'tab-2')], remove: [] });
    expect([...area.items.keys()].sort()).toEqual(['wp-entities-journal:tab-1', 'wp-entities-journal:tab-2']);
  });

  it('reads entries written before entries had writers, and removes them by their key', async () => {
    const area = storageArea();
    const legacy = { ...entry(1, 'Old'), key: 'postType/post/1' } as Record<string, unknown>;
    delete legacy['writer'];
    delete legacy['record'];
    area.setItem('wp-entities-journal', JSON.stringify({ 'postType/post/1': legacy }));
    const journal = localStorageJournal({ storage: area });
    expect(await journal.read()).toEqual([{ ...entry(1, 'Old', ''), key: 'postType/post/1' }]);
    await journal.write({ put: [], remove: ['postType/post/1'] });
    expect(area.items.size).toBe(0);
  });

  it('reads the entries before the tear of a torn item, and copies the item aside before rewriting it', async () => {
    const area = storageArea();
    const good = entry(1, 'One');
    const torn = `{"${good.key}":${JSON.stringify(good)},"tab-1|postType/post/2":{"key":"tab-1|po`;
    area.setItem('wp-entities-journal:tab-1', torn);
    const journal = localStorageJournal({ storage: area });
    expect(await journal.read()).toEqual([good]);
    await journal.write({ put: [entry(3, 'Three')], remove: [] });
    expect(area.getItem('wp-entities-journal:tab-1:damaged')).toBe(torn);
    expect((await journal.read()).map((each) => each.id).sort()).toEqual([1, 3]);
  });

  it('skips what is not a journal document, and entries of another shape', async () => {
    const area = storageArea();
    area.setItem('wp-entities-journal:tab-9', '[1, 2, 3]');
    area.setItem(
      'wp-entities-journal:tab-1',
      JSON.stringify({ a: { key: 'a' }, [entry(1, 'One').key]: entry(1, 'One') }),
    );
    expect(await localStorageJournal({ storage: area }).read()).toEqual([entry(1, 'One')]);
  });

  it('keeps each site under its own key', async () => {
    const area = storageArea();
    await localStorageJournal({ storage: area, key: 'site-a' }).write({ put: [entry(1, 'A')], remove: [] });
    expect(await localStorageJournal({ storage: area, key: 'site-b' }).read()).toEqual([]);
  });
});

describe('indexedDbJournal', () => {
  it('rejects with a JournalError where there is no IndexedDB', async () => {
    const error = await indexedDbJournal()
      .read()
      .catch((e: unknown) => e);
    expect(isJournalError(error)).toBe(true);
  });

  it('is read by a second journal on the same database, as after a reload', async () => {
    const factory = new IDBFactory();
    await indexedDbJournal({ indexedDB: factory, name: 'site' }).write({
      put: [entry(1, 'One')],
      remove: [],
    });
    expect(await indexedDbJournal({ indexedDB: factory, name: 'site' }).read()).toEqual([entry(1, 'One')]);
  });
});

describe('indexedDbJournal damage', () => {
  it('skips a row that is not an entry, leaves it where it is, and reports it by its key', async () => {
    const factory = new IDBFactory();
    const journal = indexedDbJournal({ indexedDB: factory, name: 'site' });
    await journal.write({ put: [entry(1, 'One')], remove: [] });
    // A row written by something else beside the entry.
    await new Promise<void>((resolve, reject) => {
      const open = factory.open('site', 1);
      open.onsuccess = () => {
        const transaction = open.result.transaction('entries', 'readwrite');
        transaction.objectStore('entries').put({ key: 'broken' }, 'tab-9|postType/post/9');
        transaction.oncomplete = () => {
          open.result.close();
          resolve();
        };
        transaction.onerror = () => reject(transaction.error);
      };
    });
    const reports: JournalError[] = [];
    expect(await journal.read((error) => reports.push(error))).toEqual([entry(1, 'One')]);
    expect(reports.map((report) => [report.storage, report.unreadable])).toEqual([
      ['indexedDB site', ['tab-9|postType/post/9']],
    ]);
    expect(reports[0]?.message).toMatch(/left untouched/);
  });
});

describe('journalFailure', () => {
  it("names the storage's error when its message is empty (Chromium's QuotaExceededError of an aborted write)", () => {
    const error = journalFailure('write the journal', new DOMException('', 'QuotaExceededError'));
    expect(isJournalError(error)).toBe(true);
    expect(error.message).toBe('Could not write the journal: QuotaExceededError');
  });
});

describe('fileJournal', () => {
  it('writes through a temporary file and a rename, leaving no temporary file behind', async () => {
    const folder = await tempFolder();
    const path = join(folder, 'journal.json');
    const journal = fileJournal(path);
    await Promise.all([
      journal.write({ put: [entry(1, 'One')], remove: [] }),
      journal.write({ put: [entry(2, 'Two')], remove: [] }),
    ]);
    expect(await readdir(folder)).toEqual(['journal.json']);
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')) as object).sort()).toEqual([
      'tab-1|postType/post/1',
      'tab-1|postType/post/2',
    ]);
  });

  it('keeps a copy of a file it cannot parse before writing, and the entries before a tear', async () => {
    const path = join(await tempFolder(), 'journal.json');
    const good = entry(1, 'One');
    const torn = `{"${good.key}":${JSON.stringify(good)},"tab-1|postType/post/2":{"key":"tab`;
    await writeFile(path, torn);
    const journal = fileJournal(path);
    expect(await journal.read()).toEqual([good]);
    await journal.write({ put: [entry(3, 'Three')], remove: [] });
    expect(await readFile(`${path}.damaged`, 'utf8')).toBe(torn);
    expect((await journal.read()).map((each) => each.id).sort()).toEqual([1, 3]);
  });

  it('rejects with a JournalError when the folder does not exist', async () => {
    const path = join(await tempFolder(), 'missing', 'journal.json');
    const error = await fileJournal(path)
      .write({ put: [entry(1, 'One')], remove: [] })
      .catch((e: unknown) => e);
    expect(isJournalError(error)).toBe(true);
  });
});
