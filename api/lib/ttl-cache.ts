/**
 * A per-process cache of one async value for `ttlMs`. Concurrent callers share the
 * pending load; a failed load is not kept. drop() forgets the value (after a write).
 */
export function ttlCache<T>(ttlMs: number, load: () => Promise<T>) {
  let entry: { at: number; value: Promise<T> } | undefined;
  return {
    get(): Promise<T> {
      const now = Date.now();
      if (!entry || now - entry.at > ttlMs) {
        const value = load();
        const current = { at: now, value };
        entry = current;
        value.catch(() => {
          if (entry === current) entry = undefined;
        });
      }
      return entry.value;
    },
    drop() {
      entry = undefined;
    },
  };
}
