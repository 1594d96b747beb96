import {
  type ColumnDef,
  functionalUpdate,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import CardView from './table/CardView.tsx';
import { ACTIONS } from './table/columns.ts';
import { RowLayoutContext, useScreenLayout } from './table/layout.ts';
import SortMenu from './table/SortMenu.tsx';
import TablePagination from './table/TablePagination.tsx';
import TableView from './table/TableView.tsx';
import { useFilterText } from './table/use-filter-text.ts';
import type { TServerListState } from './use-server-list.ts';

export { type TRowLayout, useRowLayout } from './table/layout.ts';

/**
 * Server mode: `data` is one page that the server filtered, sorted and paged; the table
 * shows it as it came and reports the reader's page, sort and filter changes instead of
 * applying them. The filter is reported once typing pauses.
 */
export type TServerMode = TServerListState & {
  /** How many rows match the filter on the server: the pager's total. */
  rowCount: number;
  onPageIndexChange: (pageIndex: number) => void;
  onSortingChange: (sorting: SortingState) => void;
  onFilterChange: (text: string) => void;
};

type Props<T> = {
  // biome-ignore lint/suspicious/noExplicitAny: columns of mixed value types, as TanStack documents
  columns: ColumnDef<T, any>[];
  data: T[];
  loading?: boolean;
  /** Shown above the table, right of the filter (e.g. an Add button). */
  toolbar?: ReactNode;
  emptyText?: string;
  error?: string | null;
  pageSize?: number;
  caption?: string;
  /** The row's actions: the last column ('Actions') of the table, the foot of each card. */
  rowActions?: (row: T) => ReactNode;
  /** The column that titles each card on a phone; the first column when not given. */
  cardTitle?: string;
  /** Given, the server filters, sorts and pages (large lists); otherwise all in the browser. */
  server?: TServerMode;
};

/**
 * The one admin list: a filter box (trimmed, lower-case), sortable columns,
 * page size 5, loading/empty/error states. It filters, sorts and pages in the browser, or,
 * with `server`, shows the page the server chose (TanStack's manual modes) and keeps the
 * previous rows, dimmed, while the next page loads. Column ids that should not
 * sort or filter set enableSorting/enableGlobalFilter false (e.g. images). From `md` up it
 * is a table; on a phone each row is a card (the title column as its heading, the other
 * columns as label/value pairs, the actions as full-size buttons) with a Sort by menu in
 * place of the clickable headers.
 */
export default function DataTable<T>({
  columns,
  data,
  loading = false,
  toolbar,
  emptyText = 'Nothing here yet.',
  error = null,
  pageSize = 5,
  caption,
  rowActions,
  cardTitle,
  server,
}: Props<T>) {
  const layout = useScreenLayout();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filter, setFilter] = useFilterText(server);
  const allColumns = useMemo<typeof columns>(
    () =>
      rowActions
        ? [
            ...columns,
            {
              id: ACTIONS,
              header: 'Actions',
              enableSorting: false,
              enableGlobalFilter: false,
              cell: ({ row }) => rowActions(row.original),
            },
          ]
        : columns,
    [columns, rowActions],
  );
  const table = useReactTable<T>({
    data,
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    ...(server
      ? {
          manualPagination: true,
          manualSorting: true,
          manualFiltering: true,
          rowCount: server.rowCount,
          // The server sorts on one column (id breaking ties).
          enableMultiSort: false,
          state: { sorting: server.sorting, pagination: { pageIndex: server.pageIndex, pageSize } },
          onSortingChange: (u) => server.onSortingChange(functionalUpdate(u, server.sorting)),
          onPaginationChange: (u) =>
            server.onPageIndexChange(functionalUpdate(u, { pageIndex: server.pageIndex, pageSize }).pageIndex),
        }
      : {
          state: { sorting, globalFilter: filter.trim().toLowerCase() },
          onSortingChange: setSorting,
          globalFilterFn: (row, columnId, value: string) =>
            String(row.getValue(columnId) ?? '')
              .toLowerCase()
              .includes(value),
          initialState: { pagination: { pageIndex: 0, pageSize } },
          autoResetPageIndex: true,
        }),
  });
  const rows = table.getRowModel().rows;
  // A server page being replaced keeps its rows on screen; only a first load blanks the list.
  const refreshing = !!server && loading && data.length > 0;
  const blank = loading && !refreshing;
  const activeFilter = server ? server.filter : filter;
  const message = blank ? null : error ? error : rows.length === 0 ? emptyOrNoMatch(activeFilter, emptyText) : null;
  const total = server ? server.rowCount : table.getFilteredRowModel().rows.length;

  return (
    <RowLayoutContext.Provider value={layout}>
      <div className="space-y-3">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center md:contents">
            <label className="relative block w-full md:max-w-xs">
              <span className="sr-only">Filter</span>
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <input
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="Filter"
                className="min-h-11 w-full rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm focus:border-primary focus:outline-none md:min-h-0"
              />
            </label>
            {layout === 'card' && <SortMenu table={table} />}
          </div>
          {toolbar && (
            <div className="flex shrink-0 gap-2 *:min-h-11 *:flex-1 sm:*:flex-none md:*:min-h-0">{toolbar}</div>
          )}
        </div>
        <div aria-busy={refreshing} className={refreshing ? 'opacity-60 transition-opacity' : undefined}>
          {layout === 'table' ? (
            <TableView table={table} caption={caption} loading={blank} message={message} error={!!error} />
          ) : (
            <CardView
              rows={rows}
              caption={caption}
              loading={blank}
              message={message}
              error={!!error}
              titleId={cardTitle ?? table.getAllLeafColumns()[0]?.id}
            />
          )}
        </div>
        <TablePagination table={table} pageSize={pageSize} total={total} busy={refreshing} />
      </div>
    </RowLayoutContext.Provider>
  );
}

function emptyOrNoMatch(filter: string, emptyText: string) {
  return filter.trim() ? 'No rows match the filter.' : emptyText;
}
