import { create } from 'zustand';
import { apiFetch } from '../../lib/api.ts';
import { useSession } from '../../lib/session-store.ts';

type TWishlistIds = {
  /** The ids of the ads in the signed-in user's wishlist, as far as this page knows. */
  ids: ReadonlySet<number>;
  mark: (adId: number, saved: boolean) => void;
};

/**
 * The signed-in visitor's saved ads for the hearts on result cards. Pages with cards are
 * cached for everyone alike, so the ids are read in the browser after hydration
 * (GET /api/wishlist), once per page, and every heart of the same ad follows a toggle.
 */
export const useWishlistIds = create<TWishlistIds>((set) => ({
  ids: new Set(),
  mark: (adId, saved) =>
    set(({ ids }) => {
      const next = new Set(ids);
      if (saved) next.add(adId);
      else next.delete(adId);
      return { ids: next };
    }),
}));

let loading: Promise<void> | null = null;

/** Reads the wishlist once when the browser knows of a session; signed out, nothing is asked. */
export function loadWishlistIds(): Promise<void> {
  if (!useSession.getState().user) return Promise.resolve();
  loading ??= apiFetch('/api/wishlist').then((res) => {
    if (!res.success) return;
    const { ids } = useWishlistIds.getState();
    useWishlistIds.setState({ ids: new Set([...ids, ...res.data.map((item) => item.ad_id)]) });
  });
  return loading;
}
