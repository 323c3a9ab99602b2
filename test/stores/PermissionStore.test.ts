import { autorun, observable, runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { InvalidActionError, isInvalidActionError } from '../../core/errors.js';
import {
  PermissionStore,
  type PermissionAction,
  type PermissionConfigSource,
  type PermissionEntityConfig,
} from '../../stores/PermissionStore.js';
import { fetchError } from '../../core/transport/restErrors.js';
import { SiteFakeTransport, heldReply } from '../helpers/siteFakeTransport.js';

const ALL_METHODS = { Allow: 'GET, POST, PUT, PATCH, DELETE' };

function configSource(configs: Record<string, PermissionEntityConfig>): PermissionConfigSource & {
  ensured: string[];
  loaded: Set<string>;
} {
  const loaded = observable.set<string>();
  const ensured: string[] = [];
  return {
    ensured,
    loaded,
    get: (kind, name) => (loaded.has(`${kind}/${name}`) ? configs[`${kind}/${name}`] : undefined),
    ensure: (kind, name) => {
      ensured.push(`${kind}/${name}`);
      runInAction(() => loaded.add(`${kind}/${name}`));
      return Promise.resolve(configs[`${kind}/${name}`]);
    },
  };
}

/** Lets every queued promise callback run (no timing involved: a zero-delay macrotask). */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe('PermissionStore.canUser', () => {
  it('answers four checks on one resource with one OPTIONS request', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/posts', {
      headers: { Allow: 'GET, POST' },
    });
    const permissions = new PermissionStore(transport);

    const answers = await Promise.all([
      permissions.canUser('create', 'posts'),
      permissions.canUser('read', 'posts'),
      permissions.canUser('update', 'posts'),
      permissions.canUser('delete', 'posts'),
    ]);

    expect(answers).toEqual([true, true, false, false]);
    expect(transport.callsTo('OPTIONS', '/wp/v2/posts')).toHaveLength(1);
  });

  it('answers a later check of another action from the cache', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/posts/5', { headers: ALL_METHODS });
    const permissions = new PermissionStore(transport);

    await permissions.canUser('update', 'posts', 5);
    await expect(permissions.canUser('delete', 'posts', 5)).resolves.toBe(true);

    expect(transport.calls).toHaveLength(1);
  });

  it('asks OPTIONS on the record path and caches under action/resource/id', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/pages/12', { headers: ALL_METHODS });
    const permissions = new PermissionStore(transport);

    await permissions.canUser('update', 'pages', '12');

    expect(transport.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['OPTIONS /wp/v2/pages/12']);
    expect(permissions.get('update', 'pages', 12)).toBe(true);
    expect(permissions.get('update', 'pages')).toBeUndefined();
  });

  it('rejects an invalid action with the exact message and sends nothing', async () => {
    const transport = new SiteFakeTransport();
    const permissions = new PermissionStore(transport);

    const check = permissions.canUser('publish' as PermissionAction, 'posts');

    await expect(check).rejects.toThrow(InvalidActionError);
    await expect(check).rejects.toThrow("'publish' is not a valid action.");
    await check.catch((error: unknown) => expect(isInvalidActionError(error)).toBe(true));
    expect(transport.calls).toHaveLength(0);
  });

  it('answers update false when the Allow header has no PUT', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/posts/1', {
      headers: { Allow: 'GET, POST, DELETE' },
    });
    const permissions = new PermissionStore(transport);

    await expect(permissions.canUser('update', 'posts', 1)).resolves.toBe(false);
    expect(permissions.get('read', 'posts', 1)).toBe(true);
    expect(permissions.get('delete', 'posts', 1)).toBe(true);
  });

  it('answers every action false when the Allow header is missing', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/settings', { headers: {} });
    const permissions = new PermissionStore(transport);

    await expect(permissions.canUser('read', 'settings')).resolves.toBe(false);
    expect(permissions.get('update', 'settings')).toBe(false);
  });

  it('records nothing after a failed OPTIONS and asks again on the next check', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/media', {
      status: 500,
      body: { code: 'internal_server_error', message: 'Boom' },
    });
    const permissions = new PermissionStore(transport);

    await expect(permissions.canUser('create', 'media')).resolves.toBeUndefined();
    expect(permissions.get('create', 'media')).toBeUndefined();

    transport.on('OPTIONS', '/wp/v2/media', { headers: { Allow: 'GET, POST' } });
    await expect(permissions.canUser('read', 'media')).resolves.toBe(true);
    expect(permissions.get('create', 'media')).toBe(true);
    expect(transport.callsTo('OPTIONS', '/wp/v2/media')).toHaveLength(2);
  });

  it('reports the request in flight and makes the cached answer observable', async () => {
    const held = heldReply({ headers: { Allow: 'GET' } });
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/comments', held.handler);
    const permissions = new PermissionStore(transport);
    const seen: (boolean | undefined)[] = [];
    const dispose = autorun(() => seen.push(permissions.get('read', 'comments')));

    const check = permissions.canUser('read', 'comments');
    expect(permissions.isRequesting('comments')).toBe(true);
    held.release();
    await check;

    expect(permissions.isRequesting('comments')).toBe(false);
    expect(seen).toEqual([undefined, true]);
    dispose();
  });

  it('stores an answer given by receive', () => {
    const permissions = new PermissionStore(new SiteFakeTransport());

    permissions.receive('create', 'media', undefined, true);

    expect(permissions.get('create', 'media')).toBe(true);
    expect(() => permissions.receive('publish' as PermissionAction, 'media', undefined, true)).toThrow(
      "'publish' is not a valid action.",
    );
  });
});

