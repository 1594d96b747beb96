import type { SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiFetch, type TApiPath } from '../../lib/api.ts';
import { listFailure } from './use-api-list.ts';

/** The page, sort and filter of a server-paged list, as the screen's URL holds them. */
export type TServerListState = {
  /** 0-based, as TanStack counts pages (the URL and the API count from 1). */
  pageIndex: number;
  sorting: SortingState;
  /** The filter text the rows were asked for (already trimmed). */
  filter: string;
};

type TOptions = {
  /** GET endpoint and the key holding the rows ('users'). */
  path: TApiPath;
  key: string;
  failText?: string;
  pageSize: number;
  /** Column ids the server sorts on; any other `sort` in the URL is ignored. */
  sortable: readonly string[];
};

/** A positive whole page number from the URL, else the first page. */
function pageFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * One page of a list that the server filters, sorts and pages (GET path?page=&limit=&q=&sort=
 * &order=, answering the rows and `total`). The state lives in the URL query (page, sort,
 * order, q), so a reload, a shared link or Back from an edit form shows the same rows.
 * Page and sort changes are history entries; filter changes replace the current one (a
 * typed word is not a place to go back to). Answers that arrive after a newer request was
 * made are dropped, and a page that has become empty (its last row deleted, or a stale link)
 * moves to the last page that still has rows.
 */
export function useServerList<T>({ path, key, failText, pageSize, sortable }: TOptions) {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const filter = (params.get('q') ?? '').trim();
  const sortParam = params.get('sort');
  const sort = sortParam && sortable.includes(sortParam) ? sortParam : null;
  const desc = params.get('order') === 'desc';

  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const latest = useRef(0);

  // The list's own address: a change that arrives after the user has left it (a typed filter
  // sent once typing paused, while the Edit link's screen is still loading) must not pull
  // them back to the list.
  const home = useRef(typeof window === 'undefined' ? '' : window.location.pathname);
  const update = useCallback(
    (change: Record<string, string | null>, replace: boolean) =>
      window.location.pathname === home.current &&
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const query = useMemo(() => {
    const q = new URLSearchParams({ page: String(page), limit: String(pageSize) });
    if (filter) q.set('q', filter);
    if (sort) {
      q.set('sort', sort);
      q.set('order', desc ? 'desc' : 'asc');
    }
    return q.toString();
  }, [page, pageSize, filter, sort, desc]);

  // `reloads` is the reload trigger itself.
  useEffect(() => {
    const request = ++latest.current;
    const abort = new AbortController();
    setLoading(true);
    // A path may carry the screen's own filters (`/api/ads?seller=3`); the list's go after them.
    const url = (path.includes('?') ? `${path}&${query}` : `${path}?${query}`) as TApiPath;
    void apiFetch<TApiPath>(url, { signal: abort.signal }).then((res) => {
      if (abort.signal.aborted || request !== latest.current) return;
      if (res.success && Array.isArray(res[key]) && typeof res.total === 'number') {
        const found = res[key] as T[];
        if (found.length === 0 && res.total > 0 && page > 1) {
          // Past the end: show the last page that has rows (this request's loading continues).
          const last = Math.ceil(res.total / pageSize);
          update({ page: last > 1 ? String(last) : null }, true);
          return;
        }
        setRows(found);
        setTotal(res.total);
        setError(null);
      } else setError(listFailure(res, failText));
      setLoading(false);
    });
    return () => abort.abort();
  }, [path, key, query, page, pageSize, failText, update, reloads]);

  const state: TServerListState = useMemo(
    () => ({ pageIndex: page - 1, sorting: sort ? [{ id: sort, desc }] : [], filter }),
    [page, sort, desc, filter],
  );

  return {
    rows,
    total,
    loading,
    error,
    state,
    reload: useCallback(async () => setReloads((n) => n + 1), []),
    setPageIndex: useCallback(
      (index: number) => update({ page: index > 0 ? String(index + 1) : null }, false),
      [update],
    ),
    setSorting: useCallback(
      (next: SortingState) => {
        const [first] = next;
        update(
          { sort: first ? first.id : null, order: first ? (first.desc ? 'desc' : 'asc') : null, page: null },
          false,
        );
      },
      [update],
    ),
    setFilter: useCallback((text: string) => update({ q: text.trim() || null, page: null }, true), [update]),
  };
}
