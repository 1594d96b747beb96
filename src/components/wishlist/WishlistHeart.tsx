import { X } from 'lucide-react';
import * as heartIcon from 'lucide-react/icons/heart';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { apiFetch } from '../../lib/api.ts';
import { SAVE_HASH, signInHref } from '../../lib/next-path.ts';
import { useSession } from '../../lib/session-store.ts';
import { notify } from '../../lib/toast.ts';
import { glyph } from '../ui/glyph.tsx';
import { loadWishlistIds, useWishlistIds } from './wishlist-ids.ts';

const Heart = glyph(heartIcon);

type Props = {
  adId: number;
  slug: string;
  heading: string;
  description: string;
  image: string;
  /** Signed in according to the session cookie when the page was rendered. */
  signedIn: boolean;
  /**
   * Already in the signed-in user's wishlist, when the page knew it. Left out on result cards
   * (their pages are cached for everyone): the ids are read in the browser instead.
   */
  saved?: boolean;
  /** The small heart over a result card's photo (no return-from-sign-in step: that is the ad page's). */
  variant?: 'page' | 'card';
  /**
   * The id of an element on the page that holds the sign-in prompt in the flow of the page
   * (the ad page: under the heading row), so it covers nothing; without it the prompt floats.
   */
  promptIn?: string;
};

/** Shown when the visitor comes back from sign-in to an ad that was already saved. */
export const ALREADY_SAVED = 'This ad is already in your wishlist.';

/**
 * The wishlist heart on an ad (docs/SCREENS.md, Ad Details): signed out, a warning, no call,
 * and a "Sign in" link that comes back to the ad with `#save`, where the ad is then saved once
 * (and the hash dropped, so a reload does not repeat it); signed in, it saves the ad (or takes
 * it out again) and shows the server's message.
 */
export default function WishlistHeart({
  adId,
  slug,
  heading,
  description,
  image,
  signedIn,
  saved: initial,
  variant = 'page',
  promptIn,
}: Props) {
  const storedUser = useSession((s) => s.user);
  const listed = useWishlistIds((s) => s.ids.has(adId));
  const mark = useWishlistIds((s) => s.mark);
  const [own, setOwn] = useState(initial);
  const saved = own ?? listed;
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const resumed = useRef(false);
  const card = variant === 'card';

  const askToSignIn = () => {
    notify.warning('Please login for add wishlist.', 'Warning');
    setPrompt(true);
  };

  const toggle = async (current = saved) => {
    if (!signedIn && !storedUser) return askToSignIn();
    setBusy(true);
    // apiFetch signals a 401 with this event: the session the browser remembered is over.
    let signedOut = false;
    const onSignedOut = () => {
      signedOut = true;
    };
    window.addEventListener('session-expired', onSignedOut);
    const res = current
      ? await apiFetch(`/api/wishlist?ad_id=${adId}`, { method: 'DELETE' })
      : await apiFetch('/api/wishlist', {
          method: 'POST',
          json: { ad_id: adId, slug, item_name: heading, item_description: description, item_image: image },
        });
    window.removeEventListener('session-expired', onSignedOut);
    setBusy(false);
    if (!res.success) {
      if (signedOut) return askToSignIn();
      notify.error(res.error);
      return;
    }
    setOwn((o) => (o === undefined ? o : !current));
    mark(adId, !current);
    notify.success(String(res.message));
  };

  // Result cards: the signed-in visitor's saved ads, read once after hydration.
  useEffect(() => {
    if (card) void loadWishlistIds();
  }, [card, storedUser]);

  // Back from sign-in with the save asked for: do it once, then forget the hash.
  useEffect(() => {
    if (card || resumed.current || window.location.hash !== SAVE_HASH || !signedIn) return;
    resumed.current = true;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (initial) notify.success(ALREADY_SAVED);
    else void toggle(false);
  }, []);

  const label = saved ? 'Remove from wishlist' : 'Add to wishlist';
  const promptTarget = prompt && promptIn ? document.getElementById(promptIn) : null;
  // In its place on the page the prompt is a block under the heading; elsewhere it floats: at
  // the bottom of a phone's screen, and on a card from 640 px under the heart, over the photo.
  const promptBox = (
    <p
      role="status"
      data-testid="wishlist-sign-in"
      className={`flex items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 ${
        promptTarget
          ? 'mt-3'
          : `fixed inset-x-4 bottom-4 z-30 shadow-lg ${card ? 'sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:bottom-auto sm:w-60' : 'sm:left-auto sm:w-80'}`
      }`}
    >
      <span className="min-w-0 flex-1">
        Sign in to save this ad to your wishlist.{' '}
        <a
          href={signInHref(`/add-details/${slug}${SAVE_HASH}`)}
          className="font-semibold text-primary-ink underline underline-offset-2"
        >
          Sign in
        </a>
      </span>
      <button
        type="button"
        onClick={() => setPrompt(false)}
        aria-label="Close"
        className="-m-1 grid h-8 w-8 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-100"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </p>
  );
  return (
    <div className={card ? 'relative z-10' : 'relative shrink-0'}>
      <button
        type="button"
        onClick={() => toggle()}
        disabled={busy}
        aria-pressed={saved}
        aria-label={card ? `${label}: ${heading}` : label}
        title={label}
        className={`grid h-11 w-11 shrink-0 place-items-center rounded-full border transition disabled:opacity-60 ${
          saved
            ? 'border-rose-200 bg-rose-50 text-rose-600'
            : 'border-slate-300 bg-white text-slate-600 hover:text-rose-600'
        } ${card ? 'shadow' : ''}`}
      >
        <Heart className="h-5 w-5" fill={saved ? 'currentColor' : 'none'} aria-hidden="true" />
      </button>
      {prompt && (promptTarget ? createPortal(promptBox, promptTarget) : promptBox)}
    </div>
  );
}
