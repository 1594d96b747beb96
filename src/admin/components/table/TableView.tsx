import { flexRender, type Table } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import Spinner from '../Spinner.tsx';
import { ACTIONS, type TViewProps } from './columns.ts';

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (sorted === 'asc') return <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />;
  if (sorted === 'desc') return <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />;
  return <ArrowUpDown className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />;
}

/**
 * Where the table is wider than its card (a tablet, a long email), the Actions column stays
 * pinned at the right edge, so a row's Edit and Delete never need a sideways scroll.
 */
const stickyActions = 'sticky right-0 shadow-[-6px_0_8px_-6px_rgb(15_23_42/0.3)]';

/** The wide-screen rows: a table whose sortable headers are buttons. */
export default function TableView<T>({ table, caption, loading, message, error }: TViewProps & { table: Table<T> }) {
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
