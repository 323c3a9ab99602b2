/**
 * The binding's lowest writes into the document: a text by its smallest change from what this
 * person last wrote, and `document.blocks` from post content. Both run inside a transaction the
 * caller opens with its origin.
 *
 * @module
 */
import type * as Y from 'yjs';
import {
  sharedBlocksOf,
  writeBlocksBetween,
  writeBlocks as writeBlocksOfContent,
} from '../../shared/blockDoc.js';
import { rawTextOf, sharedTextOf } from '../../shared/recordDoc.js';
import { applyTextValue, RebasedText } from '../../shared/textDiff.js';
import { contentFromBlocks } from './documentReads.js';
import type { Binding } from './state.js';

/** Makes `text` hold `value` by the smallest change from what this person last wrote into it. */
export function writeText(binding: Binding, text: Y.Text, value: string): void {
  const knownTexts = binding.state.knownTexts;
  const before = knownTexts.valueOf(text);
  try {
    applyTextValue(text, value, before);
  } catch (error) {
    knownTexts.forgetText(text);
    throw error;
  }
  knownTexts.wrote(text, value);
}

/** With a block codec, makes `document.blocks` the blocks of `content` (inside a transaction). */
export function writeBlocks(binding: Binding, content: string): void {
  const codec = binding.rules.blockCodec;
  if (codec === undefined) return;
  // What the document's blocks already say needs no parse: a peer's typing handed back by the app.
  const hasBlocks = sharedBlocksOf(binding.documentMap) !== undefined;
  if (hasBlocks && contentFromBlocks(binding) === content) return;
  // Only the blocks the new content changed are parsed and merged (a keystroke: one block).
  const run = hasBlocks ? binding.blocksView?.changedRun(content) : undefined;
  if (run !== undefined)
    writeBlocksBetween(binding.documentMap, codec, run.from, run.to, content.slice(run.start, run.end));
  else writeBlocksOfContent(binding.documentMap, codec, content);
  binding.state.knownBlocks = sharedBlocksOf(binding.documentMap);
}

/** The text a write of `value` leaves in `field`'s text. */
export function docText(binding: Binding, field: string, value: unknown): string {
  if (!(value instanceof RebasedText)) return rawTextOf(value);
  return sharedTextOf(binding.doc, field)?.toString() ?? value.mine;
}
