/**
 * `wp-entities-types`: writes TypeScript for a site's post types, taxonomies, registered meta and
 * settings from its own REST schema, or with `--check` tells whether the file is up to date.
 *
 *   wp-entities-types --url https://example.com [--out wp-types.d.ts] [--check] [--allow-partial]
 *
 * Credentials (optional; for sites that keep their REST API to logged-in users):
 * `WP_ENTITIES_USER` (or `--user`) and `WP_ENTITIES_APP_PASSWORD`, an application password, which
 * is read from the environment only so that it stays out of shell histories and process lists.
 *
 * Exit codes: see {@link EXIT_CODES}.
 *
 * @module
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDeclarations } from './declarations.js';
import { EXIT_CODES, TypegenError } from './errors.js';
import { readSiteSchemas, type SkippedEntity } from './siteSchemas.js';

/** The file written when `--out` is not given. */
export const DEFAULT_OUT = 'wp-types.d.ts';

/** What {@link runTypegen} reads and writes besides the site: streams, directory, environment. */
export interface TypegenIo {
  /** Writes a line of normal output. */
  out(line: string): void;
  /** Writes a line of diagnostics. */
  err(line: string): void;
  /** The directory `--out` is relative to. @default process.cwd() */
  cwd?: string | undefined;
  /** The environment credentials are read from. @default process.env */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** The fetch requests go through. @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
}

const USAGE = `Usage: wp-entities-types --url <site URL or REST root> [--out <file>] [--check] [--allow-partial]

Writes TypeScript for the site's post types, taxonomies, registered meta and settings, read from
its REST schema, and registers them so store.collection('postType', 'book') is typed.

  --url <url>        the site (https://example.com) or its REST root (…/wp-json, …/?rest_route=)
  --out <file>       the declaration file to write (default ${DEFAULT_OUT})
  --check            write nothing; exit 1 when the file differs from what the site gives now
  --allow-partial    exit 0 even when some routes could not be read (they are still listed)
  --user <login>     the user of the application password (or WP_ENTITIES_USER)
  --help             this text

The application password is read from WP_ENTITIES_APP_PASSWORD only.
Exit codes: 0 done, 1 out of date (--check), 2 bad arguments, 3 site unreachable or not WordPress,
4 credentials refused, 5 some routes skipped (the rest written).`;

/** The REST root of `url`: itself when it is one (`…/wp-json`, `…?rest_route=`), else `${url}/wp-json`. */
export function restRootOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypegenError('usage', `--url must be an http(s) URL of the site; got "${url}".`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypegenError('usage', `--url must be an http(s) URL of the site; got "${url}".`);
  }
  if (parsed.searchParams.has('rest_route')) return url.replace(/rest_route=.*$/, 'rest_route=');
  const trimmed = url.replace(/\/+$/, '');
  return /\/wp-json$/.test(parsed.pathname.replace(/\/+$/, '')) ? trimmed : `${trimmed}/wp-json`;
}

/** The `Authorization` header from the environment and `--user`; `undefined` without credentials. */
function authorizationOf(
  user: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const login = user ?? env['WP_ENTITIES_USER'];
  const password = env['WP_ENTITIES_APP_PASSWORD'];
  if (login === undefined && password === undefined) return undefined;
  if (login === undefined || login === '') {
    throw new TypegenError(
      'usage',
      'WP_ENTITIES_APP_PASSWORD is set but no user: pass --user or set WP_ENTITIES_USER.',
    );
  }
  if (password === undefined || password === '') {
    throw new TypegenError(
      'usage',
      `--user ${login} needs an application password in WP_ENTITIES_APP_PASSWORD (Users → Profile → Application Passwords).`,
    );
  }
  return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

/** Runs the command with `argv` (without `node` and the script); resolves to the exit code. */
export async function runTypegen(argv: readonly string[], io: TypegenIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof TypegenError) {
      io.err(`wp-entities-types: ${error.message}`);
      if (error.failure === 'usage') io.err('Run wp-entities-types --help for the options.');
      return error.exitCode;
    }
    throw error;
  }
}

async function run(argv: readonly string[], io: TypegenIo): Promise<number> {
  let values: {
    url?: string;
    out?: string;
    check?: boolean;
    'allow-partial'?: boolean;
    user?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        url: { type: 'string' },
        out: { type: 'string' },
        check: { type: 'boolean' },
        'allow-partial': { type: 'boolean' },
        user: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new TypegenError('usage', error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    io.out(USAGE);
    return EXIT_CODES.ok;
  }
  if (values.url === undefined)
    throw new TypegenError('usage', '--url is required (the site, e.g. https://example.com).');
  const restRoot = restRootOf(values.url);
  const env = io.env ?? process.env;
  const authorization = authorizationOf(values.user, env);
  const outName = values.out ?? DEFAULT_OUT;
  const outPath = resolve(io.cwd ?? process.cwd(), outName);

  const site = await readSiteSchemas({ restRoot, authorization, fetch: io.fetch });
  const declarations = await buildDeclarations(site);
  reportSkipped(declarations.skipped, io);
  const partial = declarations.skipped.length > 0 && values['allow-partial'] !== true;
  const current = await readFile(outPath, 'utf8').catch(() => undefined);

  if (values.check === true) {
    if (current === declarations.text) {
      io.out(`${outName} is up to date with ${restRoot}.`);
      return partial ? EXIT_CODES.partial : EXIT_CODES.ok;
    }
    const where =
      current === undefined
        ? 'is missing'
        : `differs from the site's schema at line ${firstDifference(current, declarations.text)}`;
    io.err(
      `wp-entities-types: ${outName} ${where}. Run wp-entities-types --url ${values.url} --out ${outName} to update it.`,
    );
    return EXIT_CODES.outOfDate;
  }

  if (current !== declarations.text) await writeFile(outPath, declarations.text, 'utf8');
  const counts = countTyped(declarations.typed);
  io.out(
    `${current === declarations.text ? 'Kept' : 'Wrote'} ${outName}: ${counts.postType} post types, ${counts.taxonomy} taxonomies, ${counts.root > 0 ? 'settings' : 'no settings'}${
      declarations.skipped.length > 0 ? `; ${declarations.skipped.length} skipped` : ''
    }.`,
  );
  return partial ? EXIT_CODES.partial : EXIT_CODES.ok;
}

/** One stderr line per skipped entity, naming its route and why. */
function reportSkipped(skipped: readonly SkippedEntity[], io: TypegenIo): void {
  for (const entry of skipped) {
    io.err(`wp-entities-types: skipped ${entry.kind}/${entry.name}: ${entry.reason}`);
  }
}

/** How many entities of each kind were typed. */
function countTyped(typed: readonly string[]): { postType: number; taxonomy: number; root: number } {
  const counts = { postType: 0, taxonomy: 0, root: 0 };
  for (const entry of typed) {
    const kind = entry.slice(0, entry.indexOf('/')) as keyof typeof counts;
    counts[kind] += 1;
  }
  return counts;
}

/** The 1-based number of the first line where `a` and `b` differ. */
function firstDifference(a: string, b: string): number {
  const left = a.split('\n');
  const right = b.split('\n');
  let line = 0;
  while (line < left.length && line < right.length && left[line] === right[line]) line += 1;
  return line + 1;
}
