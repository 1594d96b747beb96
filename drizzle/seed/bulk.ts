/**
 * Bulk ads for benchmarks (`npm run seed -- --ads 100000`): many realistic-looking rows,
 * inserted in multi-row batches. Words vary per category so full-text search has
 * something to find; photos reuse images the demo seed already stored (no new files).
 */
import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { db } from '../../api/db/client.ts';
import { ads, categories, users } from '../../api/db/schema/index.ts';
import { slugify } from '../../api/lib/slug.ts';
import { placeForLocation } from '../../api/services/places/attach-places.ts';
import { seedDemo } from './demo.ts';
import { DEMO_CATEGORIES } from './demo-content.ts';
import { rng } from './scenes.ts';

type TVocabulary = {
  items: string[];
  brands: string[];
  details: string[];
  features: string[];
  price: [number, number];
};

const ADJECTIVES = [
  'Excellent',
  'Like-new',
  'Well-kept',
  'Barely used',
  'Affordable',
  'Spacious',
  'Compact',
  'Classic',
  'Modern',
  'Vintage',
  'Reliable',
  'Premium',
  'Bright',
  'Quiet',
  'Sturdy',
  'Stylish',
];

const CITIES = [
  'Austin, TX',
  'Denver, CO',
  'Boise, ID',
  'San Jose, CA',
  'Portland, OR',
  'Chicago, IL',
  'Seattle, WA',
  'Brooklyn, NY',
  'Miami, FL',
  'Atlanta, GA',
  'Minneapolis, MN',
  'Raleigh, NC',
  'Boston, MA',
  'Philadelphia, PA',
  'Nashville, TN',
  'Phoenix, AZ',
  'Columbus, OH',
  'Sacramento, CA',
  'Pittsburgh, PA',
  'Los Angeles, CA',
  'San Diego, CA',
  'Houston, TX',
  'Salt Lake City, UT',
  'Dallas, TX',
  'Tampa, FL',
  'Louisville, KY',
  'Kansas City, MO',
  'Madison, WI',
  'Charlotte, NC',
  'Indianapolis, IN',
  'Omaha, NE',
  'Boulder, CO',
  'Tucson, AZ',
  'Cleveland, OH',
  'Milwaukee, WI',
  'Baltimore, MD',
  'Albuquerque, NM',
  'Richmond, VA',
  'Anchorage, AK',
  'Honolulu, HI',
];

