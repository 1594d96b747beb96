import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { pageSpan } from '../ui/pagination.ts';
import AdCard, { type TCardAd } from './AdCard.tsx';
import FilterPanel, { type TCategory } from './FilterPanel.tsx';
import { apiQuery, browseQuery, formatCount, type TBrowseFilters } from './format.ts';
import { followInPage } from './in-page-link.ts';
import PageNav from './PageNav.tsx';
import SaveSearchButton from './SaveSearchButton.tsx';

export type TBrowseResult = {
  ads: TCardAd[];
  total: number;
  totalPages: number;
  /** At least `total` ads match: counting stopped there ("1,000+"). */
  totalCapped?: boolean;
  /** "Did you mean …?" when the search found nothing. */
  suggestion?: string | null;
  /** Per category, the ads matching the current search or price range (capped like the total). */
  categoryCounts?: TCategoryCount[];
  /** Why there is no list (the search ran out of time), shown in place of "No results found.". */
  error?: string;
};
export type TCategoryCount = { slug: string; count: number; capped: boolean };

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
  { value: 'relevance', label: 'Best match' },
  { value: 'distance', label: 'Nearest first' },
] as const;

/**
 * The Browse Ads List island: filters, sort, cards and pagination. The
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
  const [result, setResult] = useState<TBrowseResult>(initialResult);
  const [now, setNow] = useState(serverNow);
  const [loading, setLoading] = useState(false);
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
      const res = await apiFetch(`/api/all-ads?${apiQuery(f, pageSize)}`);
      if (seq !== requestSeq.current) return; // a newer request has taken over
      setLoading(false);
      if (!res.success) {
        notify.error(res.message || res.error, 'Error');
        setResult({ ads: [], total: 0, totalPages: 0, error: res.message || res.error });
        return;
      }
      setNow(Date.now());
      setResult({
        ads: res.ads,
        total: res.total,
        totalPages: res.totalPages,
        totalCapped: res.totalCapped,
        suggestion: res.suggestion,
        categoryCounts: res.categoryCounts,
      });
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

  // Search is debounced; it starts again from page 1.
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

  const linkTo = (patch: Partial<TBrowseFilters>) =>
    browseQuery({ ...filters, search: searchText, page: 1, ...patch }) || '?';
  const { ads, total, totalPages, totalCapped, suggestion } = result;
  // With a search or a price range the sidebar counts that search's ads per category.
  const counted = result.categoryCounts ? new Map(result.categoryCounts.map((c) => [c.slug, c])) : undefined;
  const shownCategories = counted
    ? categories.map((c) => {
        const n = counted.get(c.slug);
        return { ...c, count: n?.count ?? 0, capped: n?.capped ?? false };
      })
    : categories;
  // A capped total ("1,000+") is a lower bound: the page's own rows are there whatever it says.
  const spanTotal = totalCapped ? Math.max(total, (filters.page - 1) * pageSize + ads.length) : total;
  const { from, to } = pageSpan({ page: filters.page, pageSize, total: spanTotal, shown: ads.length });
  const activeFilters = [filters.category, filters.minPrice, filters.maxPrice, filters.near].filter(Boolean).length;

  return (
    <div className="grid gap-6 lg:grid-cols-[270px_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-8">
      <FilterPanel
        categories={shownCategories}
        category={filters.category}
        search={searchText}
        onSearchChange={setSearchText}
        searchRef={searchInput}
        initialMinPrice={initialFilters.minPrice}
        initialMaxPrice={initialFilters.maxPrice}
        activeCount={activeFilters}
        categoryHref={(category) => linkTo({ category })}
        onCategory={(category) => change({ category, search: searchText })}
        onPrice={(minPrice, maxPrice) => change({ minPrice, maxPrice })}
        near={{ near: filters.near, nearLabel: filters.nearLabel, radius: filters.radius }}
        onNear={(v) =>
          // Nearest first needs a place to measure from.
          change({ ...v, search: searchText, sort: !v.near && filters.sort === 'distance' ? '' : filters.sort })
        }
      />

      <section aria-labelledby={`${ids}-results`} className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <div ref={listTop} className="mb-4 flex scroll-mt-24 flex-wrap items-center justify-between gap-3">
          <h2 id={`${ids}-results`} className="text-sm text-slate-600" aria-live="polite">
            {total > 0 ? (
              <>
                Search Results: Showing{' '}
                <strong className="text-slate-900">
                  {from}–{to}
                </strong>{' '}
                of{' '}
                <strong className="text-slate-900">
                  {formatCount(total)}
                  {totalCapped ? '+' : ''}
                </strong>{' '}
                Listings
              </>
            ) : loading ? (
              'Searching…'
            ) : (
              <span className="sr-only">No results</span>
            )}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <SaveSearchButton filters={{ ...filters, search: searchText }} />
            <label className="flex items-center gap-2 text-sm text-slate-600">
              Sort by
              <select
                value={filters.sort}
                onChange={(e) => change({ sort: e.target.value as TBrowseFilters['sort'], search: searchText })}
                className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
              >
                {SORTS.filter((s) => s.value !== 'distance' || filters.near).map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>

        <div className="relative min-h-40" aria-busy={loading}>
          {ads.length > 0 ? (
            <ul className="grid gap-5 sm:grid-cols-2">
              {ads.map((ad, i) => (
                <li key={ad.id} className="flex">
                  <div className="w-full">
                    <AdCard ad={ad} now={now} eager={i < 2} wishlist />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            !loading && (
              <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
                {result.error ? (
                  <>
                    <p className="text-lg font-semibold text-slate-900">The search did not finish.</p>
                    <p className="mt-1 text-slate-600">{result.error}</p>
                  </>
                ) : (
                  <>
                    <p className="text-lg font-semibold text-slate-900">No results found.</p>
                    {suggestion ? (
                      <p className="mt-1 text-slate-600">
                        Did you mean{' '}
                        <a
                          href={linkTo({ search: suggestion })}
                          onClick={(e) =>
                            followInPage(e, () => {
                              setSearchText(suggestion);
                              change({ search: suggestion });
                            })
                          }
                          className="font-semibold text-primary underline underline-offset-2 hover:brightness-110"
                        >
                          {suggestion}
                        </a>
                        ?
                      </p>
                    ) : (
                      <p className="mt-1 text-slate-600">Try adjusting your search or category filter.</p>
                    )}
                  </>
                )}
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

        <PageNav
          page={filters.page}
          totalPages={totalPages}
          hrefFor={(page) => browseQuery({ ...filters, search: searchText, page }) || '?'}
          onGo={goToPage}
        />
      </section>
      {/* The left-side advert: under the filters on wide screens, after the results on phones. */}
      {leftAds && <div className="lg:col-start-1 lg:row-start-2 lg:self-start">{leftAds}</div>}
    </div>
  );
}
