import { Heart } from 'lucide-react';
import { useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { useSession } from '../../lib/session-store.ts';
import { notify } from '../../lib/toast.ts';

type Props = {
  adId: number;
  slug: string;
  heading: string;
  description: string;
  image: string;
  /** Signed in according to the session cookie when the page was rendered. */
  signedIn: boolean;
  /** Already in the signed-in user's wishlist. */
  saved: boolean;
};

/**
 * The wishlist heart on an ad (docs/SCREENS.md, Ad Details): signed out, a warning and no
 * call; signed in, it saves the ad (or takes it out again) and shows the server's message.
 */
export default function WishlistHeart({ adId, slug, heading, description, image, signedIn, saved: initial }: Props) {
  const storedUser = useSession((s) => s.user);
  const [saved, setSaved] = useState(initial);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!signedIn && !storedUser) {
      notify.warning('Please login for add wishlist.', 'Warning');
      return;
    }
    setBusy(true);
    const res = saved
      ? await apiFetch(`/api/wishlist?ad_id=${adId}`, { method: 'DELETE' })
      : await apiFetch('/api/wishlist', {
          method: 'POST',
          json: { ad_id: adId, slug, item_name: heading, item_description: description, item_image: image },
        });
    setBusy(false);
    if (!res.success) {
      notify.error(res.error);
      return;
    }
    setSaved(!saved);
    notify.success(String(res.message));
  };

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={saved}
      aria-label={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      title={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      className={`grid h-11 w-11 shrink-0 place-items-center rounded-full border transition disabled:opacity-60 ${
        saved
          ? 'border-rose-200 bg-rose-50 text-rose-600'
          : 'border-slate-300 bg-white text-slate-600 hover:text-rose-600'
      }`}
    >
      <Heart className="h-5 w-5" fill={saved ? 'currentColor' : 'none'} aria-hidden="true" />
    </button>
  );
}
