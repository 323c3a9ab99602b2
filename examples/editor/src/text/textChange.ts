/**
 * Where a field's text changed, and where a caret goes through that change: what a text field needs
 * when its text changes under the person typing in it (someone else's typing, or their own undo).
 *
 * Found from the two strings alone (common prefix and suffix), so an insertion that repeats the
 * characters around it ("a" into "aa") is placed at the last place it could be; a person's caret
 * in such a run may then land on the other side of a character they did not type. Yjs relative
 * positions would not guess; this needs nothing but the text.
 *
 * @module
 */

/** The region of `before` that became something else in `after`: `[start, endBefore)` → `[start, endAfter)`. */
export interface TextChangeRegion {
  readonly start: number;
  readonly endBefore: number;
  readonly endAfter: number;
}

/** The changed region (common prefix and suffix trimmed); `undefined` when the strings are equal. */
export function changedRegion(before: string, after: string): TextChangeRegion | undefined {
  if (before === after) return undefined;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return { start, endBefore, endAfter };
}

/** The end of the changed region of `after` compared with `before`: where an undo leaves the caret. */
export function changeEnd(before: string, after: string): number {
  return changedRegion(before, after)?.endAfter ?? after.length;
}

/**
 * Where `offset` in `before` is in `after`, for someone else's change: before the change it stays,
 * after it it moves by the change's length, inside what was replaced it goes to the change's end.
 * An insertion exactly at the offset goes after it (`stick: 'left'`, a caret: it stays next to what
 * its owner just typed) or before it (`'right'`, the start of a selection: what the other typed is
 * not selected).
 */
export function mapOffset(
  offset: number,
  before: string,
  after: string,
  stick: 'left' | 'right' = 'left',
): number {
  const region = changedRegion(before, after);
  if (!region || offset < region.start) return Math.min(offset, after.length);
  if (offset === region.start && (stick === 'left' || region.endBefore > region.start))
    return Math.min(offset, after.length);
  if (offset >= region.endBefore) return offset + region.endAfter - region.endBefore;
  return region.endAfter;
}

/**
 * `mine`, a change of `base`, made again on top of `theirs` (someone else's change of the same
 * `base`): each change taken as the one stretch of `base` it replaced (common prefix and suffix).
 * Their change stays whole; mine goes before it, after it, or (when the two stretches overlap)
 * right after their text, and deletes only characters of `base` that theirs did not replace. Both
 * inserting at one place put mine first.
 */
export function rebaseChange(base: string, mine: string, theirs: string): string {
  const my = changedRegion(base, mine);
  const their = changedRegion(base, theirs);
  if (my === undefined) return theirs;
  if (their === undefined) return mine;
  const myText = mine.slice(my.start, my.endAfter);
  const theirText = theirs.slice(their.start, their.endAfter);
  const isMineFirst = my.endBefore <= their.start;
  if (isMineFirst || my.start >= their.endBefore) {
    // Apart: both go in, each in place of its own stretch.
    const [first, firstText, second, secondText] = isMineFirst
      ? [my, myText, their, theirText]
      : [their, theirText, my, myText];
    return (
      base.slice(0, first.start) +
      firstText +
      base.slice(first.endBefore, second.start) +
      secondText +
      base.slice(second.endBefore)
    );
  }
  return (
    base.slice(0, Math.min(my.start, their.start)) +
    theirText +
    myText +
    base.slice(Math.max(my.endBefore, their.endBefore))
  );
}
