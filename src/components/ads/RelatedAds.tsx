import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { imageSrcSet, uploadUrl } from '../../../api/lib/image-urls.ts';
import { formatPrice } from './format.ts';
import RatingStars from './RatingStars.tsx';

export type TRelatedAd = {
  id: number;
  slug: string;
  heading: string;
  price: number;
  image: string;
  status?: string;
  /** The category's name. */
  category: string;
  user: { name: string };
  make_as_featured: string;
  /** The seller's condition rating, 1–5. */
  rating: number;
};

/**
 * Related Ads (docs/SCREENS.md, Ad Details): a looping carousel with arrows, one card per
 * view below 600px, two from 600px and three from 1024px. Each card shows the ad's own image,
 * category, heading, price, seller and condition rating, and Featured only when it is featured.
 */
export default function RelatedAds({ ads }: { ads: TRelatedAd[] }) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, align: 'start' });
  return (
    <div className="relative">
      <div className="overflow-hidden" ref={emblaRef}>
        <ul className="-ml-4 flex touch-pan-y">
          {ads.map((ad) => {
            const href = `/add-details/${encodeURIComponent(ad.slug)}`;
            return (
              <li
                key={ad.id}
                className="min-w-0 flex-[0_0_100%] pl-4 min-[600px]:flex-[0_0_50%] min-[1024px]:flex-[0_0_33.3333%]"
              >
                <article className="relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                  <div className="relative aspect-[4/3] bg-slate-100">
                    <img
                      src={uploadUrl(ad.image, 400)}
                      srcSet={imageSrcSet(ad.image)}
                      sizes="(min-width: 1024px) 380px, (min-width: 600px) 50vw, 100vw"
                      width={400}
                      height={300}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className="h-full w-full object-cover"
                    />
                    {ad.make_as_featured === 'Y' && (
                      <span className="absolute top-3 left-3 rounded-full bg-secondary px-2.5 py-1 text-xs font-semibold text-secondary-fg shadow">
                        Featured
                      </span>
                    )}
                    {ad.status === 'reserved' && (
                      <span className="absolute top-3 right-3 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 shadow">
                        Reserved
                      </span>
                    )}
                  </div>
                  <div className="space-y-2 p-4">
                    <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{ad.category}</p>
                    <h3 className="line-clamp-1 font-semibold text-slate-900">
                      <a href={href} className="after:absolute after:inset-0 hover:text-primary-ink">
                        {ad.heading}
                      </a>
                    </h3>
                    <p className="text-lg font-bold text-slate-900">{formatPrice(ad.price)}</p>
                    <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-2 text-sm text-slate-600">
                      <span className="min-w-0 truncate">By {ad.user.name}</span>
                      <RatingStars rating={ad.rating} className="shrink-0" />
                    </div>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button
          type="button"
          onClick={() => emblaApi?.scrollPrev()}
          className="grid h-10 w-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
          aria-label="Previous related ads"
        >
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => emblaApi?.scrollNext()}
          className="grid h-10 w-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
          aria-label="Next related ads"
        >
          <ChevronRight className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
