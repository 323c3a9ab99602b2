/**
 * Counts our React list's derivations per edit (reactions run plus computeds whose value changed)
 * with MobX's spy, which only the development build has. `bench/compare.ts` runs this file in a
 * child process with NODE_ENV=development and reads the JSON it prints on its last line.
 *
 * @module
 */
import { performance } from 'node:perf_hooks';
import { SIZES } from './definitions.js';
import { installDom, newContainer } from './dom.js';
import { MockServer } from './server.js';

installDom();
const { runReactList } = await import('./oursReact.js');
const server = new MockServer({ posts: SIZES.reactRows });
const figures = await runReactList(
  {
    server,
    sizes: SIZES,
    heapMB: () => process.memoryUsage().heapUsed / 1024 / 1024,
    container: newContainer,
    async measure(work) {
      const start = performance.now();
      await work();
      return performance.now() - start;
    },
  },
  { countDerivations: true },
);
console.log(JSON.stringify(figures));
