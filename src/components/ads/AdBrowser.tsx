import { ChevronLeft, ChevronRight, Search, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import AdCard, { type TCardAd } from './AdCard.tsx';
import { apiQuery, browseQuery, type TBrowseFilters } from './format.ts';

export type TBrowseResult = { ads: TCardAd[]; total: number; totalPages: number };
type TCategory = { name: string; slug: string; count: number };

type Props = {
  initialFilters: TBrowseFilters;
  initialResult: TBrowseResult;
  categories: TCategory[];
  now: number;
  pageSize: number;
  /** The homepageleftsideads block (static HTML from the page). */
  leftAds?: ReactNode;
};

const SEARCH_DEBOUNCE_MS = 300;
const SORTS = [
  { value: '', label: 'Default' },
  { value: 'price-asc', label: 'Lowest Price' },
  { value: 'price-desc', label: 'Highest Price' },
] as const;

/** Page numbers with gaps: 1 … 4 5 6 … 20. */
function pageItems(page: number, totalPages: number): (number | 'gap')[] {
  const set = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : 'gap');
    out.push(p);
  });
  return out;
}

/**
 * The Browse Ads List island (SPEC.md §2, §4): filters, sort, cards and pagination. The
 * server renders the first page for the URL's filters; from then on every change reloads
 * through GET /api/all-ads and the URL follows (history.replaceState), so any view can be
 * shared or reloaded. Links stay real links, so the list also works before hydration.
 */
