import { useEffect, useState } from 'react';
import type { RootStore } from 'wp-entities';

/**
 * The signed-in user's roles. `users.current` comes from `/users/me` in the view context, which
 * has no roles; this asks once for them in the edit context (every user may read their own).
 * `undefined` until known; `[]` when the request fails.
 */
export function useOwnRoles(store: RootStore): readonly string[] | undefined {
  const [roles, setRoles] = useState<readonly string[]>();
  useEffect(() => {
    let isCurrent = true;
    store.transport
      .request<{ roles?: unknown }>({
        path: '/wp/v2/users/me',
        query: { context: 'edit', _fields: 'id,roles' },
      })
      .then(
        (me) => {
          const list = (me as { roles?: unknown }).roles;
          if (isCurrent) setRoles(Array.isArray(list) ? list.map(String) : []);
        },
        () => {
          if (isCurrent) setRoles([]);
        },
      );
    return () => {
      isCurrent = false;
    };
  }, [store]);
  return roles;
}
