import { Search, SlidersHorizontal } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { notify } from '../../lib/toast.ts';
import { followInPage } from './in-page-link.ts';

export type TCategory = { name: string; slug: string; count: number };

/**
 * The browse list's filters: the search box, then (behind a Filters button on a phone) the
 * categories as links and the price range. Search text is the list's own state (it is
 * debounced there); a category or price choice is handed over at once.
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
}) {
  const ids = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const [minInput, setMinInput] = useState(initialMinPrice);
  const [maxInput, setMaxInput] = useState(initialMaxPrice);

  const applyPrice = () => {
    const min = minInput.trim();
    const max = maxInput.trim();
    const bad = [min, max].some((v) => v !== '' && !(Number(v) >= 0 && Number.isFinite(Number(v))));
    if (bad) return notify.error('Please enter a price of 0 or more.');
    if (min !== '' && max !== '' && Number(min) > Number(max))
      return notify.error('Minimum price cannot be more than maximum price.');
    onPrice(min, max);
    setPanelOpen(false);
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
          {activeCount > 0 && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-fg">{activeCount}</span>
          )}
        </button>
        <div id={`${ids}-panel`} className={`${panelOpen ? 'block' : 'hidden'} mt-5 space-y-6 lg:block`}>
          <nav aria-labelledby={`${ids}-cat`}>
            <h2 id={`${ids}-cat`} className="mb-2 text-sm font-semibold text-slate-900">
              Categories
            </h2>
            <ul className="space-y-0.5 text-sm">
              {[{ name: 'All', slug: '', count: undefined as number | undefined }, ...categories].map((c) => {
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
              <PriceInput label="Min price" value={minInput} onChange={setMinInput} placeholder="0" />
              <PriceInput label="Max price" value={maxInput} onChange={setMaxInput} placeholder="Any" />
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
  );
}

function PriceInput({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <label className="text-xs text-slate-600">
      {label}
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className="mt-1 w-full rounded-lg border border-slate-300 px-2.5 py-2 text-sm text-slate-900 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
      />
    </label>
  );
}
