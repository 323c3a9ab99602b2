import { useEffect, useState } from 'react';
import type { Query } from 'wp-entities';
import { observer, useEntityRecords } from 'wp-entities/react';
import { ErrorNotice } from './ErrorNotice.js';
import { PostRow } from './PostRow.js';
import { STATUS_LABELS, TYPE_LABELS, type EditablePostType, type EditorPost } from './types.js';

const PER_PAGE = 10;
const ALL_STATUSES = Object.keys(STATUS_LABELS);

/** The list of posts or pages: status filter, search, pagination and the totals the server sent. */
export const PostList = observer(function PostList({ type }: { type: EditablePostType }) {
  const [status, setStatus] = useState('all');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

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
  const query: Query = {
    context: 'view',
    status: status === 'all' ? ALL_STATUSES : status,
    per_page: PER_PAGE,
    page,
    ...(search ? { search } : {}),
  };
  const list = useEntityRecords<EditorPost>('postType', type, query);
  const labels = TYPE_LABELS[type];
  const totalPages = list.totalPages ?? 1;

  return (
    <section className="post-list" aria-label={labels.many}>
      <h2>{labels.many}</h2>
      <div className="filters">
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
            <option value="all">All</option>
            {ALL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <input
          type="search"
          placeholder={`Search ${labels.many.toLowerCase()}…`}
          aria-label="Search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <span className="totals" data-testid="totals">
          {list.totalItems === null ? '' : `${list.totalItems} ${list.totalItems === 1 ? 'item' : 'items'}`}
        </span>
      </div>
      {list.error ? <ErrorNotice error={list.error} /> : null}
      {list.records === null ? (
        <p className="loading">{list.error ? '' : 'Loading…'}</p>
      ) : list.records.length === 0 ? (
        <p className="empty">No {labels.many.toLowerCase()} found.</p>
      ) : (
        <table className="rows">
          <thead>
            <tr>
              <th>Title</th>
              <th>Author</th>
              <th>Status</th>
              <th>Date</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((record) => (
              <PostRow key={record.id} record={record} type={type} />
            ))}
          </tbody>
        </table>
      )}
      <div className="pagination">
        <button type="button" onClick={() => setPage(page - 1)} disabled={page <= 1}>
          ‹ Previous
        </button>
        <span>
          Page {page} of {totalPages}
        </span>
        <button type="button" onClick={() => setPage(page + 1)} disabled={page >= totalPages}>
          Next ›
        </button>
        {list.isResolving ? <span className="muted">Updating…</span> : null}
      </div>
    </section>
  );
});
