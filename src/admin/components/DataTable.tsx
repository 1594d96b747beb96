import {
  type Cell,
  type Column,
  type ColumnDef,
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Row,
  type SortingState,
  type Table,
  useReactTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import Spinner from './Spinner.tsx';
import type { TServerListState } from './use-server-list.ts';

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

export type TRowLayout = 'table' | 'card';

/**
 * The table from Tailwind's `lg` breakpoint up, cards below it: between `md` (where the admin
 * sidebar moves beside the content) and `lg` the content column is too narrow for the wider
 * tables (ads), which would otherwise scroll sideways.
 */
const WIDE = '(min-width: 64rem)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Chosen in script rather than by CSS alone, so only one of the two layouts is in the page:
 * the rows' text and buttons exist once, for screen readers and for tests finding them by text.
 */
function useScreenLayout(): TRowLayout {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
  return wide ? 'table' : 'card';
}

const RowLayoutContext = createContext<TRowLayout>('table');

/** Which layout a row's actions are drawn in: a card asks for full-size tap targets. */
export const useRowLayout = () => useContext(RowLayoutContext);

const ACTIONS = 'actions';

/** SPEC.md §9's search debounce, used for the server-side filter too. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * The filter box's text. In server mode it is sent once typing pauses, and follows the
 * server state when that changes from outside (Back, a link) rather than from typing.
 */
function useFilterText(server: TServerMode | undefined) {
  const [text, setText] = useState(server?.filter ?? '');
  const sent = useRef(server?.filter ?? '');
  const shown = server?.filter;
  useEffect(() => {
    if (shown !== undefined && shown !== sent.current) {
      sent.current = shown;
      setText(shown);
    }
  }, [shown]);
  const send = server?.onFilterChange;
  useEffect(() => {
    const value = text.trim();
    if (!send || value === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = value;
      send(value);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, send]);
  return [text, setText] as const;
}

/** A column's header as plain text, for card labels and the sort menu. */
function columnLabel<T>(column: Column<T, unknown>): string {
  const def = column.columnDef.header;
  return typeof def === 'string' ? def : column.id;
}

/**
 * The one admin list (SPEC.md §2/§5): a filter box (trimmed, lower-case), sortable columns,
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
        <Pagination table={table} pageSize={pageSize} total={total} busy={refreshing} />
      </div>
    </RowLayoutContext.Provider>
  );
}

function emptyOrNoMatch(filter: string, emptyText: string) {
  return filter.trim() ? 'No rows match the filter.' : emptyText;
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (sorted === 'asc') return <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />;
  if (sorted === 'desc') return <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />;
  return <ArrowUpDown className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />;
}

type TViewProps = { caption?: string; loading: boolean; message: string | null; error: boolean };

/**
 * Where the table is wider than its card (a tablet, a long email), the Actions column stays
 * pinned at the right edge, so a row's Edit and Delete never need a sideways scroll.
 */
const stickyActions = 'sticky right-0 shadow-[-6px_0_8px_-6px_rgb(15_23_42/0.3)]';

function TableView<T>({ table, caption, loading, message, error }: TViewProps & { table: Table<T> }) {
  const span = table.getVisibleLeafColumns().length;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-50">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => {
                const sorted = h.column.getIsSorted();
                const label = flexRender(h.column.columnDef.header, h.getContext());
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={`px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-700 ${h.column.id === ACTIONS ? `${stickyActions} bg-slate-50` : ''}`}
                  >
                    {h.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={h.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 hover:text-slate-900"
                      >
                        {label}
                        <SortIcon sorted={sorted} />
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {loading ? (
            <tr>
              <td colSpan={span}>
                <Spinner />
              </td>
            </tr>
          ) : message !== null ? (
            <tr>
              <td colSpan={span} className={`px-3 py-8 text-center ${error ? 'text-red-700' : 'text-slate-500'}`}>
                {message}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="odd:bg-white even:bg-slate-50 hover:bg-slate-100">
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 align-top text-slate-700 ${cell.column.id === ACTIONS ? `${stickyActions} bg-inherit` : ''}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Cells drawn for a table get room in a card: no minimum widths, no forced single lines. */
const fitCard = 'min-w-0 wrap-anywhere *:min-w-0 *:max-w-full *:whitespace-normal';

const renderCell = <T,>(cell: Cell<T, unknown>) => flexRender(cell.column.columnDef.cell, cell.getContext());

function CardView<T>({
  rows,
  caption,
  loading,
  message,
  error,
  titleId,
}: TViewProps & { rows: Row<T>[]; titleId?: string }) {
  if (loading) return <Spinner />;
  if (message !== null) {
    return (
      <p
        className={`rounded-lg border border-slate-200 px-4 py-8 text-center text-sm ${error ? 'text-red-700' : 'text-slate-500'}`}
      >
        {message}
      </p>
    );
  }
  return (
    <ul aria-label={caption} className="space-y-3">
      {rows.map((row) => {
        const cells = row.getVisibleCells();
        const title = cells.find((c) => c.column.id === titleId);
        const actions = cells.find((c) => c.column.id === ACTIONS);
        const pairs = cells.filter((c) => c !== title && c !== actions);
        const headingId = `card-${row.id}-title`;
        return (
          <li
            key={row.id}
            aria-labelledby={title ? headingId : undefined}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            {title && (
              <h3 id={headingId} className={`text-base font-semibold text-slate-900 ${fitCard}`}>
                {renderCell(title)}
              </h3>
            )}
            {pairs.length > 0 && (
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                {pairs.map((cell) => (
                  <div key={cell.id} className="contents">
                    <dt className="font-medium text-slate-500">{columnLabel(cell.column)}</dt>
                    <dd className={`text-slate-700 ${fitCard}`}>{renderCell(cell)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {actions && <div className="mt-3 border-t border-slate-100 pt-3">{renderCell(actions)}</div>}
          </li>
        );
      })}
    </ul>
  );
}

/** On a phone the headers are not there to click: the same sorting, as a menu. */
function SortMenu<T>({ table }: { table: Table<T> }) {
  const sortable = table.getFlatHeaders().filter((h) => h.column.getCanSort());
  if (sortable.length === 0) return null;
  const [current] = table.getState().sorting;
  const value = current ? `${current.id}:${current.desc ? 'desc' : 'asc'}` : '';
  return (
    <label className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
      <span className="whitespace-nowrap">Sort by</span>
      <select
        value={value}
        onChange={(e) => {
          const [id, direction] = e.target.value.split(':');
          table.setSorting(id ? [{ id, desc: direction === 'desc' }] : []);
        }}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-primary focus:outline-none"
      >
        <option value="">List order</option>
        {sortable.flatMap((h) => [
          <option key={`${h.id}:asc`} value={`${h.column.id}:asc`}>
            {columnLabel(h.column)}, ascending
          </option>,
          <option key={`${h.id}:desc`} value={`${h.column.id}:desc`}>
            {columnLabel(h.column)}, descending
          </option>,
        ])}
      </select>
    </label>
  );
}

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

/** Counts read '1–5 of 100,040' rather than '100040'. */
const count = new Intl.NumberFormat('en-US');

function Pagination<T>({
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
  const from = Math.min(total, pageIndex * pageSize + 1);
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <span className="inline-flex items-center gap-3">
        <span>
          {count.format(from)}–{count.format(to)} of {count.format(total)}
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
          Page {count.format(pageIndex + 1)} of {count.format(Math.max(1, table.getPageCount()))}
        </span>
        <PageButton label="Next" onClick={table.nextPage} disabled={!table.getCanNextPage()} />
      </div>
    </div>
  );
}
