import type { MouseEvent } from 'react';

/**
 * The browse list's links are real links (they work before hydration and open in a new tab);
 * a plain click is handled in the page instead of loading it.
 */
export function followInPage(e: MouseEvent, action: () => void) {
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  action();
}
