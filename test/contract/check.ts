/**
 * Runs the route-shape contract ({@link contractCases}) against any WordPress REST root with plain
 * `fetch`: a real site or the test kit's mock. {@link defineContractSuite} registers one vitest test
 * per case; {@link checkCase} is the checker itself and returns the differences it found.
 *
 * @module
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractCases,
  type ContractCase,
  type ContractFixtures,
  type ContractRole,
  type FieldExpectations,
  type JsonType,
  type Matcher,
} from './expectations.js';

/** A user the contract acts as. */
export interface ContractUser {
  /** The user id. */
  id: number;
  /** The `Authorization` header value (`Basic base64(login:application-password)`). */
  authorization: string;
}

/** Where the contract runs. */
export interface ContractTarget {
  /** The REST root, `http://host/wp-json` (a trailing slash is fine). */
  root: string;
  /** An administrator and an author. */
  users: { admin: ContractUser; author: ContractUser };
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** One answer as the checker sees it. */
export interface ContractResponse {
  /** HTTP status. */
  status: number;
  /** Response headers. */
  headers: Headers;
  /** Parsed JSON body; `undefined` for an empty body. */
  body: unknown;
}

/** Error thrown when the target cannot even be prepared (fixtures fail). */
export class ContractSetupError extends Error {
  override name = 'ContractSetupError';
}

/** Sends one request as a role and parses the JSON answer. */
export async function send(
  target: ContractTarget,
  as: ContractRole,
  method: string,
  path: string,
  options: { query?: Readonly<Record<string, string>>; body?: unknown; rawBody?: string } = {},
): Promise<ContractResponse> {
  const url = new URL(target.root.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (as !== 'anon') headers.Authorization = target.users[as].authorization;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined || options.rawBody !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = options.rawBody ?? JSON.stringify(options.body);
  }
  const response = await (target.fetch ?? fetch)(url, init);
  const text = await response.text();
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ContractSetupError(
        `${method} ${url.href} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * Creates the fixtures the cases name (posts by the administrator and the author, titled with a
 * fresh token) and looks up the active theme. The id of every post it creates is pushed onto
 * `created` as soon as it exists, so {@link cleanUp} can delete them even after a failure.
 */
export async function prepareFixtures(
  target: ContractTarget,
  created: number[] = [],
): Promise<ContractFixtures> {
  const token = `contract${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const create = async (as: 'admin' | 'author', title: string, status: string): Promise<number> => {
    const response = await send(target, as, 'POST', '/wp/v2/posts', {
      body: {
        title,
        content: '<!-- wp:paragraph --><p>Contract</p><!-- /wp:paragraph -->',
        status,
      },
    });
    const id = (response.body as { id?: unknown } | undefined)?.id;
    if (response.status !== 201 || typeof id !== 'number') {
      throw new ContractSetupError(
        `creating "${title}" as ${as} answered ${response.status}: ${JSON.stringify(response.body)}`,
      );
    }
    created.push(id);
    return id;
  };
  const themes = await send(target, 'admin', 'GET', '/wp/v2/themes', {
    query: { status: 'active' },
  });
  const theme = at(themes.body, '0.stylesheet');
  const stylesHref = at(themes.body, '0._links.wp:user-global-styles.0.href');
  const globalStyles = Number(/\/(\d+)$/.exec(String(stylesHref))?.[1]);
  if (typeof theme !== 'string' || !Number.isInteger(globalStyles)) {
    throw new ContractSetupError(
      `GET /wp/v2/themes?status=active answered ${themes.status} without a stylesheet and a wp:user-global-styles link`,
    );
  }
  return {
    adminPost: await create('admin', `${token} admin post`, 'publish'),
    authorPost: await create('author', `${token} author post`, 'publish'),
    authorDraft: await create('author', `${token} author draft`, 'draft'),
    authorPrivate: await create('author', `${token} author private`, 'private'),
    // Without the token: searches for the token must not find it.
    trashPost: await create('admin', 'Contract post to trash', 'publish'),
    globalStyles,
    theme,
    adminId: target.users.admin.id,
    authorId: target.users.author.id,
    token,
    root: target.root.replace(/\/+$/, ''),
  };
}

/** Deletes posts for good (as the administrator); ids already gone are fine. */
export async function cleanUp(target: ContractTarget, postIds: Iterable<number>): Promise<void> {
  for (const id of new Set(postIds)) {
    await send(target, 'admin', 'DELETE', `/wp/v2/posts/${id}`, { query: { force: 'true' } });
  }
}

/** Replaces `{fixture}` names in every string of a JSON-like value. */
function fill<T>(value: T, fixtures: ContractFixtures): T {
  if (typeof value === 'string') {
    // A string that is only a numeric fixture becomes that number (`author: '{adminId}'`).
    const whole = /^\{(\w+)\}$/.exec(value)?.[1];
    if (whole !== undefined && typeof fixtures[whole as keyof ContractFixtures] === 'number') {
      return fixtures[whole as keyof ContractFixtures] as T;
    }
    return value.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in fixtures ? String(fixtures[name as keyof ContractFixtures]) : whole,
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fill(item, fixtures)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof RegExp)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, fixtures)])) as T;
  }
  return value;
}

