import { Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { notify } from '../../lib/toast.ts';

type Props = {
  /** The ad's canonical address (SITE_URL plus /add-details/{slug}). */
  url: string;
  title: string;
};

export const LINK_COPIED = 'Link copied';

/**
 * Share on the ad page (docs/SCREENS.md, Ad Details): the device's share sheet where the
 * browser has one (`navigator.share`), else the ad's address goes to the clipboard with the
 * toast "Link copied". Without a usable clipboard the address shows in a field, selected, to
 * copy by hand.
 */
export default function ShareAd({ url, title }: Props) {
  const [manual, setManual] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (manual) field.current?.select();
  }, [manual]);

  const share = async () => {
    if (typeof navigator.share === 'function' && (navigator.canShare?.({ url }) ?? true)) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        // The visitor closed the share sheet: nothing more to do.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      notify.success(LINK_COPIED);
      setManual(false);
    } catch {
      setManual(true);
      field.current?.select();
    }
  };

  return (
    <div className="relative shrink-0">
      <button
        type="button"
        onClick={share}
        aria-label="Share this ad"
        title="Share this ad"
        className="grid h-11 w-11 place-items-center rounded-full border border-slate-300 bg-white text-slate-600 transition hover:text-primary-ink"
      >
        <Share2 className="h-5 w-5" aria-hidden="true" />
      </button>
      {manual && (
        <div
          role="status"
          className="absolute top-12 right-0 z-20 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-lg"
        >
          <label htmlFor={`${id}-url`} className="mb-1 block">
            Copy this link to share the ad:
          </label>
          <input
            ref={field}
            id={`${id}-url`}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="block w-full rounded border border-slate-300 px-2 py-1.5 text-slate-900"
          />
        </div>
      )}
    </div>
  );
}
