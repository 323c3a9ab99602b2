/**
 * The README's snippets are files under examples/, shown in the README exactly as they are (each
 * code block follows a `<!-- examples/… -->` line naming its file), and the scripts among them run
 * as a newcomer runs them: `npx tsx <file>` on the repository, printing what their comments say.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const fromRoot = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const readme = readFileSync(fromRoot('README.md'), 'utf8');

/** Every code block of the README in a language that is code (not a shell session), with the file it names. */
const snippets = [...readme.matchAll(/(?:<!-- (examples\/\S+) -->\n\n?)?```(ts|tsx|js)\n([\s\S]*?)```/g)].map(
  (match) => ({ file: match[1], code: match[3] ?? '' }),
);

async function runScript(file: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [fromRoot('node_modules/tsx/dist/cli.mjs'), fromRoot(file)],
    { cwd: fromRoot('.'), timeout: 60_000 },
  );
  return stdout.trimEnd().split('\n');
}

describe('README.md', () => {
  it('is at most 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('names the file of every code snippet', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(4);
    expect(snippets.filter((snippet) => snippet.file === undefined).map((snippet) => snippet.code)).toEqual(
      [],
    );
  });

  it.each(snippets.filter((snippet) => snippet.file !== undefined))(
    'shows $file exactly as it is',
    ({ file, code }) => {
      expect(code).toBe(readFileSync(fromRoot(file ?? ''), 'utf8'));
    },
  );

  it('the quick start script lists posts, edits a title, saves and undoes', async () => {
    expect(await runScript('examples/quickstart/script.ts')).toEqual([
      '27 Release notes for version 2.1',
      '25 Customising the theme',
      '23 Pending review workflow',
      'true',
      "false { raw: 'Edited from a script', rendered: 'Edited from a script' }",
      'Release notes for version 2.1 true',
    ]);
  }, 60_000);

  it('the collaboration example shares an unsaved title through the relay', async () => {
    expect(await runScript('examples/collaboration/twoEditors.ts')).toEqual(['Written together true']);
  }, 60_000);

  it('the sync server example shares an unsaved excerpt through the server', async () => {
    expect(await runScript('examples/syncServer/throughTheServer.ts')).toEqual([
      'Shared through the sync server',
    ]);
  }, 60_000);
});
