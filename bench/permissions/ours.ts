/**
 * Our side of the permissions benchmark: a list of 100 posts, then `canUser('update', 'posts', id)`
 * for each. Run by bench/permissions/run.ts in its own process: `node --import tsx
 * bench/permissions/ours.ts <6.7|6.1> <rounds>`.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { RestTransport } from '../../core/transport/RestTransport.js';
import { RootStore } from '../../stores/RootStore.js';
import { benchSite, countsOf, mockFetch, POSTS, type BenchWordPress, type SideResult } from './site.js';

const wordpress = (process.argv[2] ?? '6.7') as BenchWordPress;
const rounds = Number(process.argv[3] ?? 5);

async function once(): Promise<Omit<SideResult, 'side' | 'wordpress'> & { ms: number[] }> {
  const mock = benchSite(wordpress);
  const store = new RootStore({
    transport: new RestTransport({ root: mock.restRoot, fetch: mockFetch(mock), retry: false }),
  });
  const start = performance.now();
  const query = await store.collection('postType', 'post').query({ per_page: POSTS }).fetch();
  const ids = (query.records ?? []).map((record) => record.id as number);
  const answers = await Promise.all(ids.map((id) => store.permissions.canUser('update', 'posts', id)));
  const ms = performance.now() - start;
  store.dispose();
  return { counts: countsOf(mock), ms: [ms], answers };
}

const ms: number[] = [];
let last: Awaited<ReturnType<typeof once>> | undefined;
// The first round warms up the JIT; it is not counted.
for (let round = -1; round < rounds; round++) {
  last = await once();
  if (round >= 0) ms.push(...last.ms);
}
const result: SideResult = {
  side: 'wp-entities',
  wordpress,
  counts: last!.counts,
  ms,
  answers: last!.answers,
};
console.log(JSON.stringify(result));
