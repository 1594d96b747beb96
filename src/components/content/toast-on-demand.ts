/**
 * A toast from plain (non-React) page scripts: loads the toast outlet and React only when a
 * toast is actually shown, so pages whose only interaction is a small form stay script-light.
 */
export async function toastOnDemand(kind: 'success' | 'error' | 'warning', message: string, title?: string) {
  const [{ notify }, { mountToasts }] = await Promise.all([import('../../lib/toast.ts'), import('../Toasts.tsx')]);
  mountToasts();
  notify[kind](message, title);
}
