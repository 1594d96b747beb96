import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { TAdRecord } from '../../../api/services/ads/ad-record.ts';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import ConfirmDialog from '../components/ConfirmDialog.tsx';
import DataTable from '../components/DataTable.tsx';
import { dangerButtonClass, primaryButtonClass } from '../components/form.tsx';
import { useApiList } from '../components/use-api-list.ts';

type TAdRow = Omit<TAdRecord, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

/** The visible text of stored (sanitised) HTML, for filtering and sorting. DOMParser runs no scripts. */
function textOf(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const price = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * SPEC.md §2 'Advertisements list': filter, sortable id / heading / description / price,
 * Edit and Delete per row, page size 5. A customer sees their own ads, an admin every ad
 * (the API decides). 'Unable to get users' is SPEC.md §8's toast when the list fails.
 */
export default function Ads() {
  const { rows, loading, error, reload } = useApiList<TAdRow>('/api/ads', 'users', 'Unable to get users');
  const [pending, setPending] = useState<TAdRow | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<ColumnDef<TAdRow>[]>(
    () => [
      {
        accessorKey: 'id',
        header: 'Id',
        cell: ({ getValue }) => <span className="tabular-nums">{getValue<number>()}</span>,
      },
      {
        accessorKey: 'heading',
        header: 'Heading',
        cell: ({ row }) => (
          <div className="min-w-40 max-w-64">
            <span className="font-medium text-slate-900">{row.original.heading}</span>
            <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
              {row.original.category_name}
              {row.original.make_as_featured === 'Y' && (
                <span className="rounded-full bg-secondary px-1.5 py-px text-[11px] font-semibold text-secondary-fg">
                  Featured
                </span>
              )}
            </span>
          </div>
        ),
      },
      {
        id: 'description',
        header: 'Description',
        // Filter and sort on the words; show the (server-sanitised) HTML, clipped.
        accessorFn: (r) => textOf(r.description),
        cell: ({ row }) => (
          <div
            className="prose-content line-clamp-3 max-w-md min-w-48 text-sm [&_*]:my-0 [&_*]:text-sm [&_img]:hidden"
            // Safe: stored through sanitizeRichText on the server.
            dangerouslySetInnerHTML={{ __html: row.original.description }}
          />
        ),
      },
      {
        accessorKey: 'price',
        header: 'Price',
        cell: ({ getValue }) => (
          <span className="whitespace-nowrap tabular-nums">${price.format(getValue<number>())}</span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        enableGlobalFilter: false,
        cell: ({ row }) => (
          <div className="flex items-center gap-1 whitespace-nowrap">
            <a
              href={`/add-details/${row.original.slug}`}
              className="inline-flex items-center rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
              aria-label={`View ${row.original.heading}`}
              title="View on the site"
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
            </a>
            <Link
              to={`/edit-ads/${row.original.id}`}
              className="inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-medium text-primary-ink hover:bg-slate-100"
              aria-label={`Edit ${row.original.heading}`}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
            </Link>
            <button
              type="button"
              onClick={() => setPending(row.original)}
              className={dangerButtonClass}
              aria-label={`Delete ${row.original.heading}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </button>
          </div>
        ),
      },
    ],
    [],
  );

  async function confirmDelete() {
    if (!pending) return;
    setBusy(true);
    const res = await apiFetch(`/api/ads/${pending.id}`, { method: 'DELETE' });
    setBusy(false);
    setPending(null);
    if (res.success) {
      notify.success(String(res.message ?? 'Ad deleted.'));
      await reload();
    } else {
      notify.error(res.message);
    }
  }

  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Advertisements</h2>
      <DataTable
        columns={columns}
        data={rows}
        loading={loading}
        error={error}
        caption="Advertisements"
        emptyText="No ads yet. Use Add Ads to post your first one."
        toolbar={
          <Link to="/add-ads" className={primaryButtonClass}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Ads
          </Link>
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={`Delete “${pending?.heading ?? ''}”?`}
        message="The ad and its photos are deleted. This cannot be undone."
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
