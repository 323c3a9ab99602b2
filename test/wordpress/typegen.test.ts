/**
 * `wp-entities-types` against the real WordPress 6.1, whose must-use plugin
 * (scripts/wordpress/lib/test-types.php) registers a post type `book` with meta `isbn` and `pages`
 * and a taxonomy `genre` on it: the file it writes compiles, a script using it with no cast
 * compiles, wrong field accesses fail `tsc`, and `--check` passes on the file and fails on a stale one.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTypegen, type TypegenIo } from '../../src/typegen/cli.js';
import { EXIT_CODES } from '../../src/typegen/errors.js';
import {
  GENERATED_FILE,
  TYPED_SCRIPT,
  typecheck,
  WRONG_SCRIPT,
  wrongLines,
} from '../helpers/typegenCheck.js';
import { wordpressSite } from './site.js';

/** A folder inside the repository (so the scripts are ES modules) that is never written. */
const CHECK_DIR = fileURLToPath(new URL('./.virtual', import.meta.url)).replace(/\/$/, '');

describe('wp-entities-types against WordPress 6.1', () => {
  const site = wordpressSite();
  let dir: string;
  const io = (): TypegenIo & { lines: string[]; errors: string[] } => {
    const lines: string[] = [];
    const errors: string[] = [];
    return {
      lines,
      errors,
      out: (line) => lines.push(line),
      err: (line) => errors.push(line),
      cwd: dir,
      env: {
        WP_ENTITIES_USER: site.users.admin.username,
        WP_ENTITIES_APP_PASSWORD: site.users.admin.applicationPassword,
      },
    };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wp-entities-types-wp-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Two type checks of a program holding the library's sources: seconds each, more on a loaded machine.
  it(
    'writes a file that compiles, types a script with no cast, and rejects wrong field accesses',
    { timeout: 180_000 },
    async () => {
      const run = io();
      const code = await runTypegen(['--url', site.url, '--out', GENERATED_FILE], run);
      expect(run.errors).toEqual([]);
      expect(code).toBe(EXIT_CODES.ok);
      const generated = await readFile(join(dir, GENERATED_FILE), 'utf8');
      expect(generated).toMatch(
        /export interface PostTypeBook \{[\s\S]*?meta: \{[\s\S]*?isbn: string;[\s\S]*?pages: number;/,
      );
      expect(generated).toContain('export interface TaxonomyGenre {');
      expect(generated).toContain('export interface Settings {');

      const errors = typecheck(CHECK_DIR, {
        [GENERATED_FILE]: generated,
        'typed.ts': TYPED_SCRIPT,
        'wrong.ts': WRONG_SCRIPT,
      });
      expect(errors.filter((error) => error.file !== 'wrong.ts')).toEqual([]);
      const wrong = errors.filter((error) => error.file === 'wrong.ts');
      expect([...new Set(wrong.map((error) => error.line))]).toEqual(wrongLines(WRONG_SCRIPT));
    },
  );

  it('--check passes on the file just written and fails on a stale one', async () => {
    const upToDate = io();
    expect(await runTypegen(['--url', site.url, '--out', GENERATED_FILE, '--check'], upToDate)).toBe(
      EXIT_CODES.ok,
    );
    const path = join(dir, GENERATED_FILE);
    const current = await readFile(path, 'utf8');
    await writeFile(path, current.replace('pages: number;', 'pages: string;'), 'utf8');
    const stale = io();
    expect(await runTypegen(['--url', site.url, '--out', GENERATED_FILE, '--check'], stale)).toBe(
      EXIT_CODES.outOfDate,
    );
    expect(stale.errors.join('\n')).toMatch(/differs from the site's schema at line \d+/);
  });

  it('refuses a wrong application password with exit 4', async () => {
    const run = io();
    const code = await runTypegen(['--url', site.url, '--out', 'x.d.ts'], {
      ...run,
      env: {
        WP_ENTITIES_USER: site.users.admin.username,
        WP_ENTITIES_APP_PASSWORD: 'abcd efgh ijkl mnop qrst uvwx',
      },
    });
    expect(code).toBe(EXIT_CODES.unauthorized);
    expect(run.errors[0]).toMatch(/GET \/wp\/v2\/users\/me answered 401/);
  });
});
