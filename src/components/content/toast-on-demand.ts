/**
 * A toast from plain (non-React) page scripts: loads the toast outlet and React only when a
 * toast is actually shown, so pages whose only interaction is a small form stay script-light.
 */
let loaded = false;

export async function toastOnDemand(kind: 'success' | 'error' | 'warning', message: string, title?: string) {
  loaded = true;
  const [{ notify }, { mountToasts }] = await Promise.all([import('../../lib/toast.ts'), import('../Toasts.tsx')]);
  mountToasts();
  notify[kind](message, title);
}

/** Takes away the error toasts shown so far (a new submission starts clean); loads nothing if none was. */
export async function clearErrorToasts() {
  if (!loaded) return;
  const { clearErrors } = await import('../../lib/toast.ts');
  clearErrors();
}
