/**
 * Writes `plugins/wp-entities-sync/includes/synced-entities.php`, the PHP plugin's list of the
 * root entities whose rooms it serves and the capability each needs, from the entities' sync rules
 * (`DEFAULT_SYNCED_ENTITIES`, what the entity table's configs say). Run after changing them:
 * `npx tsx scripts/sync/phpSyncedEntities.ts`; a test fails while the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SYNCED_ENTITIES, type EntitySyncRules } from '../../core/entitySync.js';

/** Where the plugin reads the list. */
export const PHP_SYNCED_ENTITIES_PATH = fileURLToPath(
  new URL('../../plugins/wp-entities-sync/includes/synced-entities.php', import.meta.url),
);

/** A PHP single-quoted string literal. */
function phpString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** The PHP file for `entities`: name => capability and whether the room carries no id, per root entity. */
export function phpSyncedEntities(entities: readonly EntitySyncRules[] = DEFAULT_SYNCED_ENTITIES): string {
  const rows = entities
    .filter((rules) => rules.kind === 'root')
    .map(
      (rules) =>
        `\t${phpString(rules.name)} => array(\n` +
        `\t\t'capability' => ${phpString(rules.roomCapability)},\n` +
        `\t\t'singleton'  => ${rules.singleton ? 'true' : 'false'},\n` +
        `\t),`,
    );
  return [
    '<?php',
    '/**',
    ' * The root entities whose rooms the relay serves, with the capability a user needs to join one:',
    " * generated from wp-entities' entity sync rules by scripts/sync/phpSyncedEntities.ts. Do not edit.",
    ' *',
    ' * @package wp-entities-sync',
    ' */',
    '',
    "defined( 'ABSPATH' ) || exit;",
    '',
    'return array(',
    ...rows,
    ');',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(PHP_SYNCED_ENTITIES_PATH, phpSyncedEntities());
  console.log(`Wrote ${PHP_SYNCED_ENTITIES_PATH}`);
}
