/**
 * A tiny hash router: `#/posts`, `#/posts/trash`, `#/pages`, `#/post/5`, `#/post/new`, `#/page/2`,
 * `#/templates`, `#/styles`, `#/embed`.
 *
 * @module
 */
import { useEffect, useState } from 'react';
import type { EditablePostType } from './types.js';

/** A screen of the editor. */
export type Route =
  | { screen: 'list'; type: EditablePostType; status?: 'trash' }
  | { screen: 'edit'; type: EditablePostType; id: number }
  | { screen: 'new'; type: EditablePostType }
  | { screen: 'templates' }
  | { screen: 'styles' }
  | { screen: 'embed' };

/** Reads a route from a location hash; unknown hashes show the post list. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  const [head, second] = parts;
  if ((head === 'post' || head === 'page') && second === 'new') return { screen: 'new', type: head };
  if ((head === 'post' || head === 'page') && second && /^\d+$/.test(second)) {
    return { screen: 'edit', type: head, id: Number(second) };
  }
  if (head === 'posts' || head === 'pages') {
    const type = head === 'posts' ? 'post' : 'page';
    return second === 'trash' ? { screen: 'list', type, status: 'trash' } : { screen: 'list', type };
  }
  if (head === 'templates' || head === 'styles' || head === 'embed') return { screen: head };
  return { screen: 'list', type: 'post' };
}

/** The hash of a route. */
export function hrefOf(route: Route): string {
  switch (route.screen) {
    case 'list':
      return `#/${route.type}s${route.status ? `/${route.status}` : ''}`;
    case 'edit':
      return `#/${route.type}/${route.id}`;
    case 'new':
      return `#/${route.type}/new`;
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

/** Goes to a route in place of the current history entry (Back skips the page being replaced). */
export function replaceRoute(route: Route): void {
  window.history.replaceState(null, '', hrefOf(route));
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