const VOCABULARY: Record<string, TVocabulary> = {
  vehicles: {
    items: ['sedan', 'hatchback', 'pickup truck', 'SUV', 'minivan', 'convertible', 'motorbike', 'camper van', 'coupe'],
    brands: ['Toyota', 'Honda', 'Ford', 'Chevrolet', 'Subaru', 'Mazda', 'Volkswagen', 'Hyundai', 'Kia', 'Nissan'],
    details: [
      'full service history',
      'new tyres and brakes',
      'one careful owner',
      'clean title',
      'low mileage for its age',
      'garage kept',
      'cold air conditioning',
    ],
    features: ['Automatic', 'Manual', 'Diesel', 'Hybrid', 'AWD', 'Bluetooth', 'Backup camera', 'Tow hitch'],
    price: [1500, 45000],
  },
  electronics: {
    items: [
      'smartphone',
      'laptop',
      'tablet',
      'headphones',
      'smart TV',
      'game console',
      'camera',
      'smartwatch',
      'speaker',
    ],
    brands: ['Apple', 'Samsung', 'Sony', 'Dell', 'Lenovo', 'Google', 'Canon', 'Bose', 'Nintendo', 'LG'],
    details: [
      'original box and charger',
      'battery in great shape',
      'screen without scratches',
      'factory reset and ready',
      'receipt available',
      'always used with a case',
    ],
    features: ['Unlocked', 'Charger included', 'Warranty', 'Bluetooth', '4K', 'Wi-Fi', 'Original box'],
    price: [20, 2500],
  },
  'real-estate': {
    items: [
      'apartment',
      'studio flat',
      'family house',
      'townhouse',
      'cabin',
      'office space',
      'loft',
      'condo',
      'bungalow',
    ],
    brands: ['Riverside', 'Downtown', 'Lakeside', 'Uptown', 'Hillside', 'Garden', 'Harbour', 'Old Town', 'Parkview'],
    details: [
      'close to schools and shops',
      'south-facing balcony',
      'renovated kitchen',
      'private parking',
      'quiet street',
      'walking distance to the station',
    ],
    features: ['Balcony', 'Garden', 'Parking', 'Elevator', 'Furnished', 'Pet friendly', 'For rent', 'For sale'],
    price: [700, 650000],
  },
  furniture: {
    items: [
      'sofa',
      'armchair',
      'dining table',
      'bookshelf',
      'wardrobe',
      'bed frame',
      'desk',
      'coffee table',
      'dresser',
    ],
    brands: ['IKEA', 'West Elm', 'oak', 'walnut', 'velvet', 'leather', 'rattan', 'pine', 'teak'],
    details: [
      'from a smoke-free home',
      'easy to dismantle',
      'minor signs of use',
      'solid construction',
      'cushions recently cleaned',
      'collection only',
    ],
    features: ['Solid wood', 'Velvet', 'Leather', 'Storage', 'Extendable', 'Assembled', 'Collection only'],
    price: [15, 2200],
  },
  fashion: {
    items: ['jacket', 'dress', 'sneakers', 'jeans', 'handbag', 'coat', 'boots', 'sweater', 'T-shirt', 'suit'],
    brands: ['Levi’s', 'Nike', 'Adidas', 'Zara', 'Patagonia', 'Uniqlo', 'H&M', 'Converse', 'Gucci', 'Mango'],
    details: [
      'worn only a few times',
      'true to size',
      'no stains or tears',
      'washed and pressed',
      'tags still attached',
      'from a pet-free home',
    ],
    features: ['Size S', 'Size M', 'Size L', 'Cotton', 'Wool', 'Leather', 'Tags attached', 'Can post'],
    price: [5, 600],
  },
  jobs: {
    items: [
      'barista',
      'developer',
      'driver',
      'receptionist',
      'warehouse associate',
      'nurse',
      'chef',
      'electrician',
      'tutor',
    ],
    brands: ['Part-time', 'Full-time', 'Junior', 'Senior', 'Weekend', 'Night shift', 'Remote', 'Hybrid', 'Temporary'],
    details: [
      'training provided',
      'immediate start',
      'paid holidays',
      'friendly small team',
      'overtime available',
      'flexible hours',
    ],
    features: ['Full time', 'Part time', 'Remote', 'Training', 'Overtime', 'Benefits', 'Immediate start'],
    price: [900, 9000],
  },
  pets: {
    items: ['puppy', 'kitten', 'rabbit', 'parrot', 'aquarium', 'dog crate', 'cat tree', 'guinea pigs', 'budgies'],
    brands: ['Labrador', 'Beagle', 'Ragdoll', 'Maine Coon', 'Golden Retriever', 'Siamese', 'Poodle', 'Lop-eared'],
    details: [
      'vet checked and vaccinated',
      'microchipped',
      'raised with children',
      'litter trained',
      'comes with food and toys',
      'looking for a loving home',
    ],
    features: ['Vaccinated', 'Microchipped', 'Neutered', 'House trained', 'Toys included', 'Family raised'],
    price: [10, 2000],
  },
  sports: {
    items: [
      'mountain bike',
      'road bike',
      'treadmill',
      'dumbbells',
      'kayak',
      'tennis racket',
      'golf clubs',
      'snowboard',
    ],
    brands: ['Trek', 'Specialized', 'Giant', 'Wilson', 'Callaway', 'Burton', 'Bowflex', 'Decathlon', 'Yonex'],
    details: [
      'recently serviced',
      'stored indoors',
      'barely used',
      'great for beginners',
      'all accessories included',
      'test rides welcome',
    ],
    features: ['Carbon', 'Aluminium', 'Adjustable', 'Size M', 'Size L', 'Serviced', 'Accessories'],
    price: [15, 3500],
  },
};

/** Words for a category we do not know (admins may have added their own). */
const GENERIC: TVocabulary = {
  items: ['bundle', 'set', 'collection', 'kit', 'item', 'package', 'lot'],
  brands: ['Quality', 'Home', 'Everyday', 'Deluxe', 'Starter', 'Family', 'Pro'],
  details: ['in good condition', 'well looked after', 'ready to go', 'priced to sell', 'pickup or delivery'],
  features: ['Good condition', 'Negotiable', 'Pickup', 'Delivery', 'Like new'],
  price: [5, 5000],
};

