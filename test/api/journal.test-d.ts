/** The journal and save-conflict part of API.md's contract, checked by the compiler. */
import { expectTypeOf, it } from 'vitest';
import type { ConflictError, RootStore } from 'wp-entities';
import {
  fileJournal,
  indexedDbJournal,
  isConflictError,
  localStorageJournal,
  memoryJournal,
  type ConflictChoice,
  type EntityRecord,
  type Journal,
  type SaveConflict,
  type WpPost,
  type WpPostEdited,
} from 'wp-entities';

it('types the journal factories, the store members and record.conflict as API.md says', () => {
  expectTypeOf(indexedDbJournal()).toMatchTypeOf<Journal>();
  expectTypeOf(localStorageJournal()).toMatchTypeOf<Journal>();
  expectTypeOf(memoryJournal()).toMatchTypeOf<Journal>();
  expectTypeOf(fileJournal('/tmp/journal.json')).toMatchTypeOf<Journal>();
  expectTypeOf<RootStore['restoreJournal']>().returns.toEqualTypeOf<Promise<EntityRecord<object>[]>>();
  expectTypeOf<RootStore['journalSize']>().toEqualTypeOf<number>();
  expectTypeOf<EntityRecord<WpPost, WpPostEdited>['conflict']>().toEqualTypeOf<
    SaveConflict<WpPostEdited> | undefined
  >();
  expectTypeOf<ConflictChoice<WpPostEdited>>().toMatchTypeOf<'mine' | 'theirs' | Partial<WpPostEdited>>();
  expectTypeOf(isConflictError).guards.toEqualTypeOf<ConflictError>();
});
