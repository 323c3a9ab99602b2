/**
 * One conflict check for a save and for a journal restore: both decide which edited fields
 * conflict with the server's copy by `compareWithServer`, so the same edits on the same copies are
 * judged alike, and a restore puts back exactly the edits a save would keep.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareWithServer } from '../../models/SaveConflict.js';
import type { PlainObject } from '../../models/snapshot.js';
import { planRestore } from '../../stores/journal/journalRestore.js';

const value = fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.constant(null));
const meta = fc.dictionary(fc.constantFrom('x', 'y', 'z'), fc.constantFrom(1, 2, 3));

/** Three copies of a record (edited, the base the edits started from, the server's now). */
const copies = fc.record({
  edits: fc.record({ title: value, status: value, slug: value, meta }, { requiredKeys: [] }),
  base: fc.record({ title: value, status: value, slug: value, meta }),
  server: fc.record({ title: value, status: value, slug: value, meta }),
});

describe('the save-conflict check', () => {
  it('judges a journal restore as it judges a save: the same conflicts, the same edits kept', () => {
    fc.assert(
      fc.property(copies, ({ edits, base, server }) => {
        const merged = new Set(['meta']);
        const save = compareWithServer(edits as PlainObject, base as PlainObject, server, merged);
        const restore = planRestore(
          { edits: edits as PlainObject, base: base as PlainObject },
          server,
          merged,
        );
        expect(restore.conflicting).toEqual(save.conflicting);
        expect(restore.apply).toEqual(save.standing);
        // Nobody's work is lost: every edited field is either kept or shown as a conflict.
        for (const field of Object.keys(edits))
          expect(field in restore.apply || restore.conflicting.includes(field)).toBe(true);
      }),
    );
  });

  it("keeps a merged field's keys from both sides when each changed other keys", () => {
    const save = compareWithServer(
      { meta: { x: 2, y: 1 } },
      { meta: { x: 1, y: 1 }, modified_gmt: '1' },
      { meta: { x: 1, y: 3 }, modified_gmt: '2' },
      new Set(['meta']),
    );
    expect(save).toMatchObject({ hasChanged: true, conflicting: [], standing: { meta: { x: 2, y: 3 } } });
  });
});
