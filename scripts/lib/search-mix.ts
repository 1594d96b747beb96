// The bench's realistic search mix (issue 15): every request a different search, as visitors
// make them. Words come from the catalogue itself (headings read through the public API), so
// the mix fits whatever the database holds.

const SORTS = ['', 'price-asc', 'price-desc', 'relevance'];
/** A near search's radii (km), from a neighbourhood to a region. */
const RADII = [5, 10, 25, 50, 100, 200];
/** The cities the bulk seeder and the demo put ads in: the near searches measure from them. */
const CITY_NAMES = [
  'Austin',
  'Denver',
  'Chicago',
  'Seattle',
  'Miami',
  'Boston',
  'Phoenix',
  'Houston',
  'Richmond',
  'Dallas',
];
const PRICE_STEPS = [0, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 20000];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/**
 * Words of the headings of a few hundred ads spread over the catalogue (pages of 100 from
 * several depths): lower-case, letters only, 3 or more letters; and those ads' slugs (the
 * ad-page mix: every request a different ad).
 */
export async function catalogueWords(site: string): Promise<{ words: string[]; slugs: string[] }> {
  const first = (await (await fetch(`${site}/api/all-ads?limit=1`)).json()) as { totalPages: number };
  const pages = Math.max(1, Math.floor(first.totalPages / 100));
  const words = new Set<string>();
  const slugs: string[] = [];
  for (let i = 0; i < 8; i++) {
    const page = 1 + Math.floor((i / 8) * pages);
    const res = (await (await fetch(`${site}/api/all-ads?limit=100&page=${page}`)).json()) as {
      ads: { heading: string; slug: string }[];
    };
    for (const ad of res.ads) {
      slugs.push(ad.slug);
      for (const w of ad.heading.toLowerCase().split(/[^\p{L}]+/u)) if (w.length >= 3) words.add(w);
    }
  }
  if (!words.size) throw new Error('search mix: the catalogue has no words to search for');
  return { words: [...words], slugs };
}

/** The gazetteer places of CITY_NAMES (biggest of each name), as GET /api/places finds them. */
export async function mixPlaces(site: string): Promise<{ ids: number[]; names: string[] }> {
  const ids: number[] = [];
  for (const name of CITY_NAMES) {
    const res = (await (await fetch(`${site}/api/places?q=${encodeURIComponent(name)}`)).json()) as {
      data: { id: number }[];
    };
    if (res.data[0]) ids.push(res.data[0].id);
  }
  return { ids, names: CITY_NAMES };
}

/** A picker's request: 2–6 letters of a city's name, now and then with a letter dropped (a typo). */
export function placesPath(names: string[]): string {
  const name = pick(names).toLowerCase();
  let q = name.slice(0, 2 + Math.floor(Math.random() * 5));
  if (q.length > 4 && Math.random() < 0.2) q = q.slice(0, 2) + q.slice(3);
  return `/api/places?q=${encodeURIComponent(q)}`;
}

/**
 * One random search as a path: 1–2 catalogue words (a quarter of the time the last one cut to
 * a 3–4 letter prefix, as while typing), a random category half the time, a random price range
 * half the time (sometimes only one bound), near a city a third of the time (5–200 km), any
 * sort, pages 1–5 (page 1 most often).
 */
export function mixPath(kind: 'api' | 'home', words: string[], categories: string[], places: number[] = []): string {
  const terms = Array.from({ length: Math.random() < 0.7 ? 1 : 2 }, () => pick(words));
  if (Math.random() < 0.25) {
    const last = terms.length - 1;
    terms[last] = (terms[last] as string).slice(0, Math.random() < 0.5 ? 3 : 4);
  }
  const category = Math.random() < 0.5 && categories.length ? pick(categories) : '';
  let min: number | undefined;
  let max: number | undefined;
  if (Math.random() < 0.5) {
    const a = pick(PRICE_STEPS);
    const b = pick(PRICE_STEPS);
    const r = Math.random();
    if (r < 0.6) [min, max] = [Math.min(a, b), Math.max(a, b)];
    else if (r < 0.8) min = a;
    else max = b || 100;
  }
  // A third of the searches are near one of the cities, within 5–200 km, some nearest first.
  const near = places.length && Math.random() < 1 / 3 ? pick(places) : undefined;
  const sort = near && Math.random() < 0.3 ? 'distance' : pick(SORTS);
  const page = Math.random() < 0.6 ? 1 : 2 + Math.floor(Math.random() * 4);
  const p = new URLSearchParams();
  const names =
    kind === 'api'
      ? { search: 'search', category: 'category', min: 'min_price', max: 'max_price' }
      : { search: 'psearchKeyword', category: 'pselectedCategory', min: 'pminPrice', max: 'pmaxPrice' };
  p.set(names.search, terms.join(' '));
  if (category) p.set(names.category, category);
  if (min !== undefined) p.set(names.min, String(min));
  if (max !== undefined) p.set(names.max, String(max));
  if (near !== undefined) {
    p.set(kind === 'api' ? 'near' : 'pnear', String(near));
    p.set(kind === 'api' ? 'radius_km' : 'pradius', String(pick(RADII)));
  }
  if (sort) p.set('sort', sort);
  if (page > 1) p.set('page', String(page));
  if (kind === 'api') p.set('limit', '10');
  return `${kind === 'api' ? '/api/all-ads' : '/'}?${p}`;
}

/**
 * A pool of `size` requests drawn once from `draw`, then asked as Zipf's law says real traffic
 * repeats them: the k-th most popular about 1/k as often as the first. What a shared cache meets,
 * where the mixes above (every request different) are what it cannot help.
 */
export function popularMix(size: number, draw: () => string): () => string {
  const pool = Array.from({ length: size }, draw);
  const harmonic = pool.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
  const cumulative: number[] = [];
  let run = 0;
  for (let i = 0; i < size; i++) {
    run += 1 / (i + 1) / harmonic;
    cumulative.push(run);
  }
  return () => {
    const r = Math.random();
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < r) lo = mid + 1;
      else hi = mid;
    }
    return pool[lo] as string;
  };
}
