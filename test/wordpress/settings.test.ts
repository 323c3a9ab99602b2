import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../contract/check.js';
import { uniqueToken } from './posts.js';
import { contractTarget, wordpressSite } from './site.js';
import { loggedStoreAs, restErrorOf, storeAs } from './stores.js';

const site = wordpressSite();
const target = contractTarget(site);
const token = uniqueToken('title');

interface Settings {
  title: string;
  description: string;
}

async function serverTitle(): Promise<string> {
  const response = await send(target, 'admin', 'GET', '/wp/v2/settings', { query: { _fields: 'title' } });
  return (response.body as { title: string }).title;
}

let originalTitle = '';

beforeAll(async () => {
  originalTitle = await serverTitle();
});

afterAll(async () => {
  await send(target, 'admin', 'POST', '/wp/v2/settings', { body: { title: originalTitle } });
});

describe('the site title on WordPress 6.1', () => {
  it('reads the settings singleton and titles it by the site title', async () => {
    const store = storeAs('admin');
    const settings = await store.collection<Settings>('root', 'site').fetch();

    expect(settings).toBe(store.record('root', 'site'));
    expect(settings?.persisted?.title).toBe(originalTitle);
    expect(settings?.title).toBe(originalTitle);
  });

  it('edits the title locally, then saves it with one POST to the settings, which have no id', async () => {
    const { store, log } = loggedStoreAs('admin');
    const settings = await store.collection<Settings>('root', 'site').fetch();
    if (!settings) throw new Error('the settings were not fetched');
    const title = `${token} edited`;

    settings.edit({ title });
    expect(settings.title).toBe(title);
    expect(settings.persisted?.title).toBe(originalTitle);
    expect(settings.hasEdits).toBe(true);

    log.length = 0;
    await settings.save({ throwOnError: true });

    expect(log.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      'POST /wp/v2/settings',
    ]);
    expect(settings.hasEdits).toBe(false);
    expect(settings.persisted?.title).toBe(title);
    expect(await serverTitle()).toBe(title);
  });

  it('shows the saved title in the site info', async () => {
    const store = storeAs('admin');
    const settings = await store.collection<Settings>('root', 'site').fetch();
    if (!settings) throw new Error('the settings were not fetched');
    const title = `${token} in base`;
    settings.edit({ title });
    await settings.save({ throwOnError: true });

    const base = await store.collection<{ name: string }>('root', 'base').fetch();
    expect(base?.persisted?.name).toBe(title);
  });

  it("rejects an author's save of the title with 403 rest_forbidden and keeps the edit", async () => {
    const store = storeAs('author');
    const settings = store.record<Settings>('root', 'site');

    settings.edit({ title: `${token} author` });
    const error = await restErrorOf(settings.save({ throwOnError: true }));

    expect(error).toMatchObject({ status: 403, code: 'rest_forbidden' });
    expect(settings.edits).toEqual({ title: `${token} author` });
  });

  it('rejects an anonymous read of the settings with 401 rest_forbidden', async () => {
    const store = storeAs('anon');
    const error = await restErrorOf(store.collection('root', 'site').fetch());

    expect(error).toMatchObject({ status: 401, code: 'rest_forbidden' });
  });
});
