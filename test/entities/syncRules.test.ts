/**
 * What syncs is said once, in the entity table: the rules the sync server, the test kit's relay
 * and the PHP plugin use by default are what the store's own configs say, and the plugin's room
 * list is generated from them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNCED_ENTITIES, syncRulesFor } from '../../core/entitySync.js';
import { PostTypeConfig } from '../../models/EntityConfig.js';
import { createRootEntityConfigs } from '../../stores/entities/rootEntities.js';
import { PHP_SYNCED_ENTITIES_PATH, phpSyncedEntities } from '../../scripts/sync/phpSyncedEntities.js';

describe('the sync rules of the entity table', () => {
  it('are the defaults the server and the relays serve: every post type and root/site, nothing else', () => {
    const fromTable = createRootEntityConfigs().flatMap((config) =>
      config.sync === undefined ? [] : [config.sync],
    );
    const defaults = DEFAULT_SYNCED_ENTITIES.filter((rules) => rules.name !== '*');
    expect(fromTable).toEqual(defaults);
    const post = new PostTypeConfig({ name: 'book', baseURL: '/wp/v2/books' }).sync;
    expect(post).toEqual({
      ...syncRulesFor(DEFAULT_SYNCED_ENTITIES, 'postType', 'book'),
      name: 'book',
      path: '/wp/v2/books',
    });
  });

  it("are the PHP plugin's room list (regenerate with `npx tsx scripts/sync/phpSyncedEntities.ts`)", () => {
    expect(readFileSync(PHP_SYNCED_ENTITIES_PATH, 'utf8')).toBe(phpSyncedEntities());
  });
});
