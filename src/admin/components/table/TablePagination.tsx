import type { Table } from '@tanstack/react-table';
import Pager from '../../../components/ui/Pager.tsx';
import { formatCount, pageSpan } from '../../../components/ui/pagination.ts';

/** "1–5 of 40", Prev, "Page 1 of 8", Next; nothing when there are no rows. */
export default function TablePagination<T>({
  table,
  pageSize,
  total,
  busy,
}: {
  table: Table<T>;
  pageSize: number;
  total: number;
  /** The next page is on its way (server mode). */
  busy: boolean;
}) {
  if (total === 0) return null;
  const { pageIndex } = table.getState().pagination;
  const { from, to } = pageSpan({ page: pageIndex + 1, pageSize, total });
  return (
    <Pager
      page={pageIndex + 1}
      totalPages={table.getPageCount()}
      onGo={(page) => table.setPageIndex(page - 1)}
      status={
        <span className="inline-flex items-center gap-3">
          <span>
            {formatCount(from)}–{formatCount(to)} of {formatCount(total)}
          </span>
          {busy && (
            <span role="status" className="inline-flex items-center gap-1.5 text-slate-500">
              <span
                className="h-3.5 w-3.5 animate-spin rounded-full border-2 border-slate-200 border-t-primary"
                aria-hidden="true"
              />
              Loading…
            </span>
          )}
        </span>
      }
    />
  );
}
