import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { imageSrcSet, uploadUrl } from '../../../api/lib/image-urls.ts';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import AdStateBadge from '../ads/AdStateBadge.tsx';
import { formatPrice } from '../ads/format.ts';

/** The fields of a wishlist row (GET /api/wishlist) the table shows. */
type TItem = Pick<
  TApiData<'/api/wishlist'>['data'][number],
  'id' | 'slug' | 'item_name' | 'item_description' | 'item_image' | 'status' | 'price'
>;

/**
 * The Wishlists table (docs/SCREENS.md, Wishlists): image, item name with the ad's state unless
 * active, price (as on the cards: "Free" for 0), description (sanitised HTML) and Delete.
 */
export default function WishlistTable({ initialItems }: { initialItems: TItem[] }) {
  const [items, setItems] = useState(initialItems);
  const [busy, setBusy] = useState<number | null>(null);

  const remove = async (item: TItem) => {
    setBusy(item.id);
    const res = await apiFetch(`/api/wishlist/${item.id}`, { method: 'DELETE' });
    setBusy(null);
    if (!res.success) return notify.error(res.message || res.error);
    notify.success(String(res.message));
    // Lists reload after a successful delete.
    const fresh = await apiFetch('/api/wishlist');
    setItems(fresh.success ? fresh.data : items.filter((i) => i.id !== item.id));
  };

  if (!items.length) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <p className="text-lg font-semibold text-slate-900">No Item found.</p>
        <p className="mt-1 text-slate-600">
          Tap the heart on any ad to keep it here.{' '}
          <a href="/" className="font-medium text-primary-ink underline">
            Browse ads
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* Below 640px each row is a small card (image, name, price, Delete, then the description). */}
      <table className="block w-full text-left text-sm sm:table">
        <thead className="hidden bg-slate-50 text-xs tracking-wider text-slate-600 uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Image
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Item name
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Price
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Item description
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Action
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 sm:table-row-group">
          {items.map((item) => (
            <tr
              key={item.id}
              className="grid grid-cols-[80px_minmax(0,1fr)] gap-x-3 gap-y-2 p-4 align-top even:bg-slate-50/60 sm:table-row sm:p-0"
            >
              <td className="row-span-3 sm:table-cell sm:px-4 sm:py-3">
                <img
                  src={uploadUrl(item.item_image, 400)}
                  srcSet={imageSrcSet(item.item_image)}
                  sizes="96px"
                  width={96}
                  height={72}
                  alt=""
                  loading="lazy"
                  className="h-18 w-24 rounded-lg bg-slate-100 object-cover"
                />
              </td>
              <td className="min-w-0 font-semibold wrap-anywhere text-slate-900 sm:table-cell sm:px-4 sm:py-3">
                <a
                  href={`/add-details/${encodeURIComponent(item.slug)}`}
                  className="hover:text-primary-ink hover:underline"
                >
                  {item.item_name}
                </a>
                {/* Saved ads that are no longer on offer say so (sold, paused, expired…). */}
                {item.status !== 'active' && (
                  <span className="ml-2 align-middle">
                    <AdStateBadge status={item.status} />
                  </span>
                )}
              </td>
              <td
                className="col-start-2 row-start-2 font-bold whitespace-nowrap text-slate-900 sm:table-cell sm:px-4 sm:py-3"
                data-testid="wishlist-price"
              >
                {formatPrice(item.price)}
              </td>
              <td className="col-span-2 row-start-4 min-w-0 sm:table-cell sm:max-w-md sm:px-4 sm:py-3">
                <div
                  className="prose-content line-clamp-4 text-slate-600"
                  dangerouslySetInnerHTML={{ __html: item.item_description }}
                />
              </td>
              <td className="col-start-2 row-start-3 sm:table-cell sm:px-4 sm:py-3 sm:text-right">
                <button
                  type="button"
                  onClick={() => remove(item)}
                  disabled={busy === item.id}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
                  aria-label={`Delete ${item.item_name}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
