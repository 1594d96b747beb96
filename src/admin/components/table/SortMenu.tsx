import type { Table } from '@tanstack/react-table';
import { columnLabel } from './columns.ts';

/** On a phone the headers are not there to click: the same sorting, as a menu. */
export default function SortMenu<T>({ table }: { table: Table<T> }) {
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
