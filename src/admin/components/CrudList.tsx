import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_PAGE_SIZE as PAGE_SIZE } from '../../../api/constants/limits.ts';
import { buttonClass } from '../../components/ui/classes.ts';
import { apiFetch, type TApiPath } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import DataTable, { type TServerMode, useRowLayout } from './DataTable.tsx';
import { useListState } from './list-return.ts';
import { useApiList } from './use-api-list.ts';
import { useServerList } from './use-server-list.ts';

type TRow = { id: number };

export type TCrudListProps<T extends TRow> = {
  /** The list heading, as docs/SCREENS.md names it. */
  title: string;
  /** GET endpoint of the list and the key holding the array ('data', 'users'). */
  listPath: TApiPath;
  listKey?: string;
  /** The screen's own toast when the list cannot be loaded (docs/SCREENS.md), if it has one. */
  failText?: string;
  // biome-ignore lint/suspicious/noExplicitAny: columns of mixed value types, as TanStack documents
  columns: ColumnDef<T, any>[];
  addLabel?: string;
  addTo?: string;
  /** Edit either navigates (editTo) or hands the row to the screen (onEdit). */
  editTo?: (row: T) => string;
  onEdit?: (row: T) => void;
  /** DELETE endpoint for a row, and how the confirm names it. */
  deletePath: (row: T) => TApiPath;
  describe: (row: T) => string;
  deleteNote?: string;
  emptyText: string;
  /** A screen's own row actions (e.g. Ban on Users), shown before Delete in the row's look. */
  moreActions?: (row: T, ctx: { reload: () => Promise<void>; className: string }) => ReactNode;
  /** The row's public page, linked as View before Edit. */
  viewHref?: (row: T) => string;
  /** The column id that titles each row's card on a phone (DataTable's cardTitle). */
  cardTitle?: string;
  /** The screen's own filters, shown between the heading and the table. */
  filters?: ReactNode;
  /** Changing this reloads the list (e.g. after the screen saved a row). */
  reloadKey?: unknown;
  /**
   * The server filters, sorts and pages (listPath answers `?page=&limit=&q=&sort=&order=`
   * with one page and `total`), the state kept in the URL: for lists too long to load whole.
   */
  serverPaging?: boolean;
};

/** What a list screen needs from wherever its rows come from. */
type TListSource<T> = {
  rows: T[];
  loading: boolean;
  error: string | null;
  reload: () => Promise<void>;
  server?: TServerMode;
};

/** The ids of the columns that sort: the only `sort` values a server-paged list asks for. */
// biome-ignore lint/suspicious/noExplicitAny: columns of mixed value types, as TanStack documents
function sortableIds<T>(columns: ColumnDef<T, any>[]): string[] {
  return columns
    .filter((c) => c.enableSorting !== false)
    .map((c) => c.id ?? ('accessorKey' in c ? String(c.accessorKey) : ''))
    .filter(Boolean);
}

function ClientCrudList<T extends TRow>(props: TCrudListProps<T>) {
  const list = useApiList<T>(props.listPath, props.listKey ?? 'data', props.failText);
  return <CrudListView {...props} list={list} />;
}

function ServerCrudList<T extends TRow>(props: TCrudListProps<T>) {
  const sortable = useMemo(() => sortableIds(props.columns), [props.columns]);
  const list = useServerList<T>({
    path: props.listPath,
    key: props.listKey ?? 'data',
    failText: props.failText,
    pageSize: PAGE_SIZE,
    sortable,
  });
  const server: TServerMode = {
    ...list.state,
    rowCount: list.total,
    onPageIndexChange: list.setPageIndex,
    onSortingChange: list.setSorting,
    onFilterChange: list.setFilter,
  };
  return <CrudListView {...props} list={{ ...list, server }} />;
}

/**
 * Every admin list (docs/SCREENS.md, Admin area) is this: a heading, an Add button, the
 * shared DataTable with (View,) Edit and Delete per row, a confirm before deleting, the
 * server's message as a toast and a reload after a delete. The rows load whole and the
 * table works on them in the browser, or with `serverPaging` one page at a time (a delete
 * that empties a page then shows the one before it).
 */
export default function CrudList<T extends TRow>(props: TCrudListProps<T>) {
  return props.serverPaging ? <ServerCrudList {...props} /> : <ClientCrudList {...props} />;
}