export default function AdBrowser({
  initialFilters,
  initialResult,
  categories,
  now: serverNow,
  pageSize,
  leftAds,
}: Props) {
  const [filters, setFilters] = useState<TBrowseFilters>(initialFilters);
  const [searchText, setSearchText] = useState(initialFilters.search);
  const [minInput, setMinInput] = useState(initialFilters.minPrice);
  const [maxInput, setMaxInput] = useState(initialFilters.maxPrice);
  const [result, setResult] = useState<TBrowseResult>(initialResult);
  const [now, setNow] = useState(serverNow);
  const [loading, setLoading] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const listTop = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  const requestSeq = useRef(0);
  const searchInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  // Text typed before the island hydrated is kept, not wiped by the server's empty value.
  useEffect(() => {
    const typed = searchInput.current?.value ?? '';
    if (typed !== initialFilters.search) setSearchText(typed);
  }, [initialFilters.search]);

  const load = useCallback(
    async (f: TBrowseFilters) => {
      const seq = ++requestSeq.current;
      setLoading(true);
      const res = await apiFetch<TBrowseResult>(`/api/all-ads?${apiQuery(f, pageSize)}`);
      if (seq !== requestSeq.current) return; // a newer request has taken over
      setLoading(false);
      if (!res.success) {
        notify.error(res.message || res.error, 'Error');
        return;
      }
      setNow(Date.now());
      setResult({ ads: res.ads, total: res.total, totalPages: res.totalPages });
    },
    [pageSize],
  );

  // Every filter change reloads and updates the address bar (not on the first render:
  // the server already rendered that view).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.history.replaceState(null, '', `${window.location.pathname}${browseQuery(filters)}`);
    load(filters);
  }, [filters, load]);

  // Search is debounced; it starts again from page 1 (SPEC.md §4).
  useEffect(() => {
    if (searchText === filters.search) return;
    const t = setTimeout(() => setFilters((f) => ({ ...f, search: searchText, page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [searchText, filters.search]);

  const change = (patch: Partial<TBrowseFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));

  const goToPage = (page: number) => {
    if (page < 1 || page > result.totalPages || page === filters.page) return;
    setFilters((f) => ({ ...f, page }));
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const applyPrice = () => {
    const min = minInput.trim();
    const max = maxInput.trim();
    const bad = [min, max].some((v) => v !== '' && !(Number(v) >= 0 && Number.isFinite(Number(v))));
    if (bad) return notify.error('Please enter a price of 0 or more.');
    if (min !== '' && max !== '' && Number(min) > Number(max))
      return notify.error('Minimum price cannot be more than maximum price.');
    change({ minPrice: min, maxPrice: max });
    setPanelOpen(false);
  };

  const linkTo = (patch: Partial<TBrowseFilters>) =>
    browseQuery({ ...filters, search: searchText, page: 1, ...patch }) || '?';
  const onLink = (e: React.MouseEvent, action: () => void) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    action();
  };

  const { ads, total, totalPages } = result;
  const from = (filters.page - 1) * pageSize + 1;
  const to = Math.min(total, from + ads.length - 1);
  const activeFilters = [filters.category, filters.minPrice, filters.maxPrice].filter(Boolean).length;

  return (
    <div className="grid gap-6 lg:grid-cols-[270px_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-8">
      <aside aria-label="Filters" className="space-y-6 lg:col-start-1 lg:row-start-1">
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <form onSubmit={(e) => e.preventDefault()}>
            <label htmlFor={`${ids}-search`} className="mb-1.5 block text-sm font-semibold text-slate-900">
              Search
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <input
                ref={searchInput}
                id={`${ids}-search`}
                type="search"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                placeholder="What are you looking for?"
                maxLength={200}
                autoComplete="off"
                className="w-full rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
              />
            </div>
          </form>
          <button
            type="button"
            className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 lg:hidden"
            aria-expanded={panelOpen}
            aria-controls={`${ids}-panel`}
            onClick={() => setPanelOpen((o) => !o)}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            {panelOpen ? 'Hide filters' : 'Filters'}
            {activeFilters > 0 && (
              <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-fg">{activeFilters}</span>
            )}
          </button>
          <div id={`${ids}-panel`} className={`${panelOpen ? 'block' : 'hidden'} mt-5 space-y-6 lg:block`}>
            <nav aria-labelledby={`${ids}-cat`}>
              <h2 id={`${ids}-cat`} className="mb-2 text-sm font-semibold text-slate-900">
                Categories
              </h2>
              <ul className="space-y-0.5 text-sm">
                {[{ name: 'All', slug: '', count: undefined as number | undefined }, ...categories].map((c) => {
                  const active = filters.category === c.slug;
                  return (
                    <li key={c.slug || 'all'}>
                      <a
                        href={linkTo({ category: c.slug })}
                        aria-current={active ? 'true' : undefined}
                        onClick={(e) =>
                          onLink(e, () => {
                            change({ category: c.slug, search: searchText });
                            setPanelOpen(false);
                          })
                        }
                        className={`flex items-center justify-between rounded-md px-2.5 py-1.5 ${
                          active ? 'bg-primary font-semibold text-primary-fg' : 'text-slate-700 hover:bg-slate-100'
                        }`}
                      >
                        <span>{c.name}</span>
                        {c.count !== undefined && (
                          <span className={active ? 'text-primary-fg' : 'text-slate-500'}>{c.count}</span>
                        )}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <form
              aria-labelledby={`${ids}-price`}
              onSubmit={(e) => {
                e.preventDefault();
                applyPrice();
              }}
            >
              <h2 id={`${ids}-price`} className="mb-2 text-sm font-semibold text-slate-900">
                Price
              </h2>
              <div className="grid grid-cols-2 gap-2">
                <label className="text-xs text-slate-600">
                  Min price
                  <input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={minInput}
                    onChange={(e) => setMinInput(e.target.value)}
                    placeholder="0"
                    className="mt-1 w-full rounded-lg border border-slate-300 px-2.5 py-2 text-sm text-slate-900 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
                  />
                </label>
                <label className="text-xs text-slate-600">
                  Max price
                  <input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={maxInput}
                    onChange={(e) => setMaxInput(e.target.value)}
                    placeholder="Any"
                    className="mt-1 w-full rounded-lg border border-slate-300 px-2.5 py-2 text-sm text-slate-900 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
                  />
                </label>
              </div>
              <button
                type="submit"
                className="mt-3 w-full rounded-lg bg-primary px-3 py-2 text-sm font-semibold text-primary-fg hover:brightness-110"
              >
                Apply price
              </button>
            </form>
          </div>
        </div>
      </aside>

      <section aria-labelledby={`${ids}-results`} className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <div ref={listTop} className="mb-4 flex scroll-mt-24 flex-wrap items-center justify-between gap-3">
          <h2 id={`${ids}-results`} className="text-sm text-slate-600" aria-live="polite">
            {total > 0 ? (
              <>
                Search Results: Showing{' '}
                <strong className="text-slate-900">
                  {from}–{to}
                </strong>{' '}
                of <strong className="text-slate-900">{total.toLocaleString('en-US')}</strong> Listings
              </>
            ) : loading ? (
              'Searching…'
            ) : (
              <span className="sr-only">No results</span>
            )}
          </h2>
          <label className="flex items-center gap-2 text-sm text-slate-600">
            Sort by
            <select
              value={filters.sort}
              onChange={(e) => change({ sort: e.target.value as TBrowseFilters['sort'], search: searchText })}
              className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
            >
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>

        <div className="relative min-h-40" aria-busy={loading}>
          {ads.length > 0 ? (
            <ul className="grid gap-5 sm:grid-cols-2">
              {ads.map((ad, i) => (
                <li key={ad.id} className="flex">
                  <div className="w-full">
                    <AdCard ad={ad} now={now} eager={i < 2} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            !loading && (
              <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
                <p className="text-lg font-semibold text-slate-900">No results found.</p>
                <p className="mt-1 text-slate-600">Try adjusting your search or category filter.</p>
              </div>
            )
          )}
          {loading && (
            <div
              className="absolute inset-0 z-10 flex items-start justify-center rounded-xl bg-white/60 pt-16"
              role="status"
            >
              <span className="h-10 w-10 animate-spin rounded-full border-4 border-primary border-t-transparent" />
              <span className="sr-only">Loading ads…</span>
            </div>
          )}
        </div>

        {totalPages > 1 && (
          <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1 sm:gap-1.5">
            <PageLink
              label={
                <>
                  <ChevronLeft className="h-4 w-4" aria-hidden="true" /> <span className="max-sm:sr-only">Prev</span>
                </>
              }
              disabled={filters.page <= 1}
              href={browseQuery({ ...filters, search: searchText, page: filters.page - 1 }) || '?'}
              onClick={(e) => onLink(e, () => goToPage(filters.page - 1))}
            />
            {pageItems(filters.page, totalPages).map((p, i) =>
              p === 'gap' ? (
                <span key={`gap-${i}`} className="px-2 text-slate-500">
                  …
                </span>
              ) : (
                <PageLink
                  key={p}
                  label={String(p)}
                  ariaLabel={`Page ${p}`}
                  current={p === filters.page}
                  href={browseQuery({ ...filters, search: searchText, page: p }) || '?'}
                  onClick={(e) => onLink(e, () => goToPage(p))}
                />
              ),
            )}
            <PageLink
              label={
                <>
                  <span className="max-sm:sr-only">Next</span> <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </>
              }
              disabled={filters.page >= totalPages}
              href={browseQuery({ ...filters, search: searchText, page: filters.page + 1 }) || '?'}
              onClick={(e) => onLink(e, () => goToPage(filters.page + 1))}
            />
          </nav>
        )}
      </section>
      {/* The left-side advert: under the filters on wide screens, after the results on phones. */}
      {leftAds && <div className="lg:col-start-1 lg:row-start-2 lg:self-start">{leftAds}</div>}
    </div>
  );
}

function PageLink(props: {
  label: ReactNode;
  href: string;
  onClick: (e: React.MouseEvent) => void;
  disabled?: boolean;
  current?: boolean;
  ariaLabel?: string;
}) {
  const base =
    'flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border px-2 text-sm font-medium sm:h-10 sm:min-w-10 sm:px-3';
  if (props.disabled) {
    return (
      <button type="button" disabled className={`${base} cursor-not-allowed border-slate-200 text-slate-400`}>
        {props.label}
      </button>
    );
  }
  return (
    <a
      href={props.href}
      onClick={props.onClick}
      aria-label={props.ariaLabel}
      aria-current={props.current ? 'page' : undefined}
      className={`${base} ${
        props.current
          ? 'border-primary bg-primary text-primary-fg'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
      }`}
    >
      {props.label}
    </a>
  );
}
