/**
 * The names @wordpress/core-data 8.1 exports, read from the installed package's type declarations
 * (build-types) with the TypeScript compiler, so nothing of core-data runs (it needs a DOM and
 * the block editor). The parity test compares them with docs/core-data-8.1-parity.md.
 *
 * @module
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** The areas of core-data's surface the parity table has one section for each. */
export const PARITY_AREAS = [
  'selectors',
  'private-selectors',
  'actions',
  'private-actions',
  'resolvers',
  'module',
  'private-apis',
] as const;

/** One area of {@link PARITY_AREAS}. */
export type ParityArea = (typeof PARITY_AREAS)[number];

/** The installed core-data's folder, its version, and its exported names by area. */
export interface CoreDataExports {
  readonly version: string;
  readonly names: Readonly<Record<ParityArea, readonly string[]>>;
}

const MODULE_FILE: Readonly<Record<Exclude<ParityArea, 'private-apis'>, string>> = {
  selectors: 'selectors.d.ts',
  'private-selectors': 'private-selectors.d.ts',
  actions: 'actions.d.ts',
  'private-actions': 'private-actions.d.ts',
  resolvers: 'resolvers.d.ts',
  module: 'index.d.ts',
};

/** Lists the exports of the core-data found from `fromDir` (default: this repository). */
export function listCoreDataExports(fromDir: string = process.cwd()): CoreDataExports {
  const require = createRequire(join(fromDir, 'package.json'));
  const packageJson = require.resolve('@wordpress/core-data/package.json');
  const { version } = require(packageJson) as { version: string };
  const types = join(dirname(packageJson), 'build-types');
  const files = Object.values(MODULE_FILE).map((file) => join(types, file));
  files.push(join(types, 'private-apis.d.ts'));
  const program = ts.createProgram(files, { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const names = {} as Record<ParityArea, string[]>;
  for (const [area, file] of Object.entries(MODULE_FILE) as [Exclude<ParityArea, 'private-apis'>, string][]) {
    names[area] = valueExports(program, checker, join(types, file));
  }
  names['private-apis'] = privateApiNames(program, checker, join(types, 'private-apis.d.ts'));
  return { version, names };
}

function moduleSymbol(program: ts.Program, checker: ts.TypeChecker, file: string): ts.Symbol {
  const source = program.getSourceFile(file);
  const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (symbol === undefined) throw new Error(`TypeScript could not read ${file}.`);
  return symbol;
}

/** Exported values (functions, constants, classes), not types: what a script can call. */
function valueExports(program: ts.Program, checker: ts.TypeChecker, file: string): string[] {
  return checker
    .getExportsOfModule(moduleSymbol(program, checker, file))
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    })
    .map((symbol) => symbol.getName())
    .sort();
}

/** The keys of `CoreDataPrivateApis`: what `unlock(privateApis)` gives. */
function privateApiNames(program: ts.Program, checker: ts.TypeChecker, file: string): string[] {
  const api = checker
    .getExportsOfModule(moduleSymbol(program, checker, file))
    .find((symbol) => symbol.getName() === 'CoreDataPrivateApis');
  if (api === undefined) throw new Error(`${file} no longer exports CoreDataPrivateApis.`);
  return checker
    .getDeclaredTypeOfSymbol(api)
    .getProperties()
    .map((symbol) => symbol.getName())
    .sort();
}
