import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

/**
 * Loads a list from the API (`key` names the array in the answer, e.g. 'users' or 'data')
 * and reloads on demand (after a delete). `failText` is SPEC.md §8's toast, when it has one.
 */
export function useApiList<T>(path: string, key: string, failText?: string) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    setLoading(true);
    const res = await apiFetch<Record<string, unknown>>(path);
    if (res.success && Array.isArray(res[key])) {
      setRows(res[key] as T[]);
      setError(null);
    } else {
      const text = failText ?? (res.success ? 'Unexpected answer from the server.' : res.error);
      setError(text);
      if (failText) notify.error(failText);
    }
    setLoading(false);
  }, [path, key, failText]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, loading, error, reload };
}
