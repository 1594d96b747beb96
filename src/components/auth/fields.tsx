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

/** The first failing field's message, in the form's field order (one toast, in order). */
export function firstMessage(order: readonly string[], errors: Record<string, { message?: unknown } | undefined>) {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}
