import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, membershipPlans, siteSettings } from '../../api/db/schema/index.ts';
import { FEATURED_NOT_IN_PLAN } from '../../api/services/ads/plan-limits.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Featured always follows the plan: after a downgrade from a plan with featured placement to one
// without, the user's ads lose the badge at once (the abuse issue's repro: the badge stayed on
// cards and the ad page, and the edit form saved with the box ticked), and the API keeps
// refusing it.

type TUser = Awaited<ReturnType<typeof makeUser>>;
let category = '';
const plan = { free: 0, gold: 0 };
let admin: TUser;

beforeAll(async () => {
  await setupTestDb();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  const rows = await db()
    .insert(membershipPlans)
    .values([
      { planName: 'Free', subscriptionType: 'NA', price: null, expiryDays: 30 },
      { planName: 'Gold', subscriptionType: 'Monthly', price: 19, expiryDays: 60, includesFeatured: true },
    ])
    .returning({ id: membershipPlans.id, name: membershipPlans.planName });
  for (const r of rows) plan[r.name.toLowerCase() as keyof typeof plan] = r.id;
  const limits = { freenumberads: 50, goldnumberads: 50 };
  await db()
    .insert(siteSettings)
    .values({ id: 1, ...limits })
    .onConflictDoUpdate({ target: siteSettings.id, set: limits });
  dropSettingsCache();
  category = (await insertCategory({ name: 'Featured things', slug: `featured-${driver}` }))!.slug;
  admin = await makeUser({ role: 'admin' });
});

function adForm(heading: string, featured: 'Y' | 'N') {
  const form = new FormData();
  const fields = {
    heading,
    description: '<p>Like new.</p>',
    category,
    price: '80',
    rating: '4',
    location: 'Leeds',
    features: '[]',
    make_as_featured: featured,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

async function featuredAd(owner: TUser, heading: string) {
  const res = await call('POST', '/ads/add', { token: owner.token, form: adForm(heading, 'Y') });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.adsData as { id: number; slug: string };
}
const flagOf = async (id: number) =>
  (await db().select({ f: ads.makeAsFeatured }).from(ads).where(eq(ads.id, id)))[0]!.f;

describe(`featured follows the plan on ${driver}`, () => {
  it('choosing Free takes the badge off at once, and featuring again is refused', async () => {
    const owner = await makeUser({ subscription: 'gold' });
    const ad = await featuredAd(owner, 'Gold lamp');
    expect(await flagOf(ad.id)).toBe('Y');
    const free = await call('POST', '/plan-requests', { token: owner.token, json: { planId: plan.free } });
    expect(free.status).toBe(200);
    expect(await flagOf(ad.id)).toBe('N');
    const page = await call('GET', `/ads-by-slug/${ad.slug}`);
    expect(page.data.adsData.make_as_featured).toBe('N');
    const form = adForm('Gold lamp', 'Y');
    form.append('id', String(ad.id));
    form.append('esitingGalleryImages', '[]');
    form.append('removedGalleryImages', '[]');
    const edit = await call('POST', '/ads/update', { token: owner.token, form });
    expect(edit.status).toBe(403);
    expect(edit.data.message).toBe(FEATURED_NOT_IN_PLAN);
    expect(await flagOf(ad.id)).toBe('N');
  });

  it('an admin moving a user to a plan without featured clears it too', async () => {
    const owner = await makeUser({ subscription: 'gold', name: 'Gil Gold' });
    const ad = await featuredAd(owner, 'Gold chair');
    const res = await call('POST', '/user/update', {
      token: admin.token,
      json: {
        id: owner.user.id,
        name: 'Gil Gold',
        email: owner.user.email,
        role: 'customer',
        subscription: 'free',
        password: 'secret99',
        cpassword: 'secret99',
      },
    });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(await flagOf(ad.id)).toBe('N');
  });
});