/** The value at a dot path (`$` is the value itself); `undefined` when any step is missing. */
function at(value: unknown, path: string): unknown {
  if (path === '$') return value;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function typeOf(value: unknown): JsonType | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object'
    ? type
    : 'undefined';
}

function show(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) &&
        isDeepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

function parseMethods(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((method) => method.trim().toUpperCase())
        .filter(Boolean)
        .sort()
    : [];
}

/** Checks one value; returns a description of the difference, or `undefined` when it matches. */
function mismatch(
  value: unknown,
  matcher: Matcher,
  context: unknown,
  fixtures: ContractFixtures,
): string | undefined {
  if ('equals' in matcher) {
    const want = fill(matcher.equals, fixtures);
    return isDeepEqual(value, want) ? undefined : `expected ${show(want)}, got ${show(value)}`;
  }
  if ('type' in matcher) {
    const got = typeOf(value);
    return got === matcher.type ? undefined : `expected a ${matcher.type}, got ${show(value)}`;
  }
  if ('present' in matcher) return value === undefined ? 'missing' : undefined;
  if ('absent' in matcher) {
    return value === undefined ? undefined : `expected absent, got ${show(value)}`;
  }
  if ('matches' in matcher) {
    return typeof value === 'string' && matcher.matches.test(value)
      ? undefined
      : `expected to match ${String(matcher.matches)}, got ${show(value)}`;
  }
  if ('length' in matcher) {
    const length = Array.isArray(value) || typeof value === 'string' ? value.length : undefined;
    return length === matcher.length
      ? undefined
      : `expected length ${matcher.length}, got ${length ?? show(value)}`;
  }
  if ('methods' in matcher) {
    const got = parseMethods(value);
    const want = [...matcher.methods].sort();
    return isDeepEqual(got, want) ? undefined : `expected methods ${want.join(', ')}, got ${show(value)}`;
  }
  if ('fixture' in matcher) {
    const want = fixtures[matcher.fixture];
    return value === want ? undefined : `expected ${show(want)} (${matcher.fixture}), got ${show(value)}`;
  }
  if ('format' in matcher) {
    const want = fill(matcher.format, fixtures).replace(/\{([\w-]+)\}/g, (_, name: string) =>
      String(at(context, name) ?? `<no ${name}>`),
    );
    return value === want ? undefined : `expected ${show(want)}, got ${show(value)}`;
  }
  if ('keys' in matcher) {
    const got =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.keys(value).sort()
        : undefined;
    const want = [...matcher.keys].sort();
    return got !== undefined && isDeepEqual(got, want)
      ? undefined
      : `expected keys ${want.join(', ')}, got ${got === undefined ? show(value) : got.join(', ')}`;
  }
  if (!Array.isArray(value) || value.length === 0) {
    return `expected a non-empty array, got ${show(value)}`;
  }
  const problems = value.flatMap((item: unknown, index) =>
    checkFields(item, matcher.every, fixtures).map((problem) => `[${index}] ${problem}`),
  );
  return problems.length === 0 ? undefined : problems.join('; ');
}

