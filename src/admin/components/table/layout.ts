import { createContext, useContext, useSyncExternalStore } from 'react';

export type TRowLayout = 'table' | 'card';

/**
 * The table from Tailwind's `lg` breakpoint up, cards below it: between `md` (where the admin
 * sidebar moves beside the content) and `lg` the content column is too narrow for the wider
 * tables (ads), which would otherwise scroll sideways.
 */
const WIDE = '(min-width: 64rem)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Chosen in script rather than by CSS alone, so only one of the two layouts is in the page:
 * the rows' text and buttons exist once, for screen readers and for tests finding them by text.
 */
export function useScreenLayout(): TRowLayout {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
  return wide ? 'table' : 'card';
}

export const RowLayoutContext = createContext<TRowLayout>('table');

/** Which layout a row's actions are drawn in: a card asks for full-size tap targets. */
export const useRowLayout = () => useContext(RowLayoutContext);
