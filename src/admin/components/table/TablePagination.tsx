import type { Table } from '@tanstack/react-table';
import { formatCount, pageSpan } from '../../../components/ui/pagination.ts';

/** Prev / Next: tap-sized on a phone, compact beside the table. */
function PageButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={() => onClick()}
      disabled={disabled}
      className="min-h-11 min-w-16 rounded-md border border-slate-300 px-3 py-1 disabled:opacity-40 md:min-h-0 md:min-w-0"
    >
      {label}
    </button>
  );
}

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
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
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
      <div className="flex items-center gap-1">
        <PageButton label="Prev" onClick={table.previousPage} disabled={!table.getCanPreviousPage()} />
        <span className="px-2">
          Page {formatCount(pageIndex + 1)} of {formatCount(Math.max(1, table.getPageCount()))}
        </span>
        <PageButton label="Next" onClick={table.nextPage} disabled={!table.getCanNextPage()} />
      </div>
    </div>
  );
}
