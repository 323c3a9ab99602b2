/**
 * A first draft of a merge for the conflict card's "Edit the merge": both people's changes to one
 * text, each taken as the one stretch it replaced in the text they both started from. Stretches
 * apart (one typed at the start, the other at the end) both go in; overlapping ones give both
 * versions of the stretch, yours first, for the person to finish by hand.
 *
 * @module
 */

/** The stretch of `base` that `changed` replaced: `[start, end)` in `base`, and what took its place. */
interface Replacement {
  start: number;
  end: number;
  text: string;
}

function replacementOf(base: string, changed: string): Replacement {
  let start = 0;
  const shorter = Math.min(base.length, changed.length);
  while (start < shorter && base[start] === changed[start]) start++;
  let fromEnd = 0;
  while (
    fromEnd < shorter - start &&
    base[base.length - 1 - fromEnd] === changed[changed.length - 1 - fromEnd]
  ) {
    fromEnd++;
  }
  return { start, end: base.length - fromEnd, text: changed.slice(start, changed.length - fromEnd) };
}

/** What a merge gives: the text, and whether both changes touched the same stretch. */
export interface TextMerge {
  readonly text: string;
  readonly overlaps: boolean;
}

/** Merges `mine` and `theirs`, both made from `base`. */
export function mergeText(base: string, mine: string, theirs: string): TextMerge {
  if (mine === theirs || theirs === base) return { text: mine, overlaps: false };
  if (mine === base) return { text: theirs, overlaps: false };
  const a = replacementOf(base, mine);
  const b = replacementOf(base, theirs);
  const [first, second] = a.start <= b.start ? [a, b] : [b, a];
  // Apart (touching ends are apart unless both inserted at the same place).
  if (first.end <= second.start && !(first.start === second.start && first.end === second.end)) {
    return {
      text:
        base.slice(0, first.start) +
        first.text +
        base.slice(first.end, second.start) +
        second.text +
        base.slice(second.end),
      overlaps: false,
    };
  }
  const start = Math.min(a.start, b.start);
  const end = Math.max(a.end, b.end);
  const versionOf = (r: Replacement) => base.slice(start, r.start) + r.text + base.slice(r.end, end);
  return {
    text: `${base.slice(0, start)}${versionOf(a)}\n${versionOf(b)}${base.slice(end)}`,
    overlaps: true,
  };
}
