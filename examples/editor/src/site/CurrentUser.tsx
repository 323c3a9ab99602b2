import { useEffect, useState } from 'react';
import { observer, useStore } from 'wp-entities/react';
import { describeError } from '../ui/describeError.js';

/** The signed-in user (`/wp/v2/users/me`). */
export const CurrentUser = observer(function CurrentUser() {
  const store = useStore();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    store.users.fetchCurrent().catch(setError);
  }, [store]);
  const user = store.users.current;
  if (error !== undefined)
    return (
      <span className="current-user" title={describeError(error)}>
        Not signed in
      </span>
    );
  if (!user) return <span className="current-user">…</span>;
  const initials = (user.name ?? '?')
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const roles = Array.isArray(user.roles) ? (user.roles as string[]).join(', ') : '';
  return (
    <span className="current-user" data-user-id={user.id}>
      <span className="avatar" aria-hidden="true">
        {initials}
      </span>
      <span>
        Howdy, <strong>{user.name}</strong>
        {roles ? <span className="role"> ({roles})</span> : null}
      </span>
    </span>
  );
});
