import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessRules, type TRouteRule, undeclaredRoutes } from '../../api/access-rules.ts';
import { createApp } from '../../api/app.ts';
import { db } from '../../api/db/client.ts';
import {
  ads,
  categories,
  conversations,
  faqs,
  membershipPlans,
  pages,
  reviews,
  testimonials,
  wishlistItems,
} from '../../api/db/schema/index.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

type TUser = Awaited<ReturnType<typeof makeUser>>;
let admin: TUser;
let owner: TUser;
let stranger: TUser;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

beforeAll(async () => {
  await setupTestDb();
  admin = await makeUser({ role: 'admin', name: 'Admin' });
  owner = await makeUser({ name: 'Owner' });
  stranger = await makeUser({ name: 'Stranger' });
  const [cat] = await db().insert(categories).values({ name: 'Walk', slug: 'walk' }).returning();
  const [ad] = await db()
    .insert(ads)
    .values({
      slug: 'walk-ad',
      heading: 'Walk ad',
      description: '<p>Owned by Owner</p>',
      price: 10,
      categoryId: cat?.id as number,
      rating: 3,
      location: 'Here',
      userId: owner.user.id,
    })
    .returning();
  const [page] = await db()
    .insert(pages)
    .values({ name: 'Walk page', slug: 'walk-page', template: 'default', content: '<p>x</p>' })
    .returning();
  const [faq] = await db().insert(faqs).values({ question: 'Walk?', answer: 'Yes' }).returning();
  const [t] = await db().insert(testimonials).values({ name: 'T', designation: 'D', description: 'x' }).returning();
  const [plan] = await db()
    .insert(membershipPlans)
    .values({ planName: 'P', subscriptionType: 'NA', price: 0 })
    .returning();
  const [wish] = await db()
    .insert(wishlistItems)
    .values({ userId: owner.user.id, adId: ad?.id as number })
    .returning();
  // A conversation about the owner's ad between the admin (buyer) and the owner (seller).
  const [conversation] = await db()
    .insert(conversations)
    .values({ adId: ad?.id as number, adHeading: 'Walk ad', buyerId: admin.user.id, sellerId: owner.user.id })
    .returning();
  // The admin's review of the owner after that conversation.
  const [review] = await db()
    .insert(reviews)
    .values({ conversationId: conversation?.id as number, sellerId: owner.user.id, buyerId: admin.user.id, rating: 4 })
    .returning();
  Object.assign(ids, {
    conversations: conversation?.id,
    reviews: review?.id,
    user: admin.user.id,
    ads: ad?.id,
    category: cat?.id,
    pages: page?.id,
    faqs: faq?.id,
    testimonials: t?.id,
    memberships: plan?.id,
    wishlist: wish?.id,
    sellers: owner.user.id,
  });
  Object.assign(slugs, { 'ads-by-slug': 'walk-ad', 'get-content': 'walk-page' });
});

/** A concrete URL for a route pattern, aimed at a real row (the admin for user routes). */
function concretePath(pattern: string): string {
  const resource = pattern.split('/')[2] ?? '';
  return pattern
    .replace(/:id(\{[^}]*\})?/g, () => String(ids[resource] ?? 1))
    .replace(/:slug(\{[^}]*\})?/g, () => slugs[resource] ?? 'x');
}

/**
 * A plausible body for any write: every field any form has, aimed at someone else's data
 * (the admin's account, the owner's ad) and asking for privileges.
 */
function hostileFields(): Record<string, string> {
  return {
    id: String(ids.ads),
    userId: String(admin.user.id),
    user_id: String(admin.user.id),
    name: 'Hacked',
    email: 'hacked@example.com',
    role: 'admin',
    subscription: 'platinum',
    password: 'hacked1',
    cpassword: 'hacked1',
    heading: 'Hacked',
    description: '<p>Hacked</p>',
    category: String(ids.category),
    price: '1',
    rating: '5',
    location: 'Hacked',
    features: '[]',
    make_as_featured: 'Y',
    slug: 'hacked',
    template: 'default',
    seokeyword: 'hacked',
    content: '<p>hacked</p>',
    howwework: '<p>hacked</p>',
    question: 'Hacked?',
    answer: 'Hacked',
    designation: 'Hacked',
    plan_name: 'Hacked',
    subscription_type: 'Hacked',
    item_name: 'Hacked',
    item_description: 'Hacked',
    item_image: '',
    ad_id: String(ids.ads),
    adId: String(ids.ads),
    esitingGalleryImages: '[]',
    removedGalleryImages: '[]',
    createdAt: '2000-01-01T00:00:00Z',
    text: 'Hacked',
    reply: 'Hacked',
    reason: 'Hacked',
    messageMails: 'false',
    status: 'sold',
  };
}

function request(rule: TRouteRule, token?: string) {
  const { method, path } = rule;
  const target = concretePath(path);
  if (method === 'GET' || method === 'DELETE') return call(method, target, { token });
  const fields = hostileFields();
  if (rule.multipart) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return call(method, target, { token, form });
  }
  return call(method, target, { token, json: { ...fields, id: Number(fields.id) } });
}

