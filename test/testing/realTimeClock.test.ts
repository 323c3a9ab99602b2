/**
 * The mock's `realTime` clock: a save made now is dated now (the example editor's "Last saved"),
 * dates still follow the order of writes, and without the option the clock stays fixed.
 */
import { describe, expect, it } from 'vitest';
import { createMockWordPress, MOCK_USERS } from 'wp-entities/testing';

async function save(mock: ReturnType<typeof createMockWordPress>, title: string): Promise<string> {
  const response = await mock.handle(
    new Request(`${mock.restRoot}/wp/v2/posts/1`, {
      method: 'PUT',
      headers: { authorization: MOCK_USERS.admin.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    }),
  );
  return ((await response.json()) as { modified_gmt: string }).modified_gmt;
}

const asMs = (gmt: string) => Date.parse(`${gmt}Z`);

describe('the mock WordPress clock', () => {
  it('with realTime, dates a save at the machine’s time, and later writes later', async () => {
    const mock = createMockWordPress({ realTime: true });
    const before = Math.floor(Date.now() / 1000) * 1000;
    const first = await save(mock, 'One');
    const second = await save(mock, 'Two');
    const after = Date.now();
    expect(asMs(first)).toBeGreaterThanOrEqual(before);
    // A save ticks the clock a few times (the post, its revision): seconds, not the fixed 2026-11-21.
    expect(asMs(first)).toBeLessThanOrEqual(after + 5000);
    // Two writes in one second: the second is a second later, never the same date.
    expect(asMs(second)).toBeGreaterThan(asMs(first));
  });

  it('without it, stays on its fixed clock', async () => {
    const mock = createMockWordPress();
    expect(await save(mock, 'One')).toMatch(/^2026-11-21T10:00:0\d$/);
  });
});
