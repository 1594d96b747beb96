import { useCallback, useEffect, useState } from 'react';
import { apiFetch, type TApiPath } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

/**
 * What a list screen says when its list cannot be loaded: the screen's own toast
 * (docs/SCREENS.md) when it has one (shown here), else the server's message. Returns the
 * text for the screen.
 */
export function listFailure(res: { success: boolean; error?: string }, failText?: string): string {
  if (failText) notify.error(failText);
  return failText ?? (res.success ? 'Unexpected answer from the server.' : (res.error ?? ''));
}

/**
 * Loads a list from the API (`key` names the array in the answer, e.g. 'users' or 'data')
 * and reloads on demand (after a delete). `failText` is the screen's own toast, when it has one.
 */
export function useApiList<T>(path: TApiPath, key: string, failText?: string) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    setLoading(true);
    const res = await apiFetch(path);
    if (res.success && Array.isArray(res[key])) {
      setRows(res[key] as T[]);
      setError(null);
    } else setError(listFailure(res, failText));
    setLoading(false);
  }, [path, key, failText]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, loading, error, reload };
}
