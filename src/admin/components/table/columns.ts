import type { Column } from '@tanstack/react-table';

/** The id of the column DataTable adds for the row's actions. */
export const ACTIONS = 'actions';

/** A column's header as plain text, for card labels and the sort menu. */
export function columnLabel<T>(column: Column<T, unknown>): string {
  const def = column.columnDef.header;
  return typeof def === 'string' ? def : column.id;
}

/** What both row views show instead of rows: a spinner, or a message (empty, no match, error). */
export type TViewProps = { caption?: string; loading: boolean; message: string | null; error: boolean };
