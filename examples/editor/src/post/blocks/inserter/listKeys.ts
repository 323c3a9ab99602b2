/**
 * The keys of a listbox driven from a text field (the inserter's): the arrows move the highlight
 * (round the ends), Enter chooses, Escape closes. Other keys are left to the field.
 *
 * @module
 */

/** What a key does to the list. */
export type ListKeyAction =
  | { readonly kind: 'highlight'; readonly index: number }
  | { readonly kind: 'choose' }
  | { readonly kind: 'close' }
  | undefined;

/** The action of `key` on a list of `count` entries whose `active` one is highlighted. */
export function listKeyAction(key: string, count: number, active: number): ListKeyAction {
  switch (key) {
    case 'ArrowDown':
      return count === 0 ? undefined : { kind: 'highlight', index: (active + 1) % count };
    case 'ArrowUp':
      return count === 0 ? undefined : { kind: 'highlight', index: (active - 1 + count) % count };
    case 'Enter':
      return count === 0 ? undefined : { kind: 'choose' };
    case 'Escape':
      return { kind: 'close' };
    default:
      return undefined;
  }
}
