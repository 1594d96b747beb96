import { type Cell, flexRender, type Row } from '@tanstack/react-table';
import Spinner from '../Spinner.tsx';
import { ACTIONS, columnLabel, type TViewProps } from './columns.ts';

/** Cells drawn for a table get room in a card: no minimum widths, no forced single lines. */
const fitCard = 'min-w-0 wrap-anywhere *:min-w-0 *:max-w-full *:whitespace-normal';

const renderCell = <T,>(cell: Cell<T, unknown>) => flexRender(cell.column.columnDef.cell, cell.getContext());

/**
 * The phone rows: one card per row, the title column as its heading, the other columns as
 * label/value pairs, the actions at its foot.
 */
export default function CardView<T>({
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
