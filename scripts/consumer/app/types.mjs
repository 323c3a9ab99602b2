// `npm exec wp-entities-types` from the installed package, as a user runs it, against the test
// kit's mock served over HTTP (a post type `book` with registered meta `isbn`): the declaration
// file it writes type-checks with a script reading `record.edited.meta.isbn` with no cast, and a
// script with a misspelt meta key fails. `skipLibCheck: false`, so the written file itself is
// checked, through the package's published declarations.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createMockWordPress } from 'wp-entities/testing';

const require = createRequire(import.meta.url);

/** Runs a command without blocking this process (the mock answers from it); resolves to its exit code and output. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: new URL('.', import.meta.url) });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const mock = createMockWordPress();
mock.addPostType({
  slug: 'book',
  name: 'Books',
  rest_base: 'books',
  supports: ['title', 'editor', 'custom-fields'],
});
mock.registerPostMeta({ postType: 'book', key: 'isbn', type: 'string' });
const server = await mock.listen();
try {
  // The bin as an app runs it: from the installed tarball, never from the registry.
  const types = (...extra) =>
    run('npm', [
      'exec',
      '--offline',
      '--',
      'wp-entities-types',
      '--url',
      server.url,
      '--out',
      'wp-types.d.ts',
      ...extra,
    ]);
  const exec = await types();
  assert.equal(exec.code, 0, `npm exec wp-entities-types failed:\n${exec.output}`);
  console.log(`  npm exec wp-entities-types: ${exec.output.trim()}`);
  const check = await types('--check');
  assert.equal(check.code, 0, `--check of the file just written failed:\n${check.output}`);
} finally {
  await server.close();
}

// Written here rather than kept in the template: the repository's own typecheck reads scripts/,
// and there these files have no generated types to compile against.
const header = `import { RestTransport, RootStore } from 'wp-entities';

const store = new RootStore({ transport: new RestTransport({ root: 'http://localhost:8888/wp-json' }) });
`;
writeFileSync(
  new URL('./book.ts', import.meta.url),
  `${header}const book = store.collection('postType', 'book').record(1);
export const isbn: string | undefined = book.edited?.meta.isbn;
export const title: string | undefined = book.edited?.title;
export const rendered: string | undefined = book.persisted?.title.rendered;
`,
);
writeFileSync(
  new URL('./book-wrong.ts', import.meta.url),
  `${header}export const typo = store.record('postType', 'book', 1).edited?.meta.isbnn;\n`,
);
for (const [name, file] of [
  ['tsconfig.types.json', 'book.ts'],
  ['tsconfig.types-wrong.json', 'book-wrong.ts'],
]) {
  const config = { extends: './tsconfig.node16.json', files: [file, 'wp-types.d.ts'] };
  writeFileSync(new URL(`./${name}`, import.meta.url), `${JSON.stringify(config, null, 2)}\n`);
}

const tsc = require.resolve('typescript/bin/tsc');
const typed = await run(process.execPath, [tsc, '-p', 'tsconfig.types.json']);
assert.equal(typed.code, 0, `book.ts does not type-check with the generated file:\n${typed.output}`);
console.log('  book.ts type-checks with the generated file');
const wrong = await run(process.execPath, [tsc, '-p', 'tsconfig.types-wrong.json']);
assert.notEqual(
  wrong.code,
  0,
  'book-wrong.ts type-checks, but it reads a meta key the site does not register',
);
assert.match(wrong.output, /Property 'isbnn' does not exist/);
console.log("  book-wrong.ts fails: Property 'isbnn' does not exist");
