/**
 * The demo's seed greets nobody with something they did not do: no post has an autosave waiting
 * (the editor would offer to restore it), and its clock is the machine's (a save made now is not
 * dated 21 Nov 2026).
 */
import { describe, expect, it } from 'vitest';
import { createMockWordPress, MOCK_USERS } from 'wp-entities/testing';
import { DEMO_SEED } from '../../examples/editor/src/demo/siteSeed.js';

const get = async (mock: ReturnType<typeof createMockWordPress>, path: string): Promise<unknown> =>
  (
    await mock.handle(
      new Request(`${mock.restRoot}${path}`, { headers: { authorization: MOCK_USERS.admin.authorization } }),
    )
  ).json();

describe('the demo’s seed', () => {
  it('has no autosave waiting on any post or page', async () => {
    const mock = createMockWordPress(DEMO_SEED);
    for (const type of ['posts', 'pages']) {
      const records = (await get(mock, `/wp/v2/${type}?per_page=100&status=any`)) as { id: number }[];
      expect(records.length).toBeGreaterThan(0);
      for (const { id } of records) expect(await get(mock, `/wp/v2/${type}/${id}/autosaves`)).toEqual([]);
    }
  });

  it('dates a save at the machine’s time', async () => {
    const mock = createMockWordPress(DEMO_SEED);
    const response = await mock.handle(
      new Request(`${mock.restRoot}/wp/v2/posts/1`, {
        method: 'PUT',
        headers: { authorization: MOCK_USERS.admin.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Now' }),
      }),
    );
    const { modified_gmt } = (await response.json()) as { modified_gmt: string };
    expect(Math.abs(Date.parse(`${modified_gmt}Z`) - Date.now())).toBeLessThan(60_000);
  });
});
