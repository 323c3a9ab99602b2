import { useEffect, useState } from 'react';
import type { Query } from 'wp-entities';
import { observer, useEntityRecords, useStore } from 'wp-entities/react';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { PostRow } from './PostRow.js';
import { PostTableHead } from './PostTableHead.js';
import { WindowedPostList } from './WindowedPostList.js';
import { hrefOf } from '../app/router.js';
import { STATUS_LABELS, TYPE_LABELS, type EditablePostType, type EditorPost } from '../app/types.js';
import { useOwnRoles } from './useOwnRoles.js';
import { OfflineState } from '../offline/OfflineState.js';
import { useIsOffline } from '../offline/useIsOffline.js';

const PER_PAGE = 10;
const ALL_STATUSES = Object.keys(STATUS_LABELS);

/**
 * Can the signed-in user see every post of the list (an editor, an administrator)? WordPress counts
 * `X-WP-Total` before it drops the posts a user may not read, so for an author a list of other
 * people's drafts would count rows it never shows. `undefined` while the user is not known.
 */
function seesOthersPosts(roles: readonly string[] | undefined): boolean | undefined {
  if (roles === undefined) return undefined;
  // Roles could not be read: list everything, as WordPress answers it.
  if (roles.length === 0) return true;
  return roles.some((role) => role === 'administrator' || role === 'editor');
}

/** The list of posts or pages (or their trash): status filter, search, pagination, totals, Add new. */
export const PostList = observer(function PostList({
  type,
  isTrash = false,
}: {
  type: EditablePostType;
  isTrash?: boolean;
}) {
  const store = useStore();
  const [status, setStatus] = useState('all');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // Pages of 10 (WordPress's own list screen), or every post in one scrolling list.
  const [isOneList, setIsOneList] = useState(false);
  const me = store.users.current;
  const roles = useOwnRoles(store);
  const seesAll = seesOthersPosts(roles);

  // Search as the user types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  // The view context lists what the user may read (an author sees the others' published posts too);
  // the editor then loads a post in the edit context, or read-only when that is not allowed.
  const statuses = isTrash ? 'trash' : status === 'all' ? ALL_STATUSES : status;
  // Someone who only sees their own unpublished posts is shown those, so the totals count what is listed.
  const onlyMine = seesAll === false && (isTrash || status !== 'publish') && me !== undefined;
  const listQuery: Query = {
    context: 'view',
    status: statuses,
    ...(onlyMine ? { author: me.id } : {}),
    ...(search ? { search } : {}),
  };
  const query: Query = { ...listQuery, per_page: PER_PAGE, page };
  // Until the user is known, which list to ask for is not known either: asking early would show the
  // unfiltered count first.
  const isUserKnown = roles !== undefined && (me !== undefined || store.users.currentError !== undefined);
  const list = useEntityRecords<EditorPost>('postType', type, query, {
    enabled: isUserKnown && !isOneList,
  });
  const labels = TYPE_LABELS[type];
  const isOffline = useIsOffline();
  const totalPages = list.totalPages ?? 0;
  const heading = isTrash ? `${labels.many}: trash` : labels.many;

  return (
    <section className="post-list" aria-labelledby="list-heading">
      <div className="list-head">
        <h1 id="list-heading">{heading}</h1>
        {isTrash ? null : (
          <a className="button primary" href={hrefOf({ screen: 'new', type })}>
            Add new {labels.one.toLowerCase()}
          </a>
        )}
        <span className="spacer" />
        {isTrash ? (
          <a href={hrefOf({ screen: 'list', type })}>‹ All {labels.many.toLowerCase()}</a>
        ) : (
          <a href={hrefOf({ screen: 'list', type, status: 'trash' })}>Trash</a>
        )}
      </div>
      <div className="filters">
        {isTrash ? null : (
          <label>
            Status{' '}
            <select
              aria-label="Status filter"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
                setPage(1);
              }}
            >
              <option value="all">{seesAll === false ? 'All of mine' : 'All'}</option>
              {ALL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value === 'publish' && seesAll === false ? 'Published (everyone’s)' : STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        )}
        <input
          type="search"
          placeholder={`Search ${labels.many.toLowerCase()}…`}
          aria-label="Search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <button
          type="button"
          className="view-toggle"
          aria-pressed={isOneList}
          onClick={() => setIsOneList(!isOneList)}
        >
          One scrolling list
        </button>
        {isOneList ? null : (
          <span className="totals" data-testid="totals" aria-live="polite">
            {list.totalItems === null ? '' : `${list.totalItems} ${list.totalItems === 1 ? 'item' : 'items'}`}
          </span>
        )}
      </div>
      {isOneList ? (
        <WindowedPostList type={type} query={listQuery} isTrash={isTrash} enabled={isUserKnown} />
      ) : list.error ? (
        <ErrorNotice error={list.error} />
      ) : null}
      {isOneList ? null : list.records === null && isOffline ? (
        <OfflineState
          subject={{ kind: 'postType', name: type, what: `the list of ${labels.many.toLowerCase()}` }}
        />
      ) : list.records === null ? (
        <p className="loading">{list.error ? '' : 'Loading…'}</p>
      ) : list.records.length === 0 ? (
        <p className="empty">{isTrash ? 'The trash is empty.' : `No ${labels.many.toLowerCase()} found.`}</p>
      ) : (
        <table className="rows">
          <PostTableHead isTrash={isTrash} />
          <tbody>
            {list.records.map((record) => (
              <PostRow key={record.id} record={record} type={type} isTrash={isTrash} />
            ))}
          </tbody>
        </table>
      )}
      {!isOneList && totalPages > 1 ? (
        <nav className="pagination" aria-label="Pages">
          <button type="button" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            ‹ Previous
          </button>
          <span>
            Page {page} of {totalPages}
          </span>
          <button type="button" onClick={() => setPage(page + 1)} disabled={page >= totalPages}>
            Next ›
          </button>
        </nav>
      ) : null}
      {!isOneList && list.isResolving && list.records !== null ? <p className="muted">Updating…</p> : null}
    </section>
  );
});
