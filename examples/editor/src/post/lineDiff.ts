/**
 * A line diff (longest common subsequence) for comparing a revision with the post, side by side.
 *
 * @module
 */

/** One row of a side-by-side diff: a line on the left, on the right, or the same on both. */
export interface DiffRow {
  /** `same`: on both sides; `removed`: only on the left; `added`: only on the right. */
  kind: 'same' | 'removed' | 'added';
  /** The line. */
  text: string;
}

/** The rows turning `left` into `right`, line by line. */
export function lineDiff(left: string, right: string): DiffRow[] {
  const a = left.split('\n');
  const b = right.split('\n');
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lengths[i] as number[];
    const below = lengths[i + 1] as number[];
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] =
        a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const rows: DiffRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      rows.push({ kind: 'same', text: a[i] as string });
      i++;
      j++;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) {
      rows.push({ kind: 'removed', text: a[i++] as string });
    } else {
      rows.push({ kind: 'added', text: b[j++] as string });
    }
  }
  while (i < a.length) rows.push({ kind: 'removed', text: a[i++] as string });
  while (j < b.length) rows.push({ kind: 'added', text: b[j++] as string });
  return rows;
}
