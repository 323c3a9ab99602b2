/**
 * Type checks a file written by `wp-entities-types` with the TypeScript compiler, beside a script
 * that uses it as a user would (`store.collection('postType', 'book')`, `record.edited.meta.isbn`,
 * the React hooks; no cast anywhere) and a script of wrong field accesses, each of which must be a
 * compile error. The mock suite and the real-WordPress suite both register a post type `book`
 * (meta `isbn`, a string, and `pages`, an integer), a taxonomy `genre` (REST base `genres`) on it,
 * and read the settings.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const fromRoot = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** The name the scripts import the generated file by. */
export const GENERATED_FILE = 'wp-types.d.ts';

/** A script that uses the generated types with no type argument and no cast; it must compile. */
export const TYPED_SCRIPT = `import { RootStore, type Transport } from 'wp-entities';
import {
  useEntityProp,
  useEntityRecord,
  useEntityRecords,
  useSuspenseEntityRecord,
  useSuspenseEntityRecords,
} from 'wp-entities/react';
import type { PostTypeBook, PostTypeBookView, Settings } from './wp-types.js';

declare const transport: Transport;
const store = new RootStore({ transport });

export function readBook(id: number): unknown[] {
  const books = store.collection('postType', 'book');
  const book = books.record(id);
  const isbn: string | undefined = book.edited?.meta.isbn;
  const pages: number | undefined = book.edited?.meta.pages;
  const title: string | undefined = book.edited?.title;
  const rendered: string | undefined = book.persisted?.title.rendered;
  const genres: number[] | undefined = book.persisted?.genres;
  const links: unknown = book.persisted?._links?.['self'];
  book.edit({ title: 'Dune', meta: { isbn: '978-0441013593', pages: 412 } });
  const status: PostTypeBook['status'] = 'draft';
  const view: PostTypeBookView['title'] = { rendered: 'Dune' };
  const genre = store.record('taxonomy', 'genre', 3);
  const name: string | undefined = genre.edited?.name;
  const settings = store.record('root', 'site');
  const siteTitle: Settings['title'] | undefined = settings.edited?.title;
  return [isbn, pages, title, rendered, genres, links, status, view, name, siteTitle];
}

export function useBook(id: number): unknown[] {
  const { edited, edit } = useEntityRecord('postType', 'book', id);
  const isbn: string | undefined = edited?.meta.isbn;
  edit({ meta: { isbn: '978-0441013593', pages: 412 } });
  const { records } = useEntityRecords('taxonomy', 'genre', { per_page: 10 });
  const names: (string | undefined)[] | undefined = records?.map((genre) => genre.edited?.name);
  const [title, setTitle, fullTitle] = useEntityProp('postType', 'book', 'title', id);
  setTitle('Dune Messiah');
  const raw: string | undefined = fullTitle?.raw;
  return [isbn, names, title, raw];
}

export function useBookSuspended(id: number): unknown[] {
  const { edited, edit } = useSuspenseEntityRecord('postType', 'book', id);
  const isbn: string | undefined = edited?.meta.isbn;
  edit({ meta: { pages: 412 } });
  const { records } = useSuspenseEntityRecords('taxonomy', 'genre', { per_page: 10 });
  const names: (string | undefined)[] = records.map((genre) => genre.edited?.name);
  return [isbn, names];
}
`;

/**
 * Wrong accesses, one per line marked \`// wrong\`; each must be a compile error on its line, and
 * there must be no other error.
 */
export const WRONG_SCRIPT = `import { RootStore, type Transport } from 'wp-entities';
import { useEntityRecord, useSuspenseEntityRecord, useSuspenseEntityRecords } from 'wp-entities/react';

declare const transport: Transport;
const store = new RootStore({ transport });
const book = store.record('postType', 'book', 1);

export const typo = book.edited?.meta.isbnn; // wrong
export const pagesAsText: string | undefined = book.edited?.meta.pages; // wrong
export const rawOfEdited = book.edited?.title.raw; // wrong
export const notAField = book.persisted?.subtitle; // wrong
export const termTypo = store.record('taxonomy', 'genre', 1).edited?.nmae; // wrong
export const settingTypo = store.record('root', 'site').edited?.titel; // wrong
export function useWrong(): void {
  useEntityRecord('postType', 'book', 1).edit({ meta: { isbn: 978 } }); // wrong
  useSuspenseEntityRecord('postType', 'book', 1).edit({ meta: { pages: '412' } }); // wrong
  useSuspenseEntityRecords('taxonomy', 'genre').records[0]?.edited?.nmae; // wrong
}
`;

/** The program of the last {@link typecheck}, whose unchanged source files the next one reuses. */
let lastProgram: ts.Program | undefined;

/** A compile error, by file and line. */
export interface TypeError {
  /** The file name, as given. */
  file: string;
  /** The 1-based line. */
  line: number;
  /** The message. */
  message: string;
}

/** The 1-based numbers of the lines of `source` marked `// wrong`. */
export function wrongLines(source: string): number[] {
  return source
    .split('\n')
    .flatMap((line, index) => (line.trimEnd().endsWith('// wrong') ? [index + 1] : []));
}

/**
 * Type checks `files` (name → text, all in `dir`) as one program with the project's strict options,
 * `wp-entities` and `wp-entities/react` pointing at the sources, and returns the errors of those
 * files only (the library's own are the typecheck's business). Declaration files are checked too.
 */
export function typecheck(dir: string, files: Record<string, string>): TypeError[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: false,
    noEmit: true,
    types: ['node'],
    typeRoots: [fromRoot('node_modules/@types')],
    paths: {
      'wp-entities': [fromRoot('src/index.ts')],
      'wp-entities/react': [fromRoot('src/react/index.ts')],
    },
  };
  const names = Object.keys(files).map((name) => `${dir}/${name}`);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const own = (path: string): string | undefined => {
    const name = path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : undefined;
    return name === undefined ? undefined : files[name];
  };
  host.readFile = (path) => own(path) ?? readFile(path);
  host.fileExists = (path) => own(path) !== undefined || fileExists(path);
  // `dir` need not exist: the files are given as text.
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (path) => path === dir || (directoryExists?.(path) ?? true);
  // The library's sources are parsed once per test file: later programs reuse the last one's.
  const program = ts.createProgram({
    rootNames: names,
    options,
    host,
    ...(lastProgram === undefined ? {} : { oldProgram: lastProgram }),
  });
  lastProgram = program;
  const errors: TypeError[] = [];
  for (const name of names) {
    const source = program.getSourceFile(name);
    if (source === undefined) throw new Error(`The program did not load ${name}.`);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    for (const diagnostic of diagnostics) {
      const line =
        diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
      errors.push({
        file: name.slice(dir.length + 1),
        line,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      });
    }
  }
  return errors;
}
