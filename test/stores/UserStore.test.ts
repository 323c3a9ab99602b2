import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { RestError } from '../../core/errors.js';
import { UserStore, type User } from '../../stores/UserStore.js';
import { SiteFakeTransport, heldReply } from '../helpers/siteFakeTransport.js';

const ADMIN: User = { id: 1, name: 'admin', slug: 'admin' };
const AUTHOR: User = { id: 2, name: 'author', slug: 'author' };

describe('UserStore.current', () => {
  it('fetches the signed-in user from /wp/v2/users/me', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/users/me', { body: ADMIN });
    const users = new UserStore(transport);
    const seen: (User | undefined)[] = [];
    const dispose = autorun(() => seen.push(users.current));

    await expect(users.fetchCurrent()).resolves.toEqual(ADMIN);

    expect(seen).toEqual([undefined, ADMIN]);
    dispose();
  });

  it('rejects with the RestError and can be asked again', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/users/me', {
      status: 401,
      body: { code: 'rest_not_logged_in', message: 'You are not currently logged in.' },
    });
    const users = new UserStore(transport);

    await expect(users.fetchCurrent()).rejects.toBeInstanceOf(RestError);
    expect(users.current).toBeUndefined();
    expect(users.currentError).toMatchObject({ code: 'rest_not_logged_in' });

    transport.on('GET', '/wp/v2/users/me', { body: AUTHOR });
    await expect(users.fetchCurrent()).resolves.toEqual(AUTHOR);
    expect(users.currentError).toBeUndefined();
  });

  it('shares one request between concurrent calls', async () => {
    const held = heldReply({ body: ADMIN });
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/users/me', held.handler);
    const users = new UserStore(transport);

    const both = Promise.all([users.fetchCurrent(), users.fetchCurrent()]);
    held.release();
    await both;

    expect(transport.calls).toHaveLength(1);
  });
});

describe('UserStore.authors', () => {
  it('asks /wp/v2/users/ for authors, 100 a page, plus the query', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/users/', { body: [AUTHOR] });
    const users = new UserStore(transport);

    await expect(users.authors({ search: 'auth' })).resolves.toEqual([AUTHOR]);

    expect(transport.calls).toEqual([
      {
        method: 'GET',
        path: '/wp/v2/users/',
        query: { who: 'authors', per_page: '100', search: 'auth' },
        body: undefined,
      },
    ]);
  });

  it('caches the answer by query, whatever the order of its keys, and each user by id', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/users/', { body: [ADMIN, AUTHOR] });
    const users = new UserStore(transport);

    await users.authors({ search: 'a', orderby: 'name' });
    const again = await users.authors({ orderby: 'name', search: 'a' });

    expect(again).toEqual([ADMIN, AUTHOR]);
    expect(transport.calls).toHaveLength(1);
    expect(users.byId(2)).toEqual(AUTHOR);
    expect(users.byId('1')).toEqual(ADMIN);
    expect(users.authorsOf({ search: 'a', orderby: 'name' })).toEqual([ADMIN, AUTHOR]);
    expect(users.authorsOf({ search: 'b' })).toBeUndefined();
  });

  it('requests a different query separately', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/users/', (call) => ({
      body: call.query.search === 'adm' ? [ADMIN] : [ADMIN, AUTHOR],
    }));
    const users = new UserStore(transport);

    await users.authors();
    await expect(users.authors({ search: 'adm' })).resolves.toEqual([ADMIN]);

    expect(transport.calls).toHaveLength(2);
    expect(users.authorsOf()).toEqual([ADMIN, AUTHOR]);
  });

  it('caches nothing when the request fails, so the next call asks again', async () => {
    const transport = new SiteFakeTransport().on('GET', '/wp/v2/users/', {
      status: 401,
      body: {
        code: 'rest_forbidden_who',
        message: 'Sorry, you are not allowed to query users by this parameter.',
      },
    });
    const users = new UserStore(transport);

    await expect(users.authors()).rejects.toMatchObject({ status: 401, code: 'rest_forbidden_who' });
    expect(users.authorsOf()).toBeUndefined();

    transport.on('GET', '/wp/v2/users/', { body: [AUTHOR] });
    await expect(users.authors()).resolves.toEqual([AUTHOR]);
  });

  it('keeps users given to receive by id', () => {
    const users = new UserStore(new SiteFakeTransport());

    users.receive([ADMIN, { ...AUTHOR, id: '2' as unknown as number }]);

    expect(users.byId(2)?.name).toBe('author');
    expect(users.byId(1)).toEqual(ADMIN);
  });
});
