import * as mapPinIcon from 'lucide-react/icons/map-pin';
import { imageSrcSet, uploadUrl } from '../../../api/lib/image-urls.ts';
import { glyph } from '../ui/glyph.tsx';
import WishlistHeart from '../wishlist/WishlistHeart.tsx';
import { formatDistance, formatPrice, timeAgo } from './format.ts';

const MapPin = glyph(mapPinIcon);

export type TCardAd = {
  id: number;
  slug: string;
  heading: string;
  price: number;
  category: string;
  location: string;
  image: string;
  make_as_featured: string;
  created_at: string | Date;
  /** Public lists hold active and reserved ads; reserved ones get a badge. */
  status?: string;
  /** In a near search: how far the ad's place is (km). */
  distance_km?: number;
};

type Props = {
  ad: TCardAd;
  now: number;
  eager?: boolean;
  /** The wishlist heart over the photo: only where the card is interactive (an island). */
  wishlist?: boolean;
};

/**
 * One ad in the Browse Ads List: photo first (4:3), price prominent, quiet meta, and (in the
 * browser) the wishlist heart, filled when the ad is saved.
 */
export default function AdCard({ ad, now, eager = false, wishlist = false }: Props) {
  const href = `/add-details/${encodeURIComponent(ad.slug)}`;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          src={uploadUrl(ad.image, 400)}
          srcSet={imageSrcSet(ad.image)}
          sizes="(min-width: 1024px) 430px, (min-width: 640px) 50vw, 100vw"
          width={400}
          height={300}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
        {ad.make_as_featured === 'Y' && (
          <span className="absolute top-3 left-3 rounded-full bg-secondary px-2.5 py-1 text-xs font-semibold text-secondary-fg shadow">
            Featured
          </span>
        )}
        {ad.status === 'reserved' && (
          <span
            data-testid="reserved-badge"
            className={`absolute top-3 ${wishlist ? 'right-16' : 'right-3'} rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 shadow`}
          >
            Reserved
          </span>
        )}
      </div>
      {wishlist && (
        <div className="absolute top-2 right-2 z-10">
          <WishlistHeart
            variant="card"
            adId={ad.id}
            slug={ad.slug}
            heading={ad.heading}
            description=""
            image={ad.image}
            signedIn={false}
          />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium tracking-wide wrap-anywhere text-slate-500 uppercase">{ad.category}</p>
        <h3 className="line-clamp-2 text-base leading-snug font-semibold wrap-anywhere text-slate-900">
          {/* Stretched link: the whole card opens the ad; Details stays its own target. */}
          <a href={href} className="after:absolute after:inset-0 hover:text-primary-ink">
            {ad.heading}
          </a>
        </h3>
        {ad.location && (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="line-clamp-1 min-w-0 wrap-anywhere">{ad.location}</span>
            {ad.distance_km !== undefined && (
              <span className="shrink-0 font-medium text-slate-800" data-testid="distance">
                · {formatDistance(ad.distance_km)}
              </span>
            )}
          </p>
        )}
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <div>
            <p className="text-xl font-bold text-slate-900">{formatPrice(ad.price)}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={new Date(ad.created_at).toISOString()}>{timeAgo(ad.created_at, now)}</time>
            </p>
          </div>
          <a
            href={href}
            className="relative z-10 rounded-lg border border-primary px-3 py-1.5 text-sm font-semibold text-primary-ink hover:bg-primary hover:text-primary-fg"
            aria-label={`Details: ${ad.heading}`}
          >
            Details
          </a>
        </div>
      </div>
    </article>
  );
}
