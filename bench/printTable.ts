/**
 * Prints a benchmark table: a header, a rule, then the rows, with columns padded to their widest
 * cell; a row's scenario (first cell) is left blank when it repeats the row above.
 *
 * @module
 */

/** Which columns are right-aligned (numbers); every other column is left-aligned. */
export type RightAligned = (column: number) => boolean;

/** Prints `rows` under `header` to the console. */
export function printTable(
  header: readonly string[],
  rows: readonly string[][],
  isRight: RightAligned,
): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => {
        // The last column is never padded, so lines carry no trailing spaces.
        if (column === header.length - 1) return cell;
        return isRight(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0);
      })
      .join('  ');
  console.log();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  let previous = '';
  for (const cells of rows) {
    const scenario = cells[0] ?? '';
    console.log(line([scenario === previous ? '' : scenario, ...cells.slice(1)]));
    previous = scenario;
  }
}
