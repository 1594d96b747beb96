import * as searchIcon from 'lucide-react/icons/search';
import * as slidersIcon from 'lucide-react/icons/sliders-horizontal';
import { type Ref, useId, useRef, useState } from 'react';
import { FIELD_MAX } from '../../../api/constants/field-limits.ts';
import { checkPriceRange, type TPriceErrors } from '../../lib/browse-filters.ts';
import { notify } from '../../lib/toast.ts';
import NearFilter, { type TNearValue } from '../places/NearFilter.tsx';
import { glyph } from '../ui/glyph.tsx';
import { formatCount } from './format.ts';
import { followInPage } from './in-page-link.ts';

const Search = glyph(searchIcon);
const SlidersHorizontal = glyph(slidersIcon);

/** `capped`: the count stopped there (shown as "1,000+"). */
export type TCategory = { name: string; slug: string; count: number; capped?: boolean };

/**
 * The browse list's filters: the search box, then (behind a Filters button on a phone) the
 * categories as links and the price range. Search text is the list's own state (it is
 * debounced there); a category or price choice is handed over at once. A price range the
 * API would refuse is never sent: the message shows under its field (aria-invalid,
 * aria-describedby), focus goes there, and the list keeps its previous results.
 */
export default function FilterPanel({
  categories,
  category,
  search,
  onSearchChange,
  searchRef,
  initialMinPrice,
  initialMaxPrice,
  activeCount,
  categoryHref,
  onCategory,
  onPrice,
  near,
  onNear,
}: {
  categories: TCategory[];
  /** The chosen category's slug ('' for all). */
  category: string;
  search: string;
  onSearchChange: (text: string) => void;
  searchRef: Ref<HTMLInputElement>;
  initialMinPrice: string;
  initialMaxPrice: string;
  /** How many of category, min and max price are set (the Filters button's badge). */
  activeCount: number;
  categoryHref: (slug: string) => string;
  onCategory: (slug: string) => void;
  onPrice: (min: string, max: string) => void;
  near: TNearValue;
  onNear: (near: TNearValue) => void;
}) {
  const ids = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const [minInput, setMinInput] = useState(initialMinPrice);
  const [maxInput, setMaxInput] = useState(initialMaxPrice);
  const [priceErrors, setPriceErrors] = useState<TPriceErrors>({});
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);

  const applyPrice = () => {
    const min = minInput.trim();
    const max = maxInput.trim();
    const errors = checkPriceRange(min, max);
    setPriceErrors(errors);
    const first = errors.min ?? errors.max;
    if (first) {
      // The summary toast keeps the product description's text; the field says it too.
      notify.error(first);
      (errors.min ? minRef : maxRef).current?.focus();
      return;
    }
    onPrice(min, max);
    setPanelOpen(false);
  };
  // Once an error shows, it follows the typing (and goes when the input is valid).
  const edit = (setter: (v: string) => void, which: 'min' | 'max') => (value: string) => {
    setter(value);
    if (priceErrors.min || priceErrors.max)
      setPriceErrors(checkPriceRange(which === 'min' ? value : minInput, which === 'max' ? value : maxInput));
  };

  return (
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
              ref={searchRef}
              id={`${ids}-search`}
              type="search"
              value={search}
              onChange={(e) => onSearchChange(e.target.value)}
              placeholder="What are you looking for?"
              maxLength={FIELD_MAX.searchText}
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
          {activeCount > 0 && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-fg">{activeCount}</span>
          )}
        </button>
        <div id={`${ids}-panel`} className={`${panelOpen ? 'block' : 'hidden'} mt-5 space-y-6 lg:block`}>
          <NearFilter value={near} onChange={onNear} />
          <nav aria-labelledby={`${ids}-cat`}>
            <h2 id={`${ids}-cat`} className="mb-2 text-sm font-semibold text-slate-900">
              Categories
            </h2>
            <ul className="space-y-0.5 text-sm">
              {[{ name: 'All', slug: '', count: undefined as number | undefined, capped: false }, ...categories].map(
                (c) => {
                  const active = category === c.slug;
                  return (
                    <li key={c.slug || 'all'}>
                      <a
                        href={categoryHref(c.slug)}
                        aria-current={active ? 'true' : undefined}
                        onClick={(e) =>
                          followInPage(e, () => {
                            onCategory(c.slug);
                            setPanelOpen(false);
                          })
                        }
                        className={`flex items-center justify-between rounded-md px-2.5 py-1.5 ${
                          active ? 'bg-primary font-semibold text-primary-fg' : 'text-slate-700 hover:bg-slate-100'
                        }`}
                      >
                        <span>{c.name}</span>
                        {/* A capped count of 0: the counting stopped before reaching this category (unknown). */}
                        {c.count !== undefined && !(c.capped && c.count === 0) && (
                          <span className={active ? 'text-primary-fg' : 'text-slate-500'}>
                            {formatCount(c.count)}
                            {c.capped ? '+' : ''}
                          </span>
                        )}
                      </a>
                    </li>
                  );
                },
              )}
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
              {(
                [
                  ['min', 'Min price', minInput, setMinInput, '0', minRef],
                  ['max', 'Max price', maxInput, setMaxInput, 'Any', maxRef],
                ] as const
              ).map(([which, label, value, setter, placeholder, ref]) => (
                <PriceInput
                  key={which}
                  label={label}
                  value={value}
                  onChange={edit(setter, which)}
                  placeholder={placeholder}
                  inputRef={ref}
                  error={priceErrors[which]}
                  errorId={`${ids}-${which}-error`}
                />
              ))}
            </div>
            {(priceErrors.min || priceErrors.max) && (
              <div className="mt-2 space-y-1 text-xs font-medium text-red-700">
                {priceErrors.min && <p id={`${ids}-min-error`}>{priceErrors.min}</p>}
                {priceErrors.max && <p id={`${ids}-max-error`}>{priceErrors.max}</p>}
              </div>
            )}
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
  );
}

function PriceInput({
  label,
  value,
  onChange,
  placeholder,
  inputRef,
  error,
  errorId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  errorId: string;
}) {
  return (
    <label className="text-xs text-slate-600">
      {label}
      <input
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={`mt-1 w-full rounded-lg border px-2.5 py-2 text-sm text-slate-900 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none ${
          error ? 'border-red-600' : 'border-slate-300'
        }`}
      />
    </label>
  );
}
