/**
 * Creating and deleting test posts on the real site with plain `fetch` (through `/batch/v1`), so
 * test setup does not depend on the transport under test.
 *
 * @module
 */
import { send, ContractSetupError } from '../contract/check.js';
import { contractTarget, type WordPressSite } from './site.js';

/** WordPress's largest batch (`OPTIONS /batch/v1` → `maxItems`). */
const BATCH_SIZE = 25;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    out.push(items.slice(start, start + BATCH_SIZE));
  }
  return out;
}

/** Creates posts as a user, 25 per batch; resolves their ids in order. */
export async function createPosts(
  site: WordPressSite,
  as: 'admin' | 'author',
  posts: readonly Record<string, unknown>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(posts)) {
    const response = await send(contractTarget(site), as, 'POST', '/batch/v1', {
      body: { requests: part.map((body) => ({ method: 'POST', path: '/wp/v2/posts', body })) },
    });
    const responses = (response.body as { responses?: { status: number; body: { id?: number } }[] })
      .responses;
    for (const item of responses ?? []) {
      if (item.status !== 201 || typeof item.body.id !== 'number') {
        throw new ContractSetupError(
          `creating a test post answered ${item.status}: ${JSON.stringify(item.body)}`,
        );
      }
      ids.push(item.body.id);
    }
  }
  return ids;
}

/** Deletes posts for good as the administrator, 25 per batch. */
export async function deletePosts(site: WordPressSite, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids)) {
    await send(contractTarget(site), 'admin', 'POST', '/batch/v1', {
      body: { requests: part.map((id) => ({ method: 'DELETE', path: `/wp/v2/posts/${id}?force=true` })) },
    });
  }
}

/** A string unique to this test run, for titles and searches. */
export function uniqueToken(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
