import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { Quote, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { uploadUrl } from '../../../api/lib/image-urls.ts';

type TTestimonial = { id: number; name: string; designation: string; description: string; image: string };

/**
 * About Us testimonials (SPEC.md §2, §9): one per view at every width, looping, autoplay
 * every 5 s that pauses while the pointer is over it, and a Reinitialize Carousel button.
 * Descriptions are sanitised HTML from the server.
 */
export default function TestimonialsCarousel({ items }: { items: TTestimonial[] }) {
  const [reduceMotion] = useState(
    () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true }, [
    Autoplay({ delay: 5000, stopOnMouseEnter: true, stopOnInteraction: false, active: !reduceMotion }),
  ]);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button
          type="button"
          onClick={() => {
            emblaApi?.reInit();
            emblaApi?.scrollTo(0, true);
          }}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Reinitialize Carousel
        </button>
      </div>
      <div className="overflow-hidden" ref={emblaRef}>
        <ul className="-ml-[30px] flex touch-pan-y">
          {items.map((t, i) => (
            <li
              key={t.id}
              className="min-w-0 flex-[0_0_100%] pl-[30px]"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${items.length}`}
            >
              <figure className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
                <Quote className="mx-auto h-8 w-8 text-primary-ink" aria-hidden="true" />
                <blockquote
                  className="prose-content mt-4 text-lg text-slate-700"
                  dangerouslySetInnerHTML={{ __html: t.description }}
                />
                <figcaption className="mt-6 flex items-center justify-center gap-3">
                  <img
                    src={uploadUrl(t.image, 400)}
                    width={56}
                    height={56}
                    alt=""
                    loading="lazy"
                    className="h-14 w-14 rounded-full bg-slate-100 object-cover"
                  />
                  <span className="text-left">
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-500">{t.designation}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      {items.length > 1 && (
        <div className="mt-5 flex justify-center gap-2">
          {items.map((t, i) => (
            <button
              key={t.id}
              type="button"
              onClick={() => emblaApi?.scrollTo(i)}
              aria-label={`Show testimonial ${i + 1}`}
              aria-current={i === selected ? 'true' : undefined}
              className="grid h-6 w-6 place-items-center"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${i === selected ? 'w-6 bg-primary' : 'w-2.5 bg-slate-300'}`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
