/**
 * The post list as one scrolling list, for a site of any size: pages of 100 are asked for as the
 * reader scrolls near the end of what is loaded (`useInfiniteEntityRecords`), and only the rows in
 * view (and a few either side) are mounted, so 10,000 posts scroll as smoothly as 10.
 *
 * @module
 */
import { useEffect, useState, type UIEvent } from 'react';
import type { Query } from 'wp-entities';
import { observer, useInfiniteEntityRecords } from 'wp-entities/react';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import type { EditablePostType, EditorPost } from '../app/types.js';
import { PostRow } from './PostRow.js';
import { PostTableHead } from './PostTableHead.js';

/** Every row's height in px (the CSS of `.windowed tr` says the same): what makes the window arithmetic exact. */
export const ROW_HEIGHT_PX = 40;
/** Rows mounted above and below those in view, so a quick scroll shows rows, not blank space. */
const OVERSCAN_ROWS = 8;
/** Posts per request: WordPress's largest page. */
const PAGE_SIZE = 100;

/** The rows to mount for a scroll position: `[first, end)` of the list, clamped to what exists. */
export function visibleRange(
  scrollTopPx: number,
  viewportPx: number,
  rowCount: number,
): { first: number; end: number } {
  const first = Math.max(0, Math.floor(scrollTopPx / ROW_HEIGHT_PX) - OVERSCAN_ROWS);
  const end = Math.min(rowCount, Math.ceil((scrollTopPx + viewportPx) / ROW_HEIGHT_PX) + OVERSCAN_ROWS);
  return { first, end: Math.max(first, end) };
}

/** The list of `type` for `query` (no `page` or `per_page`), windowed. */
export const WindowedPostList = observer(function WindowedPostList({
  type,
  query,
  isTrash,
  enabled,
}: {
  type: EditablePostType;
  query: Query;
  isTrash: boolean;
  enabled: boolean;
}) {
  const list = useInfiniteEntityRecords<EditorPost>('postType', type, query, { perPage: PAGE_SIZE, enabled });
  // The viewport element (state, not a ref: it appears only once the first page is there).
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  // The viewport's height, and again when the window is resized.
  useEffect(() => {
    if (viewport === null) return;
    const measure = (): void => setScroll((was) => ({ ...was, height: viewport.clientHeight }));
    measure();
    const resizes = new ResizeObserver(measure);
    resizes.observe(viewport);
    return () => resizes.disconnect();
  }, [viewport]);

  const records = list.records;
  // The scrollbar is as long as the whole list on the server; rows not loaded yet are placeholders.
  const rowCount = list.totalItems ?? records.length;
  const { first, end } = visibleRange(scroll.top, scroll.height, rowCount);
  // Ask for the next page once the window reaches past what is loaded (or close to its end).
  const wantsMore = list.hasNextPage && !list.isFetchingNextPage && end + OVERSCAN_ROWS >= records.length;
  useEffect(() => {
    if (wantsMore) void list.fetchNextPage();
  }, [wantsMore, records.length, list]);

  const onScroll = (event: UIEvent<HTMLDivElement>): void => {
    const top = event.currentTarget.scrollTop;
    setScroll((was) => (was.top === top ? was : { ...was, top }));
  };

  if (list.isLoading) return <p className="loading">{list.error ? '' : 'Loading…'}</p>;
  const rows = [];
  for (let index = first; index < end; index++) {
    const record = records[index];
    rows.push(
      record === undefined ? (
        <tr key={`pending-${index}`} className="is-pending" aria-hidden="true">
          <td colSpan={4}>Loading…</td>
        </tr>
      ) : (
        <PostRow key={record.id} record={record} type={type} isTrash={isTrash} />
      ),
    );
  }
  return (
    <>
      {list.error ? <ErrorNotice error={list.error} /> : null}
      <p className="muted" data-testid="windowed-totals" aria-live="polite">
        {rowCount} {rowCount === 1 ? 'item' : 'items'}, {records.length} loaded
      </p>
      <div
        ref={setViewport}
        className="windowed"
        data-testid="windowed-list"
        onScroll={onScroll}
        // Focusable, so the list scrolls from the keyboard (arrows, Page Down) too.
        tabIndex={0}
        role="region"
        aria-label={`All ${rowCount} rows, loaded as you scroll`}
      >
        <table className="rows" aria-rowcount={rowCount}>
          <PostTableHead isTrash={isTrash} />
          <tbody>
            {first > 0 ? <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT_PX }} /> : null}
            {rows}
            {end < rowCount ? (
              <tr aria-hidden="true" style={{ height: (rowCount - end) * ROW_HEIGHT_PX }} />
            ) : null}
          </tbody>
        </table>
      </div>
    </>
  );
});
