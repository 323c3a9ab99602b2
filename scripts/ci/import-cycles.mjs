// Import loops among the library's files (core, models, stores, src), type-only imports included
// (issue 38): a loop means no file of it can be read, tested or moved without the others. Prints
// each loop (a strongly connected group of files) with the imports inside it, and exits 1 when
// there is one that KNOWN_LOOPS does not list, or a listed one is gone (so the list only shrinks).
// Run from anywhere: `npm run lint:cycles` (or `node scripts/ci/import-cycles.mjs [root]`).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const LAYERS = ['core', 'models', 'stores', 'src'];

// Loops not broken yet, each with why, as exactly the files the loop holds. A loop that gains a
// file is a new loop.
const KNOWN_LOOPS = [
  {
    files: ['models/EntityQuery.ts', 'models/EntityRecord.ts', 'models/RecordHost.ts'],
    why:
      'public signatures name each other: record.revisions() is an EntityQuery<Revision> and query.records ' +
      'are EntityRecord<T, E>s, record.collection is a RecordHost<T, E> whose reads answer EntityRecords. ' +
      "A file that names a class imports the file that declares it, so the two classes' files import each " +
      'other unless they are one file or a public signature names an interface instead (which changes what ' +
      'users see: an interface is not the class, it has no instanceof and no private members)',
  },
];
// Absolute, so the files found by walking and the files imports resolve to are the same keys.
const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..'));

function sourceFiles(directory, into = []) {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, into);
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) into.push(path);
  }
  return into;
}

/** The file a relative specifier names (`./a.js` is `./a.ts`, `./a.tsx` or `./a/index.ts`); `undefined` for a package. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

function isTypeOnly(node) {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (clause === undefined) return false; // `import './x.js'` runs the file
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    clause.name === undefined &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

/** Each file's imports of other files of the library: `[file, typeOnly]`. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const imports = [];
  const add = (specifier, typeOnly) => {
    const target = resolveImport(file, specifier);
    if (target !== undefined) imports.push([target, typeOnly]);
  };
  for (const node of source.statements) {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined
    ) {
      if (ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, isTypeOnly(node));
    }
  }
  // `import('./x.js')` in a type, and dynamic `import('./x.js')` in code.
  const visit = (node) => {
    if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return imports;
}

const files = LAYERS.flatMap((layer) => sourceFiles(join(root, layer)));
const graph = new Map(files.map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: every group of more than one file (or a file that
// imports itself) is a loop.
let counter = 0;
const order = new Map();
const lowest = new Map();
const stack = [];
const onStack = new Set();
const loops = [];
function connect(file) {
  order.set(file, counter);
  lowest.set(file, counter);
  counter++;
  stack.push(file);
  onStack.add(file);
  for (const [target] of graph.get(file)) {
    if (!graph.has(target)) continue;
    if (!order.has(target)) {
      connect(target);
      lowest.set(file, Math.min(lowest.get(file), lowest.get(target)));
    } else if (onStack.has(target)) {
      lowest.set(file, Math.min(lowest.get(file), order.get(target)));
    }
  }
  if (lowest.get(file) !== order.get(file)) return;
  const group = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    group.push(member);
  } while (member !== file);
  if (group.length > 1 || graph.get(file).some(([target]) => target === file)) loops.push(group);
}
for (const file of graph.keys()) if (!order.has(file)) connect(file);

const shown = (file) => relative(root, file);
const known = new Map(KNOWN_LOOPS.map((loop) => [[...loop.files].sort().join(', '), loop]));
let failed = false;
console.log(`${loops.length} import loop(s) over ${files.length} files of ${LAYERS.join(', ')}`);
for (const group of loops) {
  const members = new Set(group);
  const key = group.map(shown).sort().join(', ');
  const listed = known.get(key);
  known.delete(key);
  if (listed === undefined) failed = true;
  console.log(`- ${group.length} files${listed === undefined ? '' : ' (known: ' + listed.why + ')'}: ${key}`);
  for (const file of group) {
    for (const [target, typeOnly] of graph.get(file)) {
      if (members.has(target))
        console.log(`    ${shown(file)} -> ${shown(target)}${typeOnly ? ' (type)' : ''}`);
    }
  }
}
for (const key of known.keys()) {
  failed = true;
  console.log(`A known loop is gone (${key}): remove it from KNOWN_LOOPS in scripts/ci/import-cycles.mjs.`);
}
if (failed) {
  console.log(
    'A new import loop: move the shapes its files share into a types-only module that imports none of them.',
  );
  process.exitCode = 1;
}
