/**
 * The example scripts (examples/scripts/) against the mock WordPress served on 127.0.0.1, as a
 * user would run them: called as functions, and one started as a real `tsx` process. The scripting
 * example of docs/reading-and-editing.md must stay the body of readPosts.ts.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockWordPress, MOCK_USERS, type MockServerHandle } from 'wp-entities/testing';
import { connectionFromEnv, type Connection } from '../../examples/scripts/connection.js';
import { readPosts } from '../../examples/scripts/readPosts.js';
import { retitle } from '../../examples/scripts/retitle.js';

const mock = createMockWordPress();
let server: MockServerHandle;
let admin: Connection;
beforeAll(async () => {
  server = await mock.listen();
  admin = {
    root: server.root,
    auth: { username: MOCK_USERS.admin.username, applicationPassword: MOCK_USERS.admin.appPassword },
  };
});
afterAll(() => server.close());
beforeEach(() => mock.reset());

const fromRoot = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));

describe('examples/scripts', () => {
  it('readPosts reads a post’s raw title and the drafts', async () => {
    const id = mock.addPost('post', { title: 'Hello & <b>welcome</b>', status: 'publish' });
    const draft = mock.addPost('post', { title: 'Not yet', status: 'draft' });
    const printed: unknown[][] = [];
    const read = await readPosts(admin, id, (...values) => printed.push(values));
    expect(read.title).toBe('Hello & <b>welcome</b>');
    expect(read.draftIds).toContain(draft);
    expect(read.totalItems).toBe(read.draftIds?.length);
    expect(printed[0]).toEqual(['Hello & <b>welcome</b>']);
  });

  it('retitle saves the title and reports the edit and the save that cleared it', async () => {
    const id = mock.addPost('post', { title: 'Old', status: 'publish' });
    const printed: string[] = [];
    const saved = await retitle(admin, id, 'New', (...values) => printed.push(JSON.stringify(values)));
    expect(saved).toBe('New');
    expect(printed).toEqual([
      JSON.stringify([id, 'local', ['title']]),
      JSON.stringify(['dirty:', true]),
      JSON.stringify([id, 'server', ['title']]),
      JSON.stringify(['saved:', 'New', 'dirty:', false]),
    ]);
    const again = await readPosts(admin, id, () => undefined);
    expect(again.title).toBe('New');
  });

  it('retitle without credentials is refused by the site and loses nothing', async () => {
    const id = mock.addPost('post', { title: 'Kept', status: 'publish' });
    await expect(
      retitle(
        { root: server.root, auth: { username: 'admin', applicationPassword: 'wrong' } },
        id,
        'X',
        () => undefined,
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect((await readPosts(admin, id, () => undefined)).title).toBe('Kept');
  });

  it('reads its connection from the environment, with a clear error when it is incomplete', () => {
    expect(connectionFromEnv({ WP_URL: 'http://127.0.0.1:1/wp-json' })).toEqual({
      root: 'http://127.0.0.1:1/wp-json',
    });
    expect(() => connectionFromEnv({})).toThrow(/Set WP_URL/);
    expect(() => connectionFromEnv({ WP_URL: 'x', WP_USER: 'admin' })).toThrow(
      /both WP_USER and WP_APP_PASSWORD/,
    );
  });

  it('runs as a script: npx tsx examples/scripts/readPosts.ts <id>', async () => {
    const id = mock.addPost('post', { title: 'From the shell', status: 'publish' });
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [fromRoot('node_modules/tsx/dist/cli.mjs'), fromRoot('examples/scripts/readPosts.ts'), String(id)],
      {
        cwd: fromRoot('.'),
        env: {
          ...process.env,
          WP_URL: server.root,
          WP_USER: MOCK_USERS.admin.username,
          WP_APP_PASSWORD: MOCK_USERS.admin.appPassword,
        },
        timeout: 60_000,
      },
    );
    expect(stdout.split('\n')[0]).toBe('From the shell');
  }, 60_000);

  it('keeps the scripting example of docs/reading-and-editing.md as the body of readPosts.ts', () => {
    const doc = readFileSync(fromRoot('docs/reading-and-editing.md'), 'utf8');
    const example = /## A script\n\n```ts\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const body = example.slice(example.indexOf('const posts'));
    expect(body).not.toBe('');
    // The script takes the id as an argument and prints through `log`.
    const expected = body.replace('fetch(5)', 'fetch(id)').replaceAll('console.log(', 'log(');
    const lines = (source: string) =>
      source
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    const script = lines(readFileSync(fromRoot('examples/scripts/readPosts.ts'), 'utf8')).join('\n');
    expect(script).toContain(lines(expected).join('\n'));
  });
});