function CrudListView<T extends TRow>(props: TCrudListProps<T> & { list: TListSource<T> }) {
  const { title, columns, addLabel, addTo, editTo, onEdit } = props;
  const { deletePath, describe, deleteNote, emptyText, reloadKey, viewHref, cardTitle, moreActions } = props;
  const { rows, loading, error, reload, server } = props.list;
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const first = useRef(true);
  // reloadKey is the trigger itself; the first run is the initial load, already under way.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void reload();
  }, [reloadKey]);

  const rowActions = useCallback(
    (row: T) => (
      <RowActions
        label={describe(row)}
        viewHref={viewHref?.(row)}
        editTo={editTo?.(row)}
        onEdit={onEdit ? () => onEdit(row) : undefined}
        onDelete={() => setPending(row)}
        more={moreActions ? (className) => moreActions(row, { reload, className }) : undefined}
      />
    ),
    [describe, viewHref, editTo, onEdit, moreActions, reload],
  );

  async function confirmDelete() {
    if (!pending) return;
    setBusy(true);
    const res = await apiFetch(deletePath(pending), { method: 'DELETE' });
    setBusy(false);
    setPending(null);
    if (res.success) {
      notify.success(String(res.message ?? 'Deleted.'));
      await reload();
    } else {
      notify.error(res.message);
    }
  }

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {props.filters}
      <DataTable
        columns={columns}
        rowActions={rowActions}
        cardTitle={cardTitle}
        data={rows}
        loading={loading}
        error={error}
        emptyText={emptyText}
        caption={title}
        pageSize={PAGE_SIZE}
        server={server}
        toolbar={
          addTo && addLabel ? (
            <Link to={addTo} className={buttonClass('primary')}>
              <Plus className="h-4 w-4" aria-hidden="true" /> {addLabel}
            </Link>
          ) : undefined
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={`Delete ${pending ? describe(pending) : ''}?`}
        message={`This cannot be undone.${deleteNote ? ` ${deleteNote}` : ''}`}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}

const ACTION_LOOK = {
  table: {
    base: 'inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium',
    view: 'inline-flex items-center rounded-md p-1.5 text-slate-600 hover:bg-slate-100',
    edit: 'text-primary-ink hover:bg-slate-100',
    delete: 'text-red-700 hover:bg-red-50',
    more: 'text-slate-700 hover:bg-slate-100',
  },
  // Phones: each action a full-width share of the card's foot, at least 44 px tall.
  card: {
    base: 'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-medium',
    view: 'border-slate-300 text-slate-700 hover:bg-slate-50',
    edit: 'border-slate-300 text-primary-ink hover:bg-slate-50',
    delete: 'border-red-200 text-red-700 hover:bg-red-50',
    more: 'border-slate-300 text-slate-700 hover:bg-slate-50',
  },
};

/** A row's View / Edit / (the screen's own) / Delete, named after the row for screen readers and tests. */
function RowActions({
  label,
  viewHref,
  editTo,
  onEdit,
  onDelete,
  more,
}: {
  label: string;
  viewHref?: string;
  editTo?: string;
  onEdit?: () => void;
  onDelete: () => void;
  more?: (className: string) => ReactNode;
}) {
  const layout = useRowLayout();
  const look = ACTION_LOOK[layout];
  const listState = useListState();
  const card = layout === 'card';
  const editBody = (
    <>
      <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
    </>
  );
  return (
    <div className={`flex items-center whitespace-nowrap ${card ? 'gap-2' : 'gap-1'}`}>
      {viewHref && (
        <a
          href={viewHref}
          className={card ? `${look.base} ${look.view}` : look.view}
          aria-label={`View ${label}`}
          title="View on the site"
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          {card && ' View'}
        </a>
      )}
      {editTo !== undefined ? (
        <Link to={editTo} state={listState} className={`${look.base} ${look.edit}`} aria-label={`Edit ${label}`}>
          {editBody}
        </Link>
      ) : (
        <button type="button" onClick={onEdit} className={`${look.base} ${look.edit}`} aria-label={`Edit ${label}`}>
          {editBody}
        </button>
      )}
      {more?.(`${look.base} ${look.more}`)}
      <button type="button" onClick={onDelete} className={`${look.base} ${look.delete}`} aria-label={`Delete ${label}`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
      </button>
    </div>
  );
}

/** The visible text of stored (sanitised) HTML, for list cells. DOMParser runs no scripts. */
export function htmlText(html: string | null | undefined): string {
  if (!html) return '';
  // A space after each block, so "<li>One</li><li>Two</li>" reads "One Two".
  const spaced = html.replace(/<\/(p|li|h[1-6]|div|blockquote|pre|tr|td|th)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A clamped text cell for long values (answers, descriptions). */
export function ClampedText({ text, lines = 2 }: { text: string; lines?: 2 | 3 }) {
  return (
    <span className={`max-w-md ${lines === 2 ? 'line-clamp-2' : 'line-clamp-3'}`} title={text}>
      {text}
    </span>
  );
}
