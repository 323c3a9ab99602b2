/**
 * `wp-entities-types` against the mock site (a real HTTP server): a post type `book` with
 * registered meta and a taxonomy `genre` on it, written to a file that compiles with a script
 * using it and rejects wrong field accesses; `--check` both ways; and every way a site can fail.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from 'wp-entities/testing';
import { EXIT_CODES } from '../../src/typegen/errors.js';
import { runTypegen, type TypegenIo } from '../../src/typegen/cli.js';
import {
  GENERATED_FILE,
  TYPED_SCRIPT,
  typecheck,
  WRONG_SCRIPT,
  wrongLines,
} from '../helpers/typegenCheck.js';

/** A folder inside the repository (so the scripts are ES modules, as the package.json says) that is never written. */
const CHECK_DIR = fileURLToPath(new URL('./.virtual', import.meta.url)).replace(/\/$/, '');

/** The mock with the site the guide describes: books with an ISBN and a page count, filed under genres. */
function bookSite(): ReturnType<typeof createMockWordPress> {
  const mock = createMockWordPress();
  mock.addPostType({
    slug: 'book',
    name: 'Books',
    rest_base: 'books',
    supports: ['title', 'editor', 'excerpt', 'custom-fields'],
  });
  mock.addTaxonomy({
    slug: 'genre',
    name: 'Genres',
    rest_base: 'genres',
    hierarchical: true,
    types: ['book'],
  });
  mock.registerPostMeta({ postType: 'book', key: 'isbn', type: 'string', description: 'The ISBN-13.' });
  mock.registerPostMeta({ postType: 'book', key: 'pages', type: 'integer', default: 0 });
  // As plugins do (the sync relay registers `_crdt_document`): a key on every post type, which an
  // edit of a book's other meta keys leaves out.
  mock.registerPostMeta({ postType: '', key: 'footnotes', type: 'string' });
  return mock;
}

/** Output lines and the io of one run. */
function capture(
  cwd: string,
  env: Record<string, string> = {},
): TypegenIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (line) => lines.push(line), err: (line) => errors.push(line), cwd, env };
}

