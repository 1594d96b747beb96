import Fade from 'embla-carousel-fade';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { imageSrcSet, uploadUrl } from '../../../api/lib/image-urls.ts';
import PhotoViewer from './PhotoViewer.tsx';

type Props = { images: string[]; alt: string };

/**
 * The ad's photos (docs/SCREENS.md, Ad Details): the main image first, a fade between
 * images and a row of thumbnails; a thumbnail click shows that image. The first image is in
 * the HTML, so nothing moves when the script arrives. A click on the photo opens it full
 * screen (PhotoViewer); closing shows the photo the viewer ended on, with focus on it.
 */
export default function AdGallery({ images, alt }: Props) {
  const list = images.length ? images : [''];
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: list.length > 1, duration: 30 }, [Fade()]);
  const [selected, setSelected] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const photos = useRef<(HTMLButtonElement | null)[]>([]);

  const onSelect = useCallback(() => {
    if (emblaApi) setSelected(emblaApi.selectedScrollSnap());
  }, [emblaApi]);

  useEffect(() => {
    if (!emblaApi) return;
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi, onSelect]);

  const show = (i: number, jump = false) => {
    if (emblaApi) emblaApi.scrollTo(i, jump);
    else setSelected(i);
  };

  return (
    <div>
      <div className="relative overflow-hidden rounded-xl bg-slate-100">
        <div className="overflow-hidden" ref={emblaRef}>
          <div className="flex touch-pan-y">
            {list.map((name, i) => (
              <div key={`${name}-${i}`} className="min-w-0 flex-[0_0_100%]" aria-hidden={i !== selected}>
                <button
                  type="button"
                  ref={(el) => {
                    photos.current[i] = el;
                  }}
                  onClick={() => images.length > 0 && setViewing(i)}
                  disabled={!images.length}
                  tabIndex={i === selected ? 0 : -1}
                  aria-label={`Open photo ${i + 1} of ${list.length} full screen`}
                  aria-haspopup="dialog"
                  className="block w-full cursor-zoom-in disabled:cursor-default"
                  data-testid={i === selected ? 'gallery-open' : undefined}
                >
                  <img
                    src={uploadUrl(name, 1200)}
                    srcSet={imageSrcSet(name)}
                    sizes="(min-width: 1024px) 760px, 100vw"
                    width={1200}
                    height={900}
                    alt={i === 0 ? alt : `${alt}, photo ${i + 1}`}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    decoding="async"
                    className="aspect-[4/3] h-auto w-full object-cover lg:max-h-[480px]"
                    data-testid={i === selected ? 'gallery-current' : undefined}
                  />
                </button>
              </div>
            ))}
          </div>
        </div>
        {list.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => emblaApi?.scrollPrev()}
              className="absolute top-1/2 left-3 grid h-10 w-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
              aria-label="Previous photo"
            >
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => emblaApi?.scrollNext()}
              className="absolute top-1/2 right-3 grid h-10 w-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
              aria-label="Next photo"
            >
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </button>
            <span className="absolute right-3 bottom-3 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs font-medium text-white">
              {selected + 1} / {list.length}
            </span>
          </>
        )}
      </div>
      {images.length > 0 && (
        <PhotoViewer
          images={images}
          alt={alt}
          index={viewing}
          onIndex={setViewing}
          onClose={() => {
            if (viewing !== null) show(viewing, true);
            setViewing(null);
          }}
          returnFocus={() => photos.current[emblaApi?.selectedScrollSnap() ?? selected]}
        />
      )}
      {list.length > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-5" aria-label="Photos">
          {list.map((name, i) => (
            <li key={`${name}-${i}`}>
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-pressed={i === selected}
                className={`block w-full overflow-hidden rounded-lg border-2 ${
                  i === selected ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100'
                }`}
              >
                <img
                  src={uploadUrl(name, 400)}
                  width={400}
                  height={300}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] h-auto w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
