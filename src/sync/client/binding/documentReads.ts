/**
 * Reading the record's values out of the document: a field's value as the document holds it
 * (a stale stored entry aside), the content its blocks serialize to, and the index of the shared
 * types by field.
 *
 * @module
 */
import * as Y from 'yjs';
import { isPlainObject, type PlainObject } from '../../../../models/snapshot.js';
import { plainBlocks, sharedBlocksOf } from '../../shared/blockDoc.js';
import { rawTextOf, readDocField, sharedTextOf } from '../../shared/recordDoc.js';
import { CONTENT_FIELD, persistedOf, savedValueOf, type Binding, type YType } from './state.js';

/** The document's value of `field`, or `undefined` when it holds none. */
export function docValue(binding: Binding, field: string): { value: unknown } | undefined {
  const { rules, state, documentMap } = binding;
  if (field === CONTENT_FIELD && rules.blockCodec !== undefined) {
    if (sharedBlocksOf(documentMap) !== undefined) return { value: contentFromBlocks(binding) };
  }
  if (rules.textFields.has(field)) {
    if (!state.seeds.seeded.has(field)) return undefined;
    const text = sharedTextOf(binding.doc, field);
    if (text === undefined) return undefined;
    const value = state.knownTexts.valueOf(text);
    const storedText = state.stored.staleTexts.get(field);
    if (storedText !== undefined) {
      // The stale stored text, untouched since: the saved value stands; once changed, it is the document's.
      if (value === storedText) return undefined;
      state.stored.staleTexts.delete(field);
    }
    return { value };
  }
  const persistedRaw = savedValueOf(binding, field);
  if (state.stored.staleItems.size > 0) {
    if (isStaleEntry(binding, documentMap, field)) return undefined;
    const merged = documentMap.get(field);
    if (rules.mergedFields.has(field) && merged instanceof Y.Map) {
      const found = readDocField(binding.doc, rules, field, persistedRaw);
      if (found === undefined || !isPlainObject(found.value)) return found;
      const value: PlainObject = { ...found.value };
      const saved = isPlainObject(persistedRaw) ? persistedRaw : {};
      for (const key of Object.keys(value)) {
        if (!isStaleEntry(binding, merged, key)) continue;
        if (key in saved) value[key] = saved[key];
        else delete value[key];
      }
      return { value };
    }
  }
  return readDocField(binding.doc, rules, field, persistedRaw);
}

/** True while the map entry `key` of `map` is still the stale one the stored document brought. */
export function isStaleEntry(binding: Binding, map: Y.Map<unknown>, key: string): boolean {
  const staleItems = binding.state.stored.staleItems;
  if (staleItems.size === 0) return false;
  const item = map._map.get(key);
  return item !== undefined && staleItems.has(item);
}

/**
 * The content the document's blocks serialize to (one changed block's work, see `BlocksView`);
 * the saved content itself when they are the saved content's blocks (a serializer need not give
 * back the saved bytes).
 */
export function contentFromBlocks(binding: Binding): string {
  const codec = binding.rules.blockCodec;
  const view = binding.blocksView;
  if (codec === undefined || view === undefined) return '';
  const serialized = view.content();
  const saved = rawTextOf(persistedOf(binding)?.[CONTENT_FIELD]);
  const state = binding.state;
  if (serialized === saved) {
    // The common case on opening and after a save (the server kept the content sent): the blocks
    // serialize to the saved bytes, so they are the saved content's blocks and the codec gives those
    // bytes back. Noted as such, so no later keystroke or save parses the whole post for it.
    if (state.savedSerialization?.saved !== saved) state.savedSerialization = { saved, serialized: saved };
    return saved;
  }
  if (state.savedSerialization?.saved !== saved) {
    state.savedSerialization = {
      saved,
      serialized: codec.serialize(plainBlocks(codec, codec.parse(saved))),
    };
  }
  return serialized === state.savedSerialization.serialized ? saved : serialized;
}

/** The value of a text or merged `field` the record shows while the document is as it is now. */
export function shownValue(binding: Binding, field: string, persistedRaw: unknown): unknown {
  if (binding.rules.textFields.has(field)) {
    const text = binding.state.seeds.seeded.has(field) ? sharedTextOf(binding.doc, field) : undefined;
    return text === undefined ? rawTextOf(persistedRaw) : text.toString();
  }
  return docValue(binding, field)?.value ?? persistedRaw;
}

/** Looks up the shared types of text and merged fields. */
export function refreshTypes(binding: Binding): void {
  const { state, rules, documentMap } = binding;
  state.knownBlocks = sharedBlocksOf(documentMap);
  state.fieldOfType.clear();
  for (const field of [...rules.textFields, ...rules.mergedFields]) {
    const type = documentMap.get(field);
    if (type instanceof Y.AbstractType) state.fieldOfType.set(type as YType, field);
  }
}
