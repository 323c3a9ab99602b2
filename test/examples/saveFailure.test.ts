/**
 * The demo's "Make the next save fail": the collaboration relay's polls, which every open editor
 * sends each second, must not use the failure up; the next save gets it.
 */
import { describe, expect, it } from 'vitest';
import { createMockWordPress, MOCK_USERS } from 'wp-entities/testing';
import { failNextWrite, isFailingWrite } from '../../examples/editor/src/demo/saveFailure.js';

function send(mock: ReturnType<typeof createMockWordPress>, method: string, path: string, body: unknown) {
  return mock.handle(
    new Request(`${mock.restRoot}${path}`, {
      method,
      headers: { authorization: MOCK_USERS.admin.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

describe('the demo’s save failure', () => {
  it('hits saves and batches, not autosaves, reads or the relay', () => {
    expect(isFailingWrite({ method: 'PUT', path: '/wp/v2/posts/1' })).toBe(true);
    expect(isFailingWrite({ method: 'POST', path: '/wp/v2/pages' })).toBe(true);
    expect(isFailingWrite({ method: 'POST', path: '/batch/v1' })).toBe(true);
    expect(isFailingWrite({ method: 'POST', path: '/wp/v2/posts/1/autosaves' })).toBe(false);
    expect(isFailingWrite({ method: 'GET', path: '/wp/v2/posts/1' })).toBe(false);
    expect(isFailingWrite({ method: 'POST', path: '/wp-sync/v1/updates' })).toBe(false);
  });

  it('is still armed after the relay’s polls, and the save that follows fails', async () => {
    const mock = createMockWordPress();
    failNextWrite(mock);
    const poll = await send(mock, 'POST', '/wp-sync/v1/updates', {
      rooms: [{ room: 'postType/post:1', client_id: 7, after: 0, awareness: null, updates: [] }],
    });
    expect(poll.status).toBe(200);
    const save = await send(mock, 'PUT', '/wp/v2/posts/1', { title: 'Saved?' });
    expect(save.status).toBe(500);
    const again = await send(mock, 'PUT', '/wp/v2/posts/1', { title: 'Saved' });
    expect(again.status).toBe(200);
  });
});
