import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { imageSrcSet, uploadUrl } from '../../../api/lib/image-urls.ts';
import Dialog from '../ui/Dialog.tsx';
import { pointOnPhoto, scrollToKeep } from './zoom-point.ts';

type Props = {
  images: string[];
  alt: string;
  /** The photo shown, or null while the viewer is shut. */
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
  /** Where focus goes on closing: the gallery's photo for the index the viewer ended on. */
  returnFocus: () => HTMLElement | null | undefined;
};

/** A horizontal swipe of at least this many pixels moves to the next or previous photo. */
const SWIPE_PX = 50;

const round =
  'grid h-11 w-11 place-items-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none';

/**
 * The full-screen photo viewer of the ad page (docs/SCREENS.md, Ad Details): a modal dialog
 * with "2 / 5", Previous and Next buttons, the arrow keys, a swipe on touch screens and
 * Escape or Close to leave. Phones may pinch-zoom the photo (`touch-action: pinch-zoom`);
 * Zoom (the button, or a click on the photo) shows it at twice the width to pan around, with
 * the clicked point kept under the pointer (the button zooms into the middle) and swipes off
 * meanwhile.
 */
export default function PhotoViewer({ images, alt, index, onIndex, onClose, returnFocus }: Props) {
  const titleId = useId();
  const [zoomed, setZoomed] = useState(false);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const photo = useRef<HTMLImageElement>(null);
  /** Where the zoom was asked for: a point of the photo and where the pointer was in the frame. */
  const zoomAt = useRef<{ fx: number; fy: number; px: number; py: number } | null>(null);

  function zoomIn(clientX?: number, clientY?: number) {
    const box = frame.current?.getBoundingClientRect();
    const img = photo.current;
    if (!box || !img) return setZoomed(true);
    const ratio = img.naturalWidth && img.naturalHeight ? img.naturalWidth / img.naturalHeight : 4 / 3;
    const x = clientX ?? box.left + box.width / 2;
    const y = clientY ?? box.top + box.height / 2;
    zoomAt.current = { ...pointOnPhoto(img.getBoundingClientRect(), ratio, x, y), px: x - box.left, py: y - box.top };
    setZoomed(true);
  }

  // Once the photo is drawn zoomed, scroll so the asked-for point sits under the pointer.
  useLayoutEffect(() => {
    const at = zoomAt.current;
    const el = frame.current;
    const img = photo.current;
    if (!zoomed || !at || !el || !img) return;
    zoomAt.current = null;
    const zoomedBox = { width: img.offsetWidth, height: img.offsetHeight };
    const { left, top } = scrollToKeep(at, { px: at.px, py: at.py }, zoomedBox, {
      width: el.clientWidth,
      height: el.clientHeight,
    });
    el.scrollTo({ left, top });
  }, [zoomed]);
  const count = images.length;
  const i = index ?? 0;
  const go = (step: number) => {
    setZoomed(false);
    onIndex((i + step + count) % count);
  };

  return (
    <Dialog
      open={index !== null}
      onClose={() => {
        setZoomed(false);
        onClose();
      }}
      labelledBy={titleId}
      returnFocus={returnFocus}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950"
    >
      {index !== null && (
        // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys anywhere in the viewer; the buttons do the same
        <div
          className="flex h-full flex-col"
          onKeyDown={(e) => {
            if (count < 2 || e.altKey || e.ctrlKey || e.metaKey) return;
            if (e.key === 'ArrowRight') go(1);
            else if (e.key === 'ArrowLeft') go(-1);
            else return;
            e.preventDefault();
          }}
        >
          <ViewerBar
            titleId={titleId}
            title={alt}
            counter={`${i + 1} / ${count}`}
            zoomed={zoomed}
            onZoom={() => (zoomed ? setZoomed(false) : zoomIn())}
            onClose={onClose}
          />
          <div className="relative min-h-0 flex-1">
            <div
              ref={frame}
              data-testid="viewer-frame"
              className={`h-full ${zoomed ? 'overflow-auto' : 'overflow-hidden'}`}
              onTouchStart={(e) => {
                // One finger only: two are a pinch, which the browser zooms.
                const t = e.touches[0];
                touch.current = e.touches.length === 1 && t && !zoomed ? { x: t.clientX, y: t.clientY } : null;
              }}
              onTouchEnd={(e) => {
                const start = touch.current;
                const t = e.changedTouches[0];
                touch.current = null;
                // Zoomed in by pinching: a drag pans the photo, it does not change it.
                if (!start || !t || count < 2 || (window.visualViewport?.scale ?? 1) > 1.01) return;
                const dx = t.clientX - start.x;
                if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(t.clientY - start.y)) go(dx < 0 ? 1 : -1);
              }}
            >
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: the Zoom button is the keyboard's way */}
              <img
                ref={photo}
                onClick={(e) => (zoomed ? setZoomed(false) : zoomIn(e.clientX, e.clientY))}
                key={images[i]}
                src={uploadUrl(images[i] ?? '', 1200)}
                srcSet={imageSrcSet(images[i] ?? '')}
                sizes={zoomed ? '200vw' : '100vw'}
                alt={i === 0 ? alt : `${alt}, photo ${i + 1}`}
                data-testid="viewer-photo"
                className={
                  zoomed
                    ? 'max-w-none cursor-zoom-out touch-auto'
                    : 'mx-auto h-full w-full cursor-zoom-in touch-pinch-zoom object-contain select-none'
                }
                style={zoomed ? { width: '200%' } : undefined}
                draggable={false}
              />
            </div>
            {count > 1 && <ViewerArrows onStep={go} />}
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** The viewer's top bar: the ad's heading, "2 / 5", Zoom and Close. */
function ViewerBar(props: {
  titleId: string;
  title: string;
  counter: string;
  zoomed: boolean;
  onZoom: () => void;
  onClose: () => void;
}) {
  const { titleId, title, counter, zoomed, onZoom, onClose } = props;
  return (
    <div className="flex items-center justify-between gap-3 px-3 py-2 sm:px-5">
      <h2 id={titleId} className="min-w-0 truncate text-sm font-medium text-white/90">
        {title}
      </h2>
      <div className="flex shrink-0 items-center gap-2">
        <span className="text-sm tabular-nums" aria-live="polite" data-testid="viewer-counter">
          {counter}
        </span>
        <button
          type="button"
          onClick={onZoom}
          aria-pressed={zoomed}
          aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
          className={round}
        >
          {zoomed ? (
            <ZoomOut className="h-5 w-5" aria-hidden="true" />
          ) : (
            <ZoomIn className="h-5 w-5" aria-hidden="true" />
          )}
        </button>
        <button type="button" onClick={onClose} aria-label="Close photos" className={round}>
          <X className="h-6 w-6" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

/** Previous and Next over the photo's sides. */
function ViewerArrows({ onStep }: { onStep: (step: number) => void }) {
  return (
    <>
      <button
        type="button"
        onClick={() => onStep(-1)}
        aria-label="Previous photo"
        className={`${round} absolute top-1/2 left-2 -translate-y-1/2 bg-slate-900/60 sm:left-4`}
      >
        <ChevronLeft className="h-6 w-6" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => onStep(1)}
        aria-label="Next photo"
        className={`${round} absolute top-1/2 right-2 -translate-y-1/2 bg-slate-900/60 sm:right-4`}
      >
        <ChevronRight className="h-6 w-6" aria-hidden="true" />
      </button>
    </>
  );
}