/** Every row of every table, to prove a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const res = (await db().execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows?: { table_name: string }[] } & { table_name: string }[];
  const names = (res.rows ?? res).map((t) => t.table_name);
  const parts: string[] = [];
  for (const name of names) {
    // The gazetteer's ~135,000 rows as one digest computed by the database, not as text here.
    const select =
      name === 'places'
        ? `select md5(string_agg(row_to_json(t)::text, '|' order by id)) as j from places t`
        : `select row_to_json(t)::text as j from "${name}" t order by 1`;
    const rows = (await db().execute(sql.raw(select))) as unknown as { rows?: { j: string }[] } & { j: string }[];
    parts.push(`${name}:${(rows.rows ?? rows).map((r) => r.j).join('|')}`);
  }
  return parts.join('\n');
}

/**
 * Public as far as sessions go, but read with the operator's own token (METRICS_TOKEN; 404
 * while none is set): its rules are walked in tests/api/metrics.test.ts.
 */
const OPERATOR_ROUTES = new Set(['GET /api/metrics']);

// The table as the app's routes declare it (declareRoute): a route added is walked too.
const rules = accessRules().map((rule) => [rule.key, rule] as const);

describe(`the access table on ${driver}`, () => {
  it('covers every route the app serves: each declares its access', () => {
    expect(undeclaredRoutes(createApp()), 'routes served without declareRoute').toEqual([]);
    expect(rules.map(([key]) => key)).toContain('DELETE /api/user/:id{[0-9]+}');
    expect(rules.length).toBeGreaterThan(100);
  });

  it('gives anonymous, customer and admin callers the same answer on every shared read', async () => {
    const shared = rules.filter(([, rule]) => rule.pageCache === 'shared');
    expect(shared.length).toBeGreaterThan(0);
    const differ: string[] = [];
    for (const [key, rule] of shared) {
      const anonymous = await request(rule);
      expect(anonymous.status, key).toBe(200);
      for (const caller of [stranger, admin]) {
        const res = await request(rule, caller.token);
        if (res.status !== 200 || JSON.stringify(res.data) !== JSON.stringify(anonymous.data)) differ.push(key);
      }
    }
    expect(differ, 'shared routes whose answer depends on the caller').toEqual([]);
  });

  it('answers 401 to an anonymous caller on every non-public route, changing nothing', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [key, rule] of rules) {
      if (rule.access === 'public') continue;
      const res = await request(rule);
      if (res.status !== 401 || res.data?.success !== false) wrong.push(`${key} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('answers 403 to a customer on every admin route, leaving the target unchanged', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [key, rule] of rules) {
      if (rule.access !== 'admin') continue;
      const res = await request(rule, stranger.token);
      if (res.status !== 403 || res.data?.success !== false) wrong.push(`${key} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('keeps a customer away from another customer’s ads and wishlist', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [key, rule] of rules) {
      if (rule.access !== 'owner') continue;
      const res = await request(rule, stranger.token);
      if (![403, 404].includes(res.status)) wrong.push(`${key} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
    // The owner may read their own ad.
    expect((await call('GET', `/ads/${ids.ads}`, { token: owner.token })).status).toBe(200);
    // A customer's ad list holds only their own ads.
    const list = await call('GET', '/ads', { token: stranger.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.data)).not.toContain('Walk ad');
  });

  it('serves every public route to an anonymous caller', async () => {
    const wrong: string[] = [];
    for (const [key, rule] of rules) {
      if (rule.access !== 'public' || !key.startsWith('GET ') || OPERATOR_ROUTES.has(key)) continue;
      const res = await request(rule);
      if (res.status !== (rule.statuses.includes(200) ? 200 : 303)) wrong.push(`${key} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('changes nothing on any GET, whoever calls it', async () => {
    const before = await snapshot();
    for (const [key, rule] of rules) {
      if (!key.startsWith('GET ')) continue;
      for (const token of [undefined, stranger.token, owner.token, admin.token]) await request(rule, token);
    }
    expect(await snapshot()).toBe(before);
  });

  it('ignores owner, id and timestamps an owner sends with an ad update (mass assignment)', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(hostileFields())) form.set(k, v);
    form.set('heading', 'Renamed by owner');
    form.set('category', 'walk');
    // The owner is on the free plan, which does not include featured placement.
    form.set('make_as_featured', 'N');
    const res = await call('POST', '/ads/update', { token: owner.token, form });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    const rows = (await db().execute(
      sql`select user_id, heading, created_at from ads where id = ${ids.ads}`,
    )) as unknown as { rows?: Record<string, unknown>[] } & Record<string, unknown>[];
    const row = (rows.rows ?? rows)[0] as { user_id: number; heading: string; created_at: Date | string };
    expect(row.heading).toBe('Renamed by owner');
    expect(row.user_id).toBe(owner.user.id);
    expect(new Date(row.created_at).getFullYear()).not.toBe(2000);
  });
});
