import toast from 'react-hot-toast';
import { FLASH_KEY } from './flash.ts';

/**
 * Top-right, no duplicates (docs/SCREENS.md, Toasts). The message is the toast id, so the same text
 * shown twice replaces itself. `title` renders as a bold first line (Error, Warning…).
 */
function show(kind: 'success' | 'error' | 'warning', message: string, title?: string) {
  const text = title ? `${title}\n${message}` : message;
  const opts = { id: `${kind}:${message}` };
  if (kind === 'success') {
    // What went wrong before is over once something succeeds.
    clearErrors();
    return toast.success(text, opts);
  }
  if (kind === 'error') {
    errorIds.add(opts.id);
    return toast.error(text, opts);
  }
  return toast(text, { ...opts, icon: '⚠️' });
}

/** The error toasts on screen (their ids), so a new submission can take them away. */
const errorIds = new Set<string>();

/**
 * Removes every error toast shown so far. Forms call it when they are submitted again (the
 * old problems are stale: the new answer brings its own), and every success toast does it, so
 * a screen never shows an error beside the success that followed it (docs/SCREENS.md, Toasts).
 */
export function clearErrors() {
  for (const id of errorIds) toast.remove(id);
  errorIds.clear();
}

export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
};

export { flash } from './flash.ts';

export function showFlash() {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (!raw) return;
  try {
    const { kind, message, title, to } = JSON.parse(raw) as {
      kind: 'success' | 'error' | 'warning';
      message: string;
      title?: string;
      to?: string;
    };
    // Meant for another page: left for it.
    if (to !== undefined && to !== window.location.pathname) return;
    sessionStorage.removeItem(FLASH_KEY);
    notify[kind](message, title);
  } catch {
    /* ignore a malformed flash */
    sessionStorage.removeItem(FLASH_KEY);
  }
}