function checkFields(value: unknown, fields: FieldExpectations, fixtures: ContractFixtures): string[] {
  return Object.entries(fields).flatMap(([path, matcher]) => {
    const problem = mismatch(at(value, path), matcher, value, fixtures);
    return problem === undefined ? [] : [`${path}: ${problem}`];
  });
}

/** The result of {@link checkCase}. */
export interface CaseResult {
  /** Every difference between the answer and the case; empty when the answer matches. */
  problems: string[];
  /** Ids of posts the request created (to delete afterwards). */
  createdPostIds: number[];
}

/** Sends one case's request to the target and compares the answer with the case. */
export async function checkCase(
  target: ContractTarget,
  fixtures: ContractFixtures,
  testCase: ContractCase,
): Promise<CaseResult> {
  const response = await send(target, testCase.as, testCase.method, fill(testCase.path, fixtures), {
    ...(testCase.query === undefined ? {} : { query: fill(testCase.query, fixtures) }),
    ...(testCase.body === undefined ? {} : { body: fill(testCase.body, fixtures) }),
    ...(testCase.rawBody === undefined ? {} : { rawBody: testCase.rawBody }),
  });
  const problems: string[] = [];
  if (response.status !== testCase.status) {
    problems.push(
      `status: expected ${testCase.status}, got ${response.status}: ${show(response.body).slice(0, 300)}`,
    );
  }
  if (testCase.status >= 400) {
    // Every WordPress error body is {code, message, data: {status}}.
    problems.push(
      ...checkFields(
        response.body,
        {
          code: testCase.code === undefined ? { type: 'string' } : { equals: testCase.code },
          message: { type: 'string' },
          'data.status': { equals: testCase.status },
        },
        fixtures,
      ).map((problem) => `error body ${problem}`),
    );
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  for (const [name, matcher] of Object.entries(testCase.headers ?? {})) {
    const problem = mismatch(response.headers.get(name) ?? undefined, matcher, headers, fixtures);
    if (problem !== undefined) problems.push(`header ${name}: ${problem}`);
  }
  problems.push(...checkFields(response.body, testCase.json ?? {}, fixtures));
  return { problems, createdPostIds: createdIds(testCase, response) };
}

function createdIds(testCase: ContractCase, response: ContractResponse): number[] {
  const idOf = (body: unknown): number[] => {
    const id = at(body, 'id');
    return typeof id === 'number' ? [id] : [];
  };
  if (testCase.creates === 'post' && response.status === 201) return idOf(response.body);
  if (testCase.creates === 'batch') {
    const responses = at(response.body, 'responses');
    return Array.isArray(responses)
      ? responses.flatMap((item: unknown) => (at(item, 'status') === 201 ? idOf(at(item, 'body')) : []))
      : [];
  }
  return [];
}

/**
 * Registers the contract as a vitest suite: fixtures before, one test per case in order, and the
 * posts it created deleted after.
 */
export function defineContractSuite(
  title: string,
  getTarget: () => ContractTarget | Promise<ContractTarget>,
): void {
  describe(title, () => {
    let target: ContractTarget | undefined;
    let fixtures: ContractFixtures | undefined;
    const created: number[] = [];

    beforeAll(async () => {
      target = await getTarget();
      fixtures = await prepareFixtures(target, created);
    });

    afterAll(async () => {
      if (target !== undefined) await cleanUp(target, created);
    });

    for (const testCase of contractCases) {
      it(testCase.name, async () => {
        if (target === undefined || fixtures === undefined) {
          throw new ContractSetupError('the contract fixtures were not created');
        }
        const result = await checkCase(target, fixtures, testCase);
        created.push(...result.createdPostIds);
        expect(result.problems).toEqual([]);
      });
    }
  });
}