describe('PermissionStore record permissions', () => {
  it('checks update on the config rest base for canUserEditRecord', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/posts/9', { headers: ALL_METHODS });
    const configs = configSource({ 'postType/post': { restBase: 'posts', baseURL: '/wp/v2/posts' } });
    const permissions = new PermissionStore(transport, { configs });

    await expect(permissions.canUserEditRecord('postType', 'post', 9)).resolves.toBe(true);

    expect(configs.ensured).toEqual(['postType/post']);
    expect(permissions.get('update', 'posts', 9)).toBe(true);
  });

  it('uses the base path under /wp/v2/ when the config has no rest base', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/settings', {
      headers: { Allow: 'GET, POST, PUT, PATCH' },
    });
    const configs = configSource({ 'root/site': { baseURL: '/wp/v2/settings' } });
    const permissions = new PermissionStore(transport, { configs });

    await expect(permissions.canUserEditRecord('root', 'site')).resolves.toBe(true);
  });

  it('answers false for an entity that does not exist, without a request', async () => {
    const transport = new SiteFakeTransport();
    const permissions = new PermissionStore(transport, { configs: configSource({}) });

    await expect(permissions.canUserEditRecord('postType', 'nope', 1)).resolves.toBe(false);
    expect(permissions.canEditRecord('postType', 'nope', 1)).toBe(false);
    expect(transport.calls).toHaveLength(0);
  });

  it('starts the check when canEditRecord is first read and updates its observers', async () => {
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/posts/3', { headers: { Allow: 'GET' } });
    const configs = configSource({ 'postType/post': { restBase: 'posts', baseURL: '/wp/v2/posts' } });
    const permissions = new PermissionStore(transport, { configs });
    const seen: (boolean | undefined)[] = [];
    const dispose = autorun(() => seen.push(permissions.canEditRecord('postType', 'post', 3)));

    await settle();

    expect(seen.at(-1)).toBe(false);
    expect(seen[0]).toBeUndefined();
    expect(transport.callsTo('OPTIONS', '/wp/v2/posts/3')).toHaveLength(1);
    dispose();
  });

  it('resolves undefined, never rejects, when the entity config cannot be loaded offline, and asks again later', async () => {
    // An editor screen checks without awaiting (`void permissions.canUser(...)`): a rejection
    // there is an uncaught error in the page.
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/posts/4', { headers: ALL_METHODS });
    const online = configSource({ 'postType/post': { restBase: 'posts', baseURL: '/wp/v2/posts' } });
    let isOffline = true;
    const offline = fetchError(new TypeError('Failed to fetch'));
    const configs: PermissionConfigSource = {
      get: online.get,
      ensure: (kind, name) => (isOffline ? Promise.reject(offline) : online.ensure(kind, name)),
    };
    const permissions = new PermissionStore(transport, { configs });
    const resource = { kind: 'postType', name: 'post', id: 4 } as const;

    await expect(permissions.canUser('update', resource)).resolves.toBeUndefined();
    await expect(permissions.canUserEditRecord('postType', 'post', 4)).resolves.toBeUndefined();
    expect(permissions.lastError('update', resource)).toBe(offline);
    expect(transport.calls).toHaveLength(0);

    isOffline = false;
    await expect(permissions.canUser('update', resource)).resolves.toBe(true);
    expect(permissions.lastError('update', resource)).toBeUndefined();
  });

  it('rejects canUserEditRecord with a clear error when no config source was given', async () => {
    const permissions = new PermissionStore(new SiteFakeTransport());

    await expect(permissions.canUserEditRecord('postType', 'post', 1)).rejects.toThrow(
      /no entity config source/,
    );
  });
});

describe('PermissionStore.canUpload', () => {
  it('checks create on media when first read', async () => {
    const held = heldReply({ headers: { Allow: 'GET, POST' } });
    const transport = new SiteFakeTransport().on('OPTIONS', '/wp/v2/media', held.handler);
    const permissions = new PermissionStore(transport);
    const seen: (boolean | undefined)[] = [];
    const dispose = autorun(() => seen.push(permissions.canUpload));

    await Promise.resolve();
    expect(transport.callsTo('OPTIONS', '/wp/v2/media')).toHaveLength(1);
    held.release();
    await settle();

    expect(seen).toEqual([undefined, true]);
    expect(transport.callsTo('OPTIONS', '/wp/v2/media')).toHaveLength(1);
    dispose();
  });
});
