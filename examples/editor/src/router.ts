/**
 * A tiny hash router: `#/posts`, `#/pages`, `#/post/5`, `#/page/2`, `#/templates`, `#/styles`, `#/embed`.
 *
 * @module
 */
import { useEffect, useState } from 'react';
import type { EditablePostType } from './types.js';

/** A screen of the editor. */
export type Route =
  | { screen: 'list'; type: EditablePostType }
  | { screen: 'edit'; type: EditablePostType; id: number }
  | { screen: 'templates' }
  | { screen: 'styles' }
  | { screen: 'embed' };

/** Reads a route from a location hash; unknown hashes show the post list. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  const [head, second] = parts;
  if ((head === 'post' || head === 'page') && second && /^\d+$/.test(second)) {
    return { screen: 'edit', type: head, id: Number(second) };
  }
  if (head === 'pages') return { screen: 'list', type: 'page' };
  if (head === 'templates' || head === 'styles' || head === 'embed') return { screen: head };
  return { screen: 'list', type: 'post' };
}

/** The hash of a route. */
export function hrefOf(route: Route): string {
  switch (route.screen) {
    case 'list':
      return `#/${route.type}s`;
    case 'edit':
      return `#/${route.type}/${route.id}`;
    default:
      return `#/${route.screen}`;
  }
}

/** The current route, updated on `hashchange`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/** Goes to a route. */
export function navigate(route: Route): void {
  window.location.hash = hrefOf(route);
}
