/**
 * What the two profile summaries (bench/profileSummary.ts for CPU time, bench/heapProfileSummary.ts
 * for allocations) share: naming a profile's frames, and summing and printing a quantity per name.
 *
 * @module
 */

/** A file's place without the machine's prefix: `mobx/dist/…`, `stores/EntityCollection.ts`. */
export function shortUrl(url: string): string {
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules !== -1) return url.slice(inModules + 'node_modules/'.length);
  return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
}

/** The package (or top folder) a file belongs to, two path parts deep. */
export function groupOf(file: string, functionName: string): string {
  return file === '' ? functionName : file.split('/').slice(0, 2).join('/');
}

/** Adds `amount` to `key`'s total. */
export function add(totals: Map<string, number>, key: string, amount: number): void {
  totals.set(key, (totals.get(key) ?? 0) + amount);
}

/** Prints the `top` largest totals, each as `format` shows its mean over `windows`. */
export function printTop(
  title: string,
  totals: Map<string, number>,
  windows: number,
  top: number,
  format: (perWindow: number) => string,
): void {
  console.log(title);
  for (const [key, amount] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${format(amount / windows)}  ${key}`);
  }
}
