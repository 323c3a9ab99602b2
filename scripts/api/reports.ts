/**
 * The API reports (`etc/*.api.md`): one per entry point, made by API Extractor from the built
 * `.d.ts` (`npm run api:check` and `npm run api:update` build first).
 *
 * - `tsx scripts/api/reports.ts` checks: it fails when an entry point's API differs from its
 *   committed report (the new report is left in `dist/api-extractor/` to compare).
 * - `tsx scripts/api/reports.ts --update` writes the reports instead: commit them with the change.
 *
 * Prints how many names each entry point exports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

const root = fileURLToPath(new URL('../../', import.meta.url));
const configFolder = `${root}etc/api-extractor/`;
const update = process.argv.includes('--update');
const names = readdirSync(configFolder)
  .filter((file) => file.endsWith('.json') && file !== 'base.json')
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

let failed = 0;
// Every entry point of package.json has its report and its place in the API reference.
const packageJson = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  exports: Record<string, { types?: string } | string>;
};
const typedoc = readFileSync(`${root}typedoc.json`, 'utf8');
for (const [subpath, target] of Object.entries(packageJson.exports)) {
  if (typeof target === 'string' || target.types === undefined) continue;
  const name = `wp-entities${subpath.slice(1).replaceAll('/', '-')}`;
  const source = target.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts');
  if (!names.includes(name)) {
    failed += 1;
    console.error(
      `${subpath} has no API report: add etc/api-extractor/${name}.json (as the others, ` +
        `mainEntryPointFilePath "<projectFolder>/${target.types.slice(2)}") and run npm run api:update.`,
    );
  }
  if (!typedoc.includes(`"${source}"`) && !typedoc.includes(`"${source}x"`)) {
    failed += 1;
    console.error(
      `${subpath} is missing from the API reference: add "${source}" to typedoc.json's entryPoints.`,
    );
  }
}
for (const name of names) {
  const config = ExtractorConfig.loadFileAndPrepare(`${configFolder}${name}.json`);
  const result = Extractor.invoke(config, {
    localBuild: update,
    messageCallback: (message) => {
      // Told below, once per entry point, with what to do.
      if (message.messageId === 'console-api-report-changed') message.logLevel = ExtractorLogLevel.None;
    },
  });
  const report = `dist/api-extractor/${name}.api.md`;
  const exported = readFileSync(`${root}${report}`, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('export ')).length;
  if (result.succeeded) {
    console.log(`${name}: ${exported} exported names${result.apiReportChanged ? ', report updated' : ''}`);
    continue;
  }
  failed += 1;
  console.error(
    result.apiReportChanged
      ? `${name}: the public API changed and etc/${name}.api.md does not show it. Compare it with ` +
          `${report}; if the change is meant, run npm run api:update and commit the report.`
      : `${name}: API Extractor found ${result.errorCount} errors and ${result.warningCount} warnings (above).`,
  );
}
if (failed > 0) process.exit(1);
