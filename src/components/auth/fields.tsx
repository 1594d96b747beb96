import { useEffect, useState } from 'react';
import { buttonClass } from '../ui/classes.ts';

/** The cards' full-width submit button. */
export const primaryButtonClass = buttonClass('primary', 'large');

/**
 * False until the island has hydrated: submit buttons stay disabled until then, so a fast
 * click can never send the form natively (and put a password in a URL).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
