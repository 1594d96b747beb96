import { MapPin } from 'lucide-react';
import { imageSrcSet, uploadUrl } from '../../../api/lib/image-urls.ts';
import { formatPrice, timeAgo } from './format.ts';

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
};

type Props = { ad: TCardAd; now: number; eager?: boolean };

/** One ad in the Browse Ads List: photo first (4:3), price prominent, quiet meta. */
export default function AdCard({ ad, now, eager = false }: Props) {
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
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{ad.category}</p>
        <h3 className="line-clamp-2 text-base leading-snug font-semibold text-slate-900">
          {/* Stretched link: the whole card opens the ad; Details stays its own target. */}
          <a href={href} className="after:absolute after:inset-0 hover:text-primary-ink">
            {ad.heading}
          </a>
        </h3>
        {ad.location && (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{ad.location}</span>
          </p>
        )}
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <div>
            <p className="text-xl font-bold text-slate-900">{formatPrice(ad.price, '$0')}</p>
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
