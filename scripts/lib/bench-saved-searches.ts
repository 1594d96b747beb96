// The saved-search scenario of `npm run bench -- --saved-searches`: 10,000 saved searches and
// 1,000 new ads, then one matching run (matching + queuing the instant alert mails) timed
// in-process against the bench database (DATABASE_URL or DATA_DIR from the parent).
// Prints one JSON line with the figures; fails when anyone would get an ad twice.
import { eq, sql } from 'drizzle-orm';
import { closeDatabase, connection, db } from '../../api/db/client.ts';
import { ads, categories, savedSearches, savedSearchWatermark, users } from '../../api/db/schema/index.ts';
import { JOB_SCHEMA, jobQueue } from '../../api/jobs/queue.ts';
import { rowsOf } from '../../api/lib/rows-of.ts';
import { matchSavedSearches } from '../../api/services/saved-searches/match-saved-searches.ts';
import { runSavedSearchMatching } from '../../api/services/saved-searches/run-saved-search-jobs.ts';
import { sendSavedSearchAlerts } from '../../api/services/saved-searches/send-alerts.ts';
import { searchTerms, tsquery } from '../../api/services/search/search-text.ts';

const SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 10_000);
const NEW_ADS = Number(process.env.BENCH_NEW_ADS ?? 1_000);
const PER_USER = 5;

/** A fixed-seed random generator, so every run seeds the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const rand = random(42);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;

// Words of the new ads' headings and of the searches: 400 nouns and 80 adjectives made of
// syllables (a real site's vocabulary is wider still), so a one-word search finds a few of
// the new ads and a category search with a price range a few dozen.
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'pel', 'dri', 'sun', 'ga', 'nor', 'bex', 'fi', 'qua', 'hol'];
const word = () => Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(SYLLABLES)).join('');
const NOUNS = [...new Set(Array.from({ length: 420 }, word))].slice(0, 400);
const ADJECTIVES = [...new Set(Array.from({ length: 90 }, word))].slice(0, 80);

async function seed() {
  const cats = await db().select({ id: categories.id }).from(categories);
  if (!cats.length) throw new Error('no categories: seed the demo content first');
  const stamp = Date.now();
  const searchers = await db()
    .insert(users)
    .values(
      Array.from({ length: SEARCHES / PER_USER }, (_, i) => ({
        name: `Searcher ${i}`,
        email: `searcher-${stamp}-${i}@example.com`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  const [seller] = await db()
    .insert(users)
    .values({ name: 'Bench seller', email: `bench-seller-${stamp}@example.com`, passwordHash: 'x' })
    .returning({ id: users.id });

  const rows = [];
  for (let i = 0; i < SEARCHES; i++) {
    const kind = rand();
    // Half search one or two words, a quarter a category and a price range, the rest both.
    const words = kind < 0.75 ? (rand() < 0.5 ? pick(NOUNS) : `${pick(ADJECTIVES)} ${pick(NOUNS)}`) : '';
    const categoryId = kind >= 0.5 ? pick(cats).id : null;
    const min = kind >= 0.5 ? Math.floor(rand() * 200) : null;
    const max = min === null ? null : min + 100 + Math.floor(rand() * 800);
    const terms = searchTerms(words);
    rows.push({
      userId: searchers[Math.floor(i / PER_USER)]!.id,
      name: words || 'Category search',
      search: words,
      query: terms.length ? tsquery(terms) : null,
      categoryId,
      minPrice: min,
      maxPrice: max,
      frequency: rand() < 0.8 ? ('instant' as const) : ('daily' as const),
      unsubscribeToken: `bench-${stamp}-${i}`,
    });
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db()
      .insert(savedSearches)
      .values(rows.slice(i, i + 1000));

  // Only the ads posted from now on are new to the matcher.
  await db().update(savedSearchWatermark).set({ updatedAt: sql`now()`, adId: 0 }).where(eq(savedSearchWatermark.id, 1));
  const newAds = Array.from({ length: NEW_ADS }, (_, i) => ({
    slug: `bench-new-${stamp}-${i}`,
    heading: `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i}`,
    description: `<p>A ${pick(ADJECTIVES)} one, in good shape.</p>`,
    price: Math.floor(rand() * 1000),
    categoryId: pick(cats).id,
    rating: 4,
    userId: seller!.id,
  }));
  for (let i = 0; i < newAds.length; i += 500)
    await db()
      .insert(ads)
      .values(newAds.slice(i, i + 500));
}

/** Every queued alert mail's search (by its unsubscribe token) and the ad links it lists. */
async function queuedAlerts(): Promise<{ token: string; slugs: string[] }[]> {
  const rows = rowsOf<{ data: { text: string; headers?: Record<string, string> } }>(
    await db().execute(sql.raw(`SELECT data FROM ${JOB_SCHEMA}.job WHERE name = 'mail'`)),
  );
  return rows
    .filter((r) => r.data.headers?.['List-Unsubscribe'])
    .map((r) => ({
      token: /unsubscribe\/([^>]+)>/.exec(r.data.headers!['List-Unsubscribe']!)?.[1] ?? '',
      slugs: [...r.data.text.matchAll(/\/add-details\/(\S+)/g)].map((m) => m[1]!),
    }));
}

await connection().migrate();
await jobQueue();
await seed();
// What the job does (runSavedSearchMatching), in its two steps, each timed.
const started = performance.now();
const matched = await matchSavedSearches();
const matchedAt = performance.now();
const mails = await sendSavedSearchAlerts('instant');
const mailedAt = performance.now();
const seconds = (mailedAt - started) / 1000;
const run = { ...matched, mails };

// Again, with every new ad changed since (so the job reads them all again): nothing new.
await db().update(ads).set({ updatedAt: sql`now()` }).where(sql`${ads.slug} LIKE 'bench-new-%'`);
const again = await runSavedSearchMatching();

const alerts = await queuedAlerts();
const pairs = new Set<string>();
let twice = 0;
for (const a of alerts)
  for (const slug of a.slugs) {
    const key = `${a.token} ${slug}`;
    if (pairs.has(key)) twice += 1;
    pairs.add(key);
  }
const tokens = new Set(alerts.map((a) => a.token));
const result = {
  searches: SEARCHES,
  newAds: NEW_ADS,
  seconds: Number(seconds.toFixed(2)),
  matchSeconds: Number(((matchedAt - started) / 1000).toFixed(2)),
  mailSeconds: Number(((mailedAt - matchedAt) / 1000).toFixed(2)),
  adsChecked: run.ads,
  matches: run.matches,
  mails: run.mails,
  secondRun: { matches: again.matches, mails: again.mails },
  searchesMailedTwice: alerts.length - tokens.size,
  adsListedTwice: twice,
};
console.log(JSON.stringify(result));
await closeDatabase();
if (result.searchesMailedTwice || result.adsListedTwice || again.matches || again.mails) process.exit(1);
