/**
 * Module resolution hooks of bench/scenarios/react18.ts: `react`, `react-dom` and `scheduler`
 * imported from ESM resolve to React 18.2 in bench/core-data (see there why).
 *
 * @module
 */
const REACT = /^(react|react-dom|scheduler)(\/.*)?$/;

/** @type {string | undefined} */
let parent;

/** Receives the URL of bench/core-data/package.json, where React 18 is resolved from. */
export function initialize(data) {
  parent = data.parentURL;
}

/** Resolves React's packages from bench/core-data; everything else as before. */
export function resolve(specifier, context, nextResolve) {
  if (parent !== undefined && REACT.test(specifier)) {
    return nextResolve(specifier, { ...context, parentURL: parent });
  }
  return nextResolve(specifier, context);
}
