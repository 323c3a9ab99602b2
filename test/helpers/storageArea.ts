/**
 * A Web Storage area in memory for journal tests: `items` is what it holds, and `quota`
 * (characters per item) makes `setItem` throw as a full browser storage does.
 */
import type { JournalStorageArea } from '../../src/journal/index.js';

/** A storage area in memory; share one between stores to stand in for two tabs of one origin. */
export function storageArea(quota = Infinity): JournalStorageArea & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
  };
}
