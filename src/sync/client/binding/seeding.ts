/**
 * Seeds, geneses and repairs: the changes of no one's that give a field its shared type and its
 * saved text before this person's first edit of it (`recordDoc.ts`). While one is applied for an
 * edit (the `seeding` activity), the record's reading of the document waits: a peer's update that
 * waited on it comes in with it and is merged with the edit being written
 * ({@link takeChangedWhileSeeding}). Who changed what ({@link authorsIn}) leaves these out.
 *
 * @module
 */
import * as Y from 'yjs';
import type { PlainObject } from '../../../../models/snapshot.js';
import { blocksSeedOf, sharedBlocksOf } from '../../shared/blockDoc.js';
import {
  SEED_ORIGIN,
  applyFieldGenesis,
  genesisClientsOf,
  losingSeedClients,
  modifiedOf,
  rawTextOf,
  seedEntryOf,
  seedField,
  settleSeeds,
} from '../../shared/recordDoc.js';
import { refreshTypes } from './documentReads.js';
import { CONTENT_FIELD, isShared, persistedOf, savedValueOf, type Binding } from './state.js';

/** Runs `apply` (a seed, a genesis or a repair) with the record's reading of the document held. */
export function whileSeeding(binding: Binding, apply: () => void): void {
  const activity = binding.state.activity;
  const wasSeeding = activity.seeding;
  activity.seeding = true;
  try {
    apply();
  } finally {
    activity.seeding = wasSeeding;
  }
}

/** The fields that changed beyond the seeds and geneses applied since the last call, and forgets them. */
export function takeChangedWhileSeeding(binding: Binding): string[] {
  const changed = binding.state.seeds.changedWhileSeeding;
  if (changed.size === 0) return [];
  const fields = [...changed];
  changed.clear();
  return fields;
}

/** Seeds the text of `field` with the saved copy's text, for an edit about to be written. */
export function seed(binding: Binding, field: string, persisted: PlainObject | undefined): void {
  const content = rawTextOf(persisted?.[field]);
  applyGenesisOf(binding, field);
  whileSeeding(binding, () => seedField(binding.doc, field, modifiedOf(persisted), content));
  binding.state.seeds.seeded.add(field);
}

/**
 * Applies the genesis of a text or merged field when the document lacks it (see
 * `applyFieldGenesis`), as a seed is applied: the record's edits are not read back from it.
 */
export function applyGenesisOf(binding: Binding, field: string): void {
  if (binding.documentMap.has(field)) return;
  // Looked up here too: before the binding is live, nothing else would.
  whileSeeding(binding, () => {
    if (applyFieldGenesis(binding.doc, binding.rules, field)) refreshTypes(binding);
  });
}

/** True when a write of the content must first seed `document.blocks` (see {@link seedBlocks}). */
export function needsBlocksSeed(binding: Binding): boolean {
  return binding.rules.blockCodec !== undefined && sharedBlocksOf(binding.documentMap) === undefined;
}

/**
 * Before this person's first write of the blocks, on a document that holds none (no stored
 * document, nobody wrote them yet): creates `document.blocks` from the saved content as everyone
 * does (see `blocksSeedOf`), so the edit goes on top of the same array as everyone else's instead
 * of one of its own, which a peer's made at the same time could replace. Call it outside any
 * transaction: it is no one's change, and no undo step.
 */
export function seedBlocks(binding: Binding): void {
  const codec = binding.rules.blockCodec;
  if (codec === undefined || !needsBlocksSeed(binding)) return;
  const content = rawTextOf(savedValueOf(binding, CONTENT_FIELD));
  const seed = blocksSeedOf(codec, modifiedOf(persistedOf(binding)), content);
  whileSeeding(binding, () => Y.applyUpdate(binding.doc, seed.update, SEED_ORIGIN));
}

/** True when a write of `field` must first seed its text or apply its genesis. */
export function needsSeeding(binding: Binding, field: string): boolean {
  if (binding.rules.textFields.has(field)) return !binding.state.seeds.seeded.has(field);
  return binding.rules.mergedFields.has(field) && !binding.documentMap.has(field);
}

/**
 * Settles the seeds of `field` (see `settleSeeds`), and takes the losing seeds' characters out of
 * this person's undo and redo steps: an undo must not bring back what the settling deleted (it
 * would be deleted again, and the undo would change nothing).
 */
export function settle(binding: Binding, field: string): void {
  const losers = losingSeedClients(binding.doc, field);
  if (losers.size === 0) return;
  const phase = binding.state.phase;
  const undoManager = phase.name === 'live' || phase.name === 'joining' ? phase.undoManager : undefined;
  if (undoManager instanceof Y.UndoManager) {
    for (const item of [...undoManager.undoStack, ...undoManager.redoStack])
      for (const client of losers) item.deletions.clients.delete(client);
  }
  settleSeeds(binding.doc, field);
}

/** The client ids of every seed in `state` (kept until a seed key changes). */
export function seedClientsOf(binding: Binding): ReadonlySet<number> {
  const seeds = binding.state.seeds;
  if (seeds.clients !== undefined) return seeds.clients;
  const clients = new Set<number>();
  binding.stateMap.forEach((value, key) => {
    const entry = seedEntryOf(key, value);
    if (entry !== undefined) clients.add(entry.client);
  });
  seeds.clients = clients;
  return clients;
}

/**
 * The clients (peers) whose changes `transaction` added: seeds carry the saved text under client
 * ids of their own, and a genesis arrives with the first change of its field: no one's changes.
 */
export function authorsIn(binding: Binding, transaction: Y.Transaction): Set<number> {
  const seeds = binding.state.seeds;
  const seedClients = seedClientsOf(binding);
  const genesisClients = (seeds.genesisClients ??= genesisClientsOf(binding.rules));
  const authors = new Set<number>();
  // Only the clients the transaction added to are looked up (a keystroke: one of them).
  for (const [client, clock] of transaction.afterState)
    if (
      clock > (transaction.beforeState.get(client) ?? 0) &&
      client !== binding.doc.clientID &&
      !seedClients.has(client) &&
      !genesisClients.has(client) &&
      !seeds.repairClients.has(client)
    )
      authors.add(client);
  return authors;
}

/**
 * True when this person's seed, genesis or repair (`transaction`) also let in a peer's changes
 * that waited on it: an insertion by a peer, or a deletion of anything but a losing seed's
 * characters (which settling seeds makes, see `settleSeeds`). A repair's own deletions count as
 * a change too: the record is read back after the edit either way, which is harmless.
 */
export function bringsPeersChanges(binding: Binding, transaction: Y.Transaction): boolean {
  if (authorsIn(binding, transaction).size > 0) return true;
  for (const client of transaction.deleteSet.clients.keys()) {
    if (!seedClientsOf(binding).has(client)) return true;
  }
  return false;
}

/**
 * An update from elsewhere changed `fields`: marks them with the clients whose changes it
 * carried (none known for a deletion alone). Unmarked again once the field has no unsaved edit.
 */
export function markForeign(binding: Binding, transaction: Y.Transaction, fields: ReadonlySet<string>): void {
  const authors = authorsIn(binding, transaction);
  // Only seeds and no deletion: nothing of anyone's. This person's own seed, genesis or repair
  // names no one either (a repair deletes), unless a peer's change came in with it.
  if (authors.size === 0 && (binding.state.activity.seeding || transaction.deleteSet.clients.size === 0))
    return;
  const shared: string[] = [];
  for (const field of fields) if (isShared(binding, field)) shared.push(field);
  binding.foreignMarks.mark(shared, authors);
}
