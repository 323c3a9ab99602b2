/**
 * The journal recorder on plain records: when it writes, what an entry holds, and what a failed
 * write does.
 */
import { autorun } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isJournalError, JournalError } from '../../core/errors.js';
import { memoryJournal } from '../../src/journal/index.js';
import { JournalRecorder, type JournaledRecord } from '../../stores/journal/JournalRecorder.js';

/** A record whose edits a test sets by hand. */
function plainRecord(
  id: number | undefined,
  raw: object = { title: 'Saved', modified_gmt: '2024-01-01T10:00:00' },
) {
  const record = {
    kind: 'postType',
    name: 'post',
    id,
    config: { singleton: false },
    nonTransientEdits: {} as Record<string, unknown>,
    raw,
  } satisfies JournaledRecord;
  return record;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('JournalRecorder', () => {
  it('writes a noted record within a second, with its edits, their saved values and modified_gmt', async () => {
    const journal = memoryJournal();
    const recorder = new JournalRecorder(journal, { writer: 'tab-1', now: () => 42 });
    const record = plainRecord(5);
    record.nonTransientEdits = { title: 'Edited', content: 'New body', footnotes: () => 'deferred' };
    recorder.note(record);
    expect(journal.writeCount).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(journal.writeCount).toBe(1);
    expect([...journal.entries.values()]).toEqual([
      {
        key: 'tab-1|postType/post/5',
        writer: 'tab-1',
        record: 'postType/post/5',
        kind: 'postType',
        name: 'post',
        id: 5,
        edits: { title: 'Edited', content: 'New body' },
        base: { title: 'Saved', content: null },
        modifiedGmt: '2024-01-01T10:00:00',
        writtenAtMs: 42,
      },
    ]);
    expect(recorder.size).toBe(1);
  });

  it('writes a burst of 1,000 edits once', async () => {
    const journal = memoryJournal();
    const recorder = new JournalRecorder(journal, { writer: 'tab-1' });
    const record = plainRecord(5);
    for (let index = 0; index < 1000; index++) {
      record.nonTransientEdits = { title: `Edit ${index}` };
      recorder.note(record);
    }
    await vi.advanceTimersByTimeAsync(1000);
    expect(journal.writeCount).toBe(1);
    expect(journal.entries.get('tab-1|postType/post/5')?.edits).toEqual({ title: 'Edit 999' });
  });

  it('removes the entry of a record whose edits are gone (saved or discarded) at once', async () => {
    const journal = memoryJournal();
    const recorder = new JournalRecorder(journal, { writer: 'tab-1' });
    const record = plainRecord(5);
    record.nonTransientEdits = { title: 'Edited' };
    recorder.note(record);
    await recorder.flush();
    record.nonTransientEdits = {};
    recorder.note(record);
    // At once, not after the flush delay: a tab closed right after a save leaves nothing stale.
    await vi.advanceTimersByTimeAsync(0);
    expect(journal.entries.size).toBe(0);
    expect(recorder.size).toBe(0);
  });

  it('writes nothing for a record that never had an entry and has no edits', async () => {
    const journal = memoryJournal();
    const recorder = new JournalRecorder(journal, { writer: 'tab-1' });
    recorder.note(plainRecord(5));
    await recorder.flush();
    expect(journal.writeCount).toBe(0);
  });

  it('journals a new record that has no id yet, and moves its entry to its id once it is saved', async () => {
    const journal = memoryJournal();
    const recorder = new JournalRecorder(journal, { writer: 'tab-1' });
    const record: { id: number | undefined } & ReturnType<typeof plainRecord> = plainRecord(undefined, {});
    record.nonTransientEdits = { title: 'Draft', content: 'Body' };
    recorder.note(record);
    await recorder.flush();
    expect([...journal.entries.values()]).toEqual([
      expect.objectContaining({
        key: 'tab-1|postType/post/new:tab-1.1',
        record: 'postType/post/new:tab-1.1',
        isNew: true,
        edits: { title: 'Draft', content: 'Body' },
        base: { title: null, content: null },
      }),
    ]);
    // Its first save named it: the entry moves at once, without waiting for the flush delay.
    record.id = 12;
    record.nonTransientEdits = { content: 'Typed while it saved' };
    recorder.note(record);
    await vi.advanceTimersByTimeAsync(0);
    expect([...journal.entries.keys()]).toEqual(['tab-1|postType/post/12']);
  });

  it('tries a failed write again with backoff until it is stored, with no further edit', async () => {
    const journal = memoryJournal();
    const recorder = new JournalRecorder(journal, { writer: 'tab-1' });
    journal.failWritesWith(new JournalError('The quota has been exceeded.'));
    const record = plainRecord(5);
    record.nonTransientEdits = { title: 'Edited' };
    recorder.note(record);
    await vi.advanceTimersByTimeAsync(400);
    expect(recorder.error?.message).toBe('The quota has been exceeded.');
    // Fails for a while (the tries back off), then the storage has room again.
    await vi.advanceTimersByTimeAsync(5000);
    expect(journal.entries.size).toBe(0);
    journal.failWritesWith(undefined);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(journal.entries.size).toBe(1);
    expect(recorder.error).toBeUndefined();
  });

  it('never removes another writer’s entry of the same record; it drops one only when adopting or discarding it', async () => {
    const journal = memoryJournal();
    const tab1 = new JournalRecorder(journal, { writer: 'tab-1' });
    const tab2 = new JournalRecorder(journal, { writer: 'tab-2' });
    const inTab1 = plainRecord(5);
    const inTab2 = plainRecord(5);
    inTab1.nonTransientEdits = { title: 'Tab 1' };
    inTab2.nonTransientEdits = { content: 'Tab 2' };
    tab1.note(inTab1);
    tab2.note(inTab2);
    await tab1.flush();
    await tab2.flush();
    inTab1.nonTransientEdits = {};
    tab1.note(inTab1);
    await tab1.flush();
    expect([...journal.entries.keys()]).toEqual(['tab-2|postType/post/5']);
    await tab1.discard(['tab-1|postType/post/5']);
    expect(journal.entries.size).toBe(1);
    await tab1.discard(['tab-2|postType/post/5']);
    expect(journal.entries.size).toBe(0);
  });

  it('shows a failed write as an observable error, and the next write keeps the edits and clears it', async () => {
    const journal = memoryJournal();
    const recorder = new JournalRecorder(journal, { writer: 'tab-1' });
    const seen: (Error | undefined)[] = [];
    const stop = autorun(() => seen.push(recorder.error));
    journal.failWritesWith(new JournalError('The quota has been exceeded.'));
    const record = plainRecord(5);
    record.nonTransientEdits = { title: 'Edited' };
    recorder.note(record);
    await recorder.flush();
    expect(isJournalError(recorder.error)).toBe(true);
    expect(journal.entries.size).toBe(0);

    journal.failWritesWith(undefined);
    const other = plainRecord(6);
    other.nonTransientEdits = { title: 'Other' };
    recorder.note(other);
    await vi.advanceTimersByTimeAsync(1000);
    expect(recorder.error).toBeUndefined();
    expect([...journal.entries.keys()].sort()).toEqual(['tab-1|postType/post/5', 'tab-1|postType/post/6']);
    expect(seen.map((error) => error?.message)).toEqual([
      undefined,
      'The quota has been exceeded.',
      undefined,
    ]);
    stop();
  });

  it('counts entries read from the journal in its size', async () => {
    const journal = memoryJournal();
    const writer = new JournalRecorder(journal, { writer: 'tab-1' });
    const record = plainRecord(5);
    record.nonTransientEdits = { title: 'Edited' };
    writer.note(record);
    await writer.flush();
    const reader = new JournalRecorder(journal, { writer: 'tab-1' });
    expect(reader.size).toBe(0);
    await reader.read();
    expect(reader.size).toBe(1);
  });

  it('stops writing once disposed', async () => {
    const journal = memoryJournal();
    const recorder = new JournalRecorder(journal, { writer: 'tab-1' });
    const record = plainRecord(5);
    record.nonTransientEdits = { title: 'Edited' };
    recorder.note(record);
    recorder.dispose();
    await vi.advanceTimersByTimeAsync(2000);
    expect(journal.writeCount).toBe(0);
  });
});
