/**
 * Runs our side on React 18.2 (bench/core-data's, the React core-data 6.30 runs on) instead of the
 * library's React 19, so that our React scenarios can be compared with 6.30's on the same React:
 * `BENCH_REACT=18` in bench/scenarioProcess.ts calls {@link useReact18} before anything loads React.
 * Both module systems are redirected: ESM imports through a resolve hook, CommonJS `require` (as in
 * mobx-react-lite's build) through the resolver of `node:module`.
 *
 * @module
 */
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const REACT = /^(react|react-dom|scheduler)(\/.*)?$/;

/** Makes `react`, `react-dom` and `scheduler` resolve to bench/core-data's React 18.2. */
export function useReact18(): void {
  const parentURL = new URL('../core-data/package.json', import.meta.url).href;
  register('./react18Hooks.mjs', import.meta.url, { data: { parentURL } });
  const fromCoreData = fileURLToPath(parentURL);
  const moduleWithResolver = Module as unknown as {
    _resolveFilename(request: string, parent: unknown, ...rest: unknown[]): string;
    _nodeModulePaths(from: string): string[];
  };
  const paths = moduleWithResolver._nodeModulePaths(fromCoreData);
  const resolveFilename = moduleWithResolver._resolveFilename.bind(Module);
  moduleWithResolver._resolveFilename = (request, parent, ...rest) =>
    REACT.test(request)
      ? resolveFilename(request, { id: fromCoreData, filename: fromCoreData, paths }, ...rest)
      : resolveFilename(request, parent, ...rest);
}
