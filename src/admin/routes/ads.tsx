import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Select } from '../../components/ui/controls.tsx';
import { apiFetch, type TApiData, type TApiPath } from '../../lib/api.ts';
import AdStateActions from '../components/AdStateActions.tsx';
import CrudList, { htmlText } from '../components/CrudList.tsx';
import { useUser } from '../user-context.ts';

/** A row of GET /api/ads (the list names its array `users`, as the original API did). */
type TAdRow = TApiData<'/api/ads'>['users'][number];

type TSeller = TApiData<'/api/admin/ad-sellers'>['sellers'][number];

const price = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const posted = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The seller id the address filters on (`?seller=`), or null. */
function sellerFrom(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : null;
}

/** The `?seller=` of the address and a setter that also goes back to the first page. */
function useSellerParam() {
  const [params, setParams] = useSearchParams();
  const setSeller = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('seller', String(id));
      else next.delete('seller');
      next.delete('page');
      return next;
    });
  return [sellerFrom(params.get('seller')), setSeller] as const;
}

/**
 * Admins only: the Seller filter, kept in the address as `?seller=<user id>` like the list's
 * page, sort and filter text (the API narrows GET /api/ads to that seller). The choices are
 * the users who have posted ads, by name.
 */
function SellerFilter() {
  const [seller, setSeller] = useSellerParam();
  const [sellers, setSellers] = useState<TSeller[]>([]);
  useEffect(() => {
    void apiFetch('/api/admin/ad-sellers').then((res) => {
      if (res.success) setSellers(res.sellers);
    });
  }, []);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="ads-seller" className="text-sm font-medium whitespace-nowrap text-slate-700">
        Seller
      </label>
      <Select
        id="ads-seller"
        className="min-w-0 flex-1 sm:max-w-xs"
        value={seller ? String(seller) : ''}
        onChange={(e) => setSeller(sellerFrom(e.target.value))}
      >
        <option value="">All sellers</option>
        {seller && !sellers.some((s) => s.id === seller) && <option value={seller}>User #{seller}</option>}
        {sellers.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({s.ads})
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The admin's extra columns: who posted the ad (a link that filters the list to them). */
const sellerColumn: ColumnDef<TAdRow> = {
  id: 'seller',
  header: 'Seller',
  accessorKey: 'seller_name',
  enableSorting: false,
  cell: ({ row }) => <SellerCell ad={row.original} />,
};

function SellerCell({ ad }: { ad: TAdRow }) {
  const [seller, setSeller] = useSellerParam();
  return (
    <button
      type="button"
      className="text-left text-sm font-medium text-primary-ink hover:underline"
      title={`Show only ${ad.seller_name}'s ads`}
      aria-pressed={seller === ad.user_id}
      onClick={() => setSeller(ad.user_id)}
    >
      {ad.seller_name}
    </button>
  );
}

const createdColumn: ColumnDef<TAdRow> = {
  id: 'created',
  header: 'Created',
  accessorKey: 'created_at',
  enableSorting: false,
  cell: ({ row }) => (
    <time dateTime={row.original.created_at} className="block min-w-14 text-sm text-slate-700">
      {posted.format(new Date(row.original.created_at))}
    </time>
  ),
};

/** The columns; the state cell reloads the list after a move (`reload`). */
const makeColumns = (reload: () => void, admin: boolean): ColumnDef<TAdRow>[] => [
  {
    accessorKey: 'id',
    header: 'Id',
    cell: ({ getValue }) => <span className="tabular-nums">{getValue<number>()}</span>,
  },
  {
    accessorKey: 'heading',
    header: 'Heading',
    cell: ({ row }) => (
      <div className="min-w-36 max-w-60">
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
  ...(admin ? [sellerColumn] : []),
  {
    accessorKey: 'price',
    header: 'Price',
    cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">${price.format(getValue<number>())}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    accessorKey: 'status',
    enableSorting: false,
    cell: ({ row }) => <AdStateActions ad={row.original} onChanged={reload} />,
  },
  createdColumn,
  // Last: the longest and least needed at a glance; a narrow table scrolls it into view.
  {
    id: 'description',
    header: 'Description',
    // The server filters on its words (full-text) and does not sort on it; show the
    // (server-sanitised) HTML, clipped.
    accessorFn: (r) => htmlText(r.description),
    enableSorting: false,
    cell: ({ row }) => (
      <div
        className="prose-content line-clamp-3 max-w-xs min-w-40 text-sm [&_*]:my-0 [&_*]:text-sm [&_img]:hidden"
        // Safe: stored through sanitizeRichText on the server.
        dangerouslySetInnerHTML={{ __html: row.original.description }}
      />
    ),
  },
];

/**
 * The Advertisements list (docs/SCREENS.md): filter, sortable id / heading / price, the ad's
 * state with its moves (Mark reserved, Mark sold, Pause, Resume, Renew…), Edit and Delete
 * per row, page size 5, paged by the server (a marketplace has far too many ads to load at
 * once). A customer sees their own ads, an admin every ad (the API decides), with each ad's
 * seller and a Seller filter (`?seller=` in the address). 'Unable to get users' is the
 * original toast when the list fails.
 */
export default function Ads() {
  const admin = useUser().role === 'admin';
  const [params] = useSearchParams();
  const seller = admin ? sellerFrom(params.get('seller')) : null;
  const listPath: TApiPath = seller ? `/api/ads?seller=${seller}` : '/api/ads';
  const [reloadKey, setReloadKey] = useState(0);
  const columns = useMemo(() => makeColumns(() => setReloadKey((k) => k + 1), admin), [admin]);
  return (
    <CrudList<TAdRow>
      reloadKey={reloadKey}
      title="Advertisements"
      listPath={listPath}
      filters={admin ? <SellerFilter /> : undefined}
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