export type TBulkCategory = { id: number; slug: string; name: string; images: string[] };
export type TBulkContext = { categories: TBulkCategory[]; userIds: number[]; runId: string; now: number };

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One bulk ad row (pure: same n and context, same row). Slugs carry the run id and n, so
 * they never collide with earlier runs or the demo ads.
 */
export function buildBulkAd(n: number, ctx: TBulkContext) {
  const r = rng(n * 2654435761 + ctx.runId.length * 97 + ctx.runId.charCodeAt(0));
  const category = ctx.categories[n % ctx.categories.length];
  const v = VOCABULARY[category.slug] ?? GENERIC;
  const item = pick(r, v.items);
  const brand = pick(r, v.brands);
  const adjective = pick(r, ADJECTIVES);
  const detail = pick(r, v.details);
  const heading = `${adjective} ${brand} ${item}${r() < 0.5 ? ` – ${detail}` : ''}`;
  const location = pick(r, CITIES);
  const [lo, hi] = v.price;
  // Log-uniform: many cheap items, a few expensive ones, like a real marketplace.
  const price = Math.round(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo))));
  const featureCount = 2 + Math.floor(r() * 3);
  const featureValues = [...new Set(Array.from({ length: featureCount }, () => pick(r, v.features)))];
  const second = pick(r, v.details);
  // Built from our own word lists, escaped: the same HTML the sanitiser would keep.
  const description =
    `<p>${esc(`${adjective} ${brand} ${item} for sale in ${location.split(',')[0]}: ${detail}.`)}</p>` +
    `<ul>${featureValues.map((f) => `<li>${esc(f)}</li>`).join('')}<li>${esc(second)}</li></ul>` +
    `<p>Message me for more photos or to arrange a viewing. ${r() < 0.5 ? 'Price is negotiable.' : 'Serious buyers only, please.'}</p>`;
  const createdAt = new Date(ctx.now - Math.floor(r() * 365 * 24 * 3600) * 1000);
  const images = category.images;
  const image = images.length ? images[n % images.length] : null;
  const gallery = images.length > 1 ? [images[(n + 1) % images.length]] : [];
  return {
    slug: `${slugify(heading)}-${ctx.runId}${n.toString(36)}`,
    heading,
    description,
    price,
    categoryId: category.id,
    rating: 1 + Math.floor(r() * 5),
    location,
    image,
    galleryImages: gallery,
    features: JSON.stringify(featureValues.map((value, i) => ({ id: i + 1, value }))),
    makeAsFeatured: r() < 0.1 ? ('Y' as const) : ('N' as const),
    userId: ctx.userIds[n % ctx.userIds.length],
    createdAt,
    updatedAt: createdAt,
    // Like an ad posted through the product: a period in whole milliseconds from its (re)publication,
    // spread over the last day so the reminders of a bulk catalogue do not all fall due at once.
    expiresAt: new Date(ctx.now + 30 * 24 * 3600 * 1000 - Math.floor(r() * 24 * 3600 * 1000)),
  };
}

/** Categories and sellers to spread bulk ads over; seeds the demo first on an empty database. */
async function bulkContext(): Promise<Omit<TBulkContext, 'runId' | 'now'>> {
  const [{ n }] = (await db().select({ n: count() }).from(users)) as [{ n: number }];
  if (Number(n) === 0) await seedDemo();
  let cats = await db()
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.id));
  if (cats.length === 0) {
    cats = await db()
      .insert(categories)
      .values(DEMO_CATEGORIES.map((c) => ({ name: c.name, slug: c.slug })))
      .onConflictDoNothing()
      .returning({ id: categories.id, slug: categories.slug, name: categories.name });
  }
  // Up to 8 already-stored photos per category (from the demo ads), reused by reference.
  const photoRows = await db()
    .selectDistinct({ categoryId: ads.categoryId, image: ads.image })
    .from(ads)
    .where(isNotNull(ads.image))
    .limit(400);
  const images = new Map<number, string[]>();
  for (const row of photoRows) {
    const list = images.get(row.categoryId) ?? [];
    if (row.image && list.length < 8) list.push(row.image);
    images.set(row.categoryId, list);
  }
  let sellers = await db().select({ id: users.id }).from(users).where(eq(users.role, 'customer')).limit(1000);
  if (sellers.length === 0) sellers = await db().select({ id: users.id }).from(users).limit(1000);
  return {
    categories: cats.map((c) => ({ ...c, images: images.get(c.id) ?? [] })),
    userIds: sellers.map((s) => s.id),
  };
}