describe('wp-entities-types against the mock', () => {
  const mock = bookSite();
  let server: MockServerHandle;
  let dir: string;

  beforeAll(async () => {
    server = await mock.listen();
  });
  afterAll(async () => {
    await server.close();
  });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wp-entities-types-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Two type checks of a program holding the library's sources: seconds each, more on a loaded machine.
  it(
    'writes a file that compiles, types a script with no cast, and rejects wrong field accesses',
    { timeout: 180_000 },
    async () => {
      const io = capture(dir);
      const code = await runTypegen(['--url', server.url, '--out', GENERATED_FILE], io);
      expect(io.errors).toEqual([]);
      expect(code).toBe(EXIT_CODES.ok);
      const generated = await readFile(join(dir, GENERATED_FILE), 'utf8');
      expect(generated).toContain('export interface PostTypeBook {');
      expect(generated).toContain('export interface TaxonomyGenre {');
      expect(generated).toContain('export interface Settings {');
      expect(TYPED_SCRIPT).not.toMatch(/\bas\b [A-Z{]|<[A-Z]\w*>\(/);

      const errors = typecheck(CHECK_DIR, {
        [GENERATED_FILE]: generated,
        'typed.ts': TYPED_SCRIPT,
        'wrong.ts': WRONG_SCRIPT,
      });
      expect(errors.filter((error) => error.file !== 'wrong.ts')).toEqual([]);
      const wrong = errors.filter((error) => error.file === 'wrong.ts');
      expect([...new Set(wrong.map((error) => error.line))]).toEqual(wrongLines(WRONG_SCRIPT));
      expect(wrong.map((error) => error.message).join('\n')).toMatch(/Property 'isbnn' does not exist/);

      // Without the file, the same script does not compile: the declaration merge is what types it.
      const untyped = typecheck(CHECK_DIR, {
        'typed.ts': TYPED_SCRIPT.replace(/^import type .*wp-types\.js';$/m, ''),
      });
      expect(untyped.length).toBeGreaterThan(0);
    },
  );

  it('gives the same bytes on a second run, and --check passes then fails once the site changes', async () => {
    const first = await readFile(join(dir, GENERATED_FILE), 'utf8');
    const again = capture(dir);
    expect(await runTypegen(['--url', server.url, '--out', GENERATED_FILE], again)).toBe(EXIT_CODES.ok);
    expect(again.lines[0]).toMatch(/^Kept wp-types\.d\.ts/);
    expect(await readFile(join(dir, GENERATED_FILE), 'utf8')).toBe(first);

    const upToDate = capture(dir);
    expect(await runTypegen(['--url', server.url, '--out', GENERATED_FILE, '--check'], upToDate)).toBe(
      EXIT_CODES.ok,
    );
    expect(upToDate.lines.join('\n')).toContain('is up to date');

    mock.registerPostMeta({ postType: 'book', key: 'subtitle', type: 'string' });
    const stale = capture(dir);
    expect(await runTypegen(['--url', server.url, '--out', GENERATED_FILE, '--check'], stale)).toBe(
      EXIT_CODES.outOfDate,
    );
    expect(stale.errors.join('\n')).toMatch(/wp-types\.d\.ts differs from the site's schema at line \d+/);
    // --check writes nothing.
    expect(await readFile(join(dir, GENERATED_FILE), 'utf8')).toBe(first);
    const missing = capture(dir);
    expect(await runTypegen(['--url', server.url, '--out', 'nowhere.d.ts', '--check'], missing)).toBe(
      EXIT_CODES.outOfDate,
    );
    expect(missing.errors.join('\n')).toContain('nowhere.d.ts is missing');
  });
});

describe('wp-entities-types when the site fails', () => {
  const mock = bookSite();
  let server: MockServerHandle;
  let dir: string;

  beforeAll(async () => {
    server = await mock.listen();
    dir = await mkdtemp(join(tmpdir(), 'wp-entities-types-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    mock.clearRequests();
  });

  it('names an unreachable site and exits 3', async () => {
    const closed = await createMockWordPress().listen();
    await closed.close();
    const io = capture(dir);
    expect(await runTypegen(['--url', closed.url, '--out', 'down.d.ts'], io)).toBe(EXIT_CODES.unreachable);
    expect(io.errors[0]).toMatch(
      /Cannot reach http:\/\/127\.0\.0\.1:\d+\/wp-json\/wp\/v2\/types: ECONNREFUSED/,
    );
  });

  it('says a URL that does not answer as a REST API is not one, and exits 3', async () => {
    const io = capture(dir);
    expect(await runTypegen(['--url', `${server.url}/wp-json/not-here`, '--out', 'x.d.ts'], io)).toBe(
      EXIT_CODES.unreachable,
    );
    expect(io.errors[0]).toContain("is the URL the site's REST root");
  });

  it('refuses a wrong application password (401) and a site closed to visitors, each with exit 4', async () => {
    const wrong = capture(dir, { WP_ENTITIES_USER: 'admin', WP_ENTITIES_APP_PASSWORD: 'not the password' });
    expect(await runTypegen(['--url', server.url, '--out', 'x.d.ts'], wrong)).toBe(EXIT_CODES.unauthorized);
    expect(wrong.errors[0]).toMatch(/GET \/wp\/v2\/users\/me answered 401 rest_not_logged_in/);

    mock.failNext(
      1,
      {
        status: 401,
        body: {
          code: 'rest_not_logged_in',
          message: 'You are not currently logged in.',
          data: { status: 401 },
        },
      },
      { method: 'GET', path: '/wp/v2/types' },
    );
    const closed = capture(dir);
    expect(await runTypegen(['--url', server.url, '--out', 'x.d.ts'], closed)).toBe(EXIT_CODES.unauthorized);
    expect(closed.errors[0]).toContain('GET /wp/v2/types answered 401 rest_not_logged_in');
  });

  it('reads with the right application password', async () => {
    const io = capture(dir, {
      WP_ENTITIES_USER: 'admin',
      WP_ENTITIES_APP_PASSWORD: MOCK_USERS.admin.appPassword,
    });
    expect(await runTypegen(['--url', server.url, '--out', 'authed.d.ts'], io)).toBe(EXIT_CODES.ok);
    const auth = mock.requests.filter((entry) => entry.path === '/wp/v2/users/me');
    expect(auth).toHaveLength(1);
  });

  it('skips a route without schema and one the converter cannot read, writes the rest and lists both (exit 5)', async () => {
    mock.failNext(
      1,
      { status: 200, body: { namespace: 'wp/v2', methods: ['GET'], endpoints: [] } },
      {
        method: 'OPTIONS',
        path: '/wp/v2/books',
      },
    );
    mock.failNext(
      1,
      {
        status: 200,
        body: {
          schema: {
            type: 'object',
            properties: { name: { type: 'string' }, icon: { $ref: 'https://example.invalid/icon.json' } },
          },
        },
      },
      { method: 'OPTIONS', path: '/wp/v2/genres' },
    );
    const io = capture(dir);
    expect(await runTypegen(['--url', server.url, '--out', 'partial.d.ts'], io)).toBe(EXIT_CODES.partial);
    expect(io.errors).toEqual([
      'wp-entities-types: skipped postType/book: OPTIONS /wp/v2/books has no schema (its controller describes none)',
      expect.stringMatching(
        /^wp-entities-types: skipped taxonomy\/genre: the schema of \/wp\/v2\/genres could not be converted: /,
      ),
    ]);
    const written = await readFile(join(dir, 'partial.d.ts'), 'utf8');
    expect(written).toContain('export interface PostTypePost {');
    expect(written).not.toContain('PostTypeBook');
    expect(written).not.toContain('TaxonomyGenre');
    expect(written).toMatch(
      /Skipped \(not typed here\):\n \* - postType\/book: OPTIONS \/wp\/v2\/books has no schema/,
    );
    expect(io.lines[0]).toMatch(/; 2 skipped\.$/);
  });

  it('skips a route that fails (500) and exits 0 with --allow-partial', async () => {
    mock.failNext(1, { status: 500 }, { method: 'OPTIONS', path: '/wp/v2/settings' });
    const io = capture(dir);
    expect(await runTypegen(['--url', server.url, '--out', 'allowed.d.ts', '--allow-partial'], io)).toBe(
      EXIT_CODES.ok,
    );
    expect(io.errors).toEqual([
      expect.stringMatching(
        /^wp-entities-types: skipped root\/site: OPTIONS \/wp\/v2\/settings answered 500/,
      ),
    ]);
  });

  it('explains bad arguments with exit 2', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[], {}, /--url is required/],
      [['--url', 'ftp://example.com'], {}, /--url must be an http\(s\) URL/],
      [['--url', server.url, '--frobnicate'], {}, /Unknown option '--frobnicate'/],
      [
        ['--url', server.url, '--user', 'admin'],
        {},
        /--user admin needs an application password in WP_ENTITIES_APP_PASSWORD/,
      ],
    ];
    for (const [argv, env, message] of cases) {
      const io = capture(dir, env);
      expect(await runTypegen(argv, io)).toBe(EXIT_CODES.usage);
      expect(io.errors[0]).toMatch(message);
    }
  });
});

describe('wp-entities-types REST roots', () => {
  it('reads the ?rest_route= form as well as /wp-json', async () => {
    const mock = bookSite();
    const server = await mock.listen();
    const dir = await mkdtemp(join(tmpdir(), 'wp-entities-types-'));
    try {
      expect(await runTypegen(['--url', server.url, '--out', 'a.d.ts'], capture(dir))).toBe(EXIT_CODES.ok);
      const plain = capture(dir);
      expect(
        await runTypegen(['--url', `${server.url}/?rest_route=`, '--out', 'a.d.ts', '--check'], plain),
      ).toBe(EXIT_CODES.ok);
      await writeFile(join(dir, 'a.d.ts'), 'stale', 'utf8');
      expect(
        await runTypegen(['--url', `${server.url}/wp-json/`, '--out', 'a.d.ts', '--check'], capture(dir)),
      ).toBe(EXIT_CODES.outOfDate);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
