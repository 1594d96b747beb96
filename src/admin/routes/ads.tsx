import type { ColumnDef } from '@tanstack/react-table';
import type { TApiData } from '../../lib/api.ts';
import CrudList, { htmlText } from '../components/CrudList.tsx';

/** A row of GET /api/ads (the list names its array `users`, as the original API did). */
type TAdRow = TApiData<'/api/ads'>['users'][number];

const price = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const columns: ColumnDef<TAdRow>[] = [
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
    // The server filters on its words (full-text) and does not sort on it; show the
    // (server-sanitised) HTML, clipped.
    accessorFn: (r) => htmlText(r.description),
    enableSorting: false,
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
    cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">${price.format(getValue<number>())}</span>,
  },
];

/**
 * The Advertisements list (docs/SCREENS.md): filter, sortable id / heading / price, Edit and Delete
 * per row, page size 5, paged by the server (a marketplace has far too many ads to load at
 * once). A customer sees their own ads, an admin every ad (the API decides). 'Unable to get
 * users' is the original toast when the list fails.
 */
export default function Ads() {
  return (
    <CrudList<TAdRow>
      title="Advertisements"
      listPath="/api/ads"
      listKey="users"
      failText="Unable to get users"
      serverPaging
      columns={columns}
      addLabel="Add Ads"
      addTo="/add-ads"
      editTo={(ad) => `/edit-ads/${ad.id}`}
      deletePath={(ad) => `/api/ads/${ad.id}`}
      describe={(ad) => ad.heading}
      deleteNote="The ad and its photos are deleted."
      emptyText="No ads yet. Use Add Ads to post your first one."
      viewHref={(ad) => `/add-details/${ad.slug}`}
      cardTitle="heading"
    />
  );
}