/** Rows of a raw query, whichever driver ran it (postgres.js: an array; PGlite: { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** One INSERT for a whole batch: the rows travel as one JSON parameter (fast on both drivers). */
async function insertBatch(rows: ReturnType<typeof buildBulkAd>[]): Promise<number> {
  const json = JSON.stringify(
    rows.map((r) => ({
      slug: r.slug,
      heading: r.heading,
      description: r.description,
      price: r.price,
      category_id: r.categoryId,
      rating: r.rating,
      location: r.location,
      image: r.image,
      gallery_images: r.galleryImages,
      features: r.features,
      make_as_featured: r.makeAsFeatured,
      user_id: r.userId,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
    })),
  );
  const result = await db().execute(sql`
    WITH inserted AS (
      INSERT INTO ads (slug, heading, description, price, category_id, rating, location, image,
                       gallery_images, features, make_as_featured, user_id, created_at, updated_at, expires_at,
                       place_id, place_checked)
      SELECT slug, heading, description, price, category_id, rating, location, image,
             coalesce(gallery_images, '{}'), features, make_as_featured, user_id, created_at, created_at, expires_at,
             ${placeForLocation(sql`x.location`)}, true
      FROM jsonb_to_recordset(${json}::jsonb) AS x(
        slug text, heading text, description text, price numeric, category_id integer, rating smallint,
        location text, image text, gallery_images text[], features text, make_as_featured text,
        user_id integer, created_at timestamptz, expires_at timestamptz)
      ON CONFLICT (slug) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM inserted`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Inserts `count` extra ads in batches of `batchSize` rows (one INSERT each). Works on
 * PGlite and PostgreSQL; returns how many rows went in and how long it took.
 */
export async function seedBulkAds(options: {
  count: number;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<{ inserted: number; ms: number }> {
  const total = Math.max(0, Math.floor(options.count));
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 2000, 10_000));
  const started = performance.now();
  const base = await bulkContext();
  if (base.userIds.length === 0 || base.categories.length === 0) throw new Error('no users or categories to use');
  const ctx: TBulkContext = { ...base, runId: Date.now().toString(36).slice(-5), now: Date.now() };
  let inserted = 0;
  // The search indexes keep no pending list (drizzle/0017), so each row would update them one
  // by one: twice the time for a million ads. During the load they gather new entries as GIN
  // does by default, merged once at the end, and then go back to writing straight through.
  await searchIndexesPending(true);
  try {
    for (let start = 0; start < total; start += batchSize) {
      const rows = [];
      for (let n = start; n < Math.min(total, start + batchSize); n++) rows.push(buildBulkAd(n, ctx));
      inserted += await insertBatch(rows);
      options.onProgress?.(Math.min(total, start + batchSize), total);
    }
  } finally {
    await searchIndexesPending(false);
  }
  // Fresh statistics so the planner uses the indexes right away (the narrow search table and
  // the vocabulary too: where autovacuum is off, nothing else would ever take them).
  await db().execute(sql`ANALYZE ads, ad_search, search_words`);
  return { inserted, ms: Math.round(performance.now() - started) };
}

/** The full-text GIN indexes searches read (drizzle/0017_gin_no_pending_list.sql). */
const SEARCH_INDEXES = ['ads_search_idx', 'ad_search_document_idx'];

/**
 * A pending list for the search indexes (`on`), or none, with what it gathered merged in. An
 * index of a partitioned table (ad_search's, drizzle/0019) is set on each partition's own.
 */
async function searchIndexesPending(on: boolean) {
  for (const name of SEARCH_INDEXES) {
    const result = (await db().execute(
      sql`SELECT relid::text AS index FROM pg_partition_tree(${name}::regclass) WHERE isleaf`,
    )) as unknown as { index: string }[] | { rows: { index: string }[] };
    for (const { index } of Array.isArray(result) ? result : result.rows) {
      await db().execute(sql.raw(`ALTER INDEX ${index} SET (fastupdate = ${on})`));
      if (!on) await db().execute(sql`SELECT gin_clean_pending_list(${index}::regclass)`);
    }
  }
}
