import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, makeUser } from '../helpers/client.ts';
import { activeContent, formOf, samples, WRONG_TYPES } from '../helpers/fuzz-values.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * Every field of every write endpoint, fed hostile strings (the Big List of Naughty Strings,
 * strings from fast-check, control characters, lone surrogates, huge values, wrong JSON
 * types), answers 2xx or 4xx — never 5xx. A plain-text value the API accepts reads back
 * exactly as stored (after the documented trim); a rich-text value reads back sanitised.
 */

type TUser = Awaited<ReturnType<typeof makeUser>>;
let admin: TUser;
let seller: TUser;
const ctx: { adId?: number; faqId?: number; planId?: number; pageId?: number; testimonialId?: number } = {};

beforeAll(async () => {
  await setupTestDb();
  admin = await makeUser({ role: 'admin' });
  seller = await makeUser({ subscription: 'platinum' });
  await call('POST', '/category/add-edit', { token: admin.token, form: formOf({ name: 'Fuzz', slug: 'fuzz' }) });
  const ad = await call('POST', '/ads/add', { token: seller.token, form: formOf(adBase()) });
  ctx.adId = ad.data?.adsData?.id;
  ctx.faqId = (
    await call('POST', '/faqs', { token: admin.token, json: { question: 'Q', answer: 'A' } })
  ).data?.data?.id;
  ctx.planId = (
    await call('POST', '/memberships', {
      token: admin.token,
      json: { plan_name: 'P', subscription_type: 'Monthly', price: 5 },
    })
  ).data?.data?.id;
  ctx.pageId = (await call('POST', '/pages', { token: admin.token, json: pageBase() })).data?.data?.id;
  ctx.testimonialId = (
    await call('POST', '/testimonials', { token: admin.token, form: formOf({ name: 'N', designation: 'D' }) })
  ).data?.data?.id;
});

const adBase = () => ({
  heading: 'Fuzz bike',
  description: '<p>Fine</p>',
  category: 'fuzz',
  price: '10',
  rating: '3',
  location: 'Town',
  features: '[]',
  make_as_featured: 'N',
});
const pageBase = () => ({
  name: 'Fuzz page',
  slug: `fuzz-${Math.random().toString(36).slice(2, 8)}`,
  template: 'default',
  seokeyword: 'fuzz',
  content: '<p>c</p>',
  howwework: '<p>h</p>',
});
const settingsBase = () => ({
  email: 'site@example.com',
  address: 'A',
  phone: '1',
  working_hours: 'W',
  copyright: 'C',
  footer_shortdescription: '<p>F</p>',
  socialLinks: '[]',
  freenumberads: '3',
  freenumberphotoAds: '3',
  goldnumberads: '10',
  goldnumberphotoAds: '6',
  platinumnumberads: '50',
  platinumnumberphotoAds: '12',
  primaryColor: '#0f766e',
  secondaryColor: '#f59e0b',
});

type TKind = 'text' | 'html' | 'other';
type TEndpoint = {
  name: string;
  method: string;
  path: () => string;
  token: () => string | undefined;
  body: 'json' | 'multipart';
  base: () => Record<string, unknown>;
  fields: Record<string, TKind>;
  /** Each attempt hashes a password: fewer samples. */
  costly?: boolean;
  /** Reads the stored record back after a 2xx. */
  read?: (res: { data: any }) => Promise<Record<string, unknown> | undefined>;
  /** Runs before each attempt (e.g. a fresh seller before the daily ad limit is reached). */
  before?: () => Promise<void>;
};

// A platinum seller may post 50 ads a day: hand out a new one every 40 creations, so the
// fuzz keeps reaching the ad code instead of the plan limit.
let adSeller: TUser | undefined;
let adCreates = 0;
async function rotateSeller() {
  if (!adSeller || adCreates % 40 === 0) adSeller = await makeUser({ subscription: 'platinum' });
  adCreates += 1;
}

let n = 0;
const uniq = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
const get = async (path: string, key: string, token = admin.token) => (await call('GET', path, { token })).data?.[key];

const ENDPOINTS: TEndpoint[] = [
  {
    name: 'sign-up',
    method: 'POST',
    path: () => '/user/signup',
    token: () => undefined,
    body: 'json',
    base: () => ({ name: 'N', email: `s${uniq()}@example.com`, password: 'secret1', cpassword: 'secret1' }),
    fields: { name: 'text', email: 'other', password: 'other', cpassword: 'other' },
    costly: true,
    read: async (res) => res.data?.userinfo,
  },
  {
    name: 'login',
    method: 'POST',
    path: () => '/user/login',
    token: () => undefined,
    body: 'json',
    base: () => ({ email: 'nobody@example.com', password: 'secret1' }),
    fields: { email: 'other', password: 'other' },
    costly: true,
  },
  {
    name: 'forgot-password',
    method: 'POST',
    path: () => '/forgot-password',
    token: () => undefined,
    body: 'json',
    base: () => ({ email: 'nobody@example.com' }),
    fields: { email: 'other' },
  },
  {
    name: 'reset-password',
    method: 'POST',
    path: () => '/reset-password',
    token: () => undefined,
    body: 'json',
    base: () => ({ resetToken: 'a'.repeat(32), password: 'secret1' }),
    fields: { resetToken: 'other', password: 'other' },
    costly: true,
  },
  {
    name: 'admin add user',
    method: 'POST',
    path: () => '/user/admin-add-user',
    token: () => admin.token,
    body: 'json',
    base: () => ({
      name: 'N',
      email: `a${uniq()}@example.com`,
      password: 'secret1',
      cpassword: 'secret1',
      role: 'customer',
      subscription: 'free',
    }),
    fields: { name: 'text', email: 'other', role: 'other', subscription: 'other', password: 'other' },
    costly: true,
    read: async (res) => (res.data?.user?.id ? get(`/user/${res.data.user.id}`, 'user') : undefined),
  },
  {
    name: 'FAQ create',
    method: 'POST',
    path: () => '/faqs',
    token: () => admin.token,
    body: 'json',
    base: () => ({ question: 'Q', answer: 'A' }),
    fields: { question: 'text', answer: 'html' },
    read: async (res) => (res.data?.data?.id ? get(`/faqs/${res.data.data.id}`, 'data') : undefined),
  },
  {
    name: 'FAQ update',
    method: 'PUT',
    path: () => `/faqs/${ctx.faqId}`,
    token: () => admin.token,
    body: 'json',
    base: () => ({ question: 'Q', answer: 'A' }),
    fields: { question: 'text', answer: 'html' },
    read: async () => get(`/faqs/${ctx.faqId}`, 'data'),
  },
  {
    name: 'plan create',
    method: 'POST',
    path: () => '/memberships',
    token: () => admin.token,
    body: 'json',
    base: () => ({ plan_name: 'P', subscription_type: 'Monthly', price: 5 }),
    fields: { plan_name: 'text', subscription_type: 'text', price: 'other' },
    read: async (res) => (res.data?.data?.id ? get(`/memberships/${res.data.data.id}`, 'data') : undefined),
  },
  {
    name: 'plan update',
    method: 'PUT',
    path: () => `/memberships/${ctx.planId}`,
    token: () => admin.token,
    body: 'json',
    base: () => ({ plan_name: 'P', subscription_type: 'Monthly', price: 5 }),
    fields: { plan_name: 'text', subscription_type: 'text', price: 'other' },
    read: async () => get(`/memberships/${ctx.planId}`, 'data'),
  },
  {
    name: 'page create',
    method: 'POST',
    path: () => '/pages',
    token: () => admin.token,
    body: 'json',
    base: pageBase,
    fields: { name: 'text', slug: 'other', template: 'other', seokeyword: 'text', content: 'html', howwework: 'html' },
    read: async (res) => (res.data?.data?.id ? get(`/pages/${res.data.data.id}`, 'data') : undefined),
  },
  {
    name: 'page update',
    method: 'PUT',
    path: () => `/pages/${ctx.pageId}`,
    token: () => admin.token,
    body: 'json',
    base: () => ({ ...pageBase(), slug: 'fuzz-fixed' }),
    fields: { name: 'text', seokeyword: 'text', content: 'html', howwework: 'html' },
    read: async () => get(`/pages/${ctx.pageId}`, 'data'),
  },
  {
    name: 'category save',
    method: 'POST',
    path: () => '/category/add-edit',
    token: () => admin.token,
    body: 'multipart',
    base: () => ({ name: 'C', slug: `c-${uniq()}` }),
    fields: { name: 'text', slug: 'other', id: 'other' },
  },
  {
    name: 'testimonial create',
    method: 'POST',
    path: () => '/testimonials',
    token: () => admin.token,
    body: 'multipart',
    base: () => ({ name: 'N', designation: 'D', description: 'x' }),
    fields: { name: 'text', designation: 'text', description: 'html' },
    read: async (res) => (res.data?.data?.id ? get(`/testimonials/${res.data.data.id}`, 'data') : undefined),
  },
  {
    name: 'testimonial update',
    method: 'PUT',
    path: () => `/testimonials/${ctx.testimonialId}`,
    token: () => admin.token,
    body: 'multipart',
    base: () => ({ name: 'N', designation: 'D', description: 'x' }),
    fields: { name: 'text', designation: 'text', description: 'html' },
    read: async () => get(`/testimonials/${ctx.testimonialId}`, 'data'),
  },
  {
    name: 'settings',
    method: 'POST',
    path: () => '/update-settings',
    token: () => admin.token,
    body: 'multipart',
    base: settingsBase,
    fields: {
      email: 'other',
      address: 'text',
      phone: 'text',
      working_hours: 'text',
      copyright: 'text',
      footer_shortdescription: 'html',
      socialLinks: 'other',
      homepageleftsideads: 'html',
      homepageleftsideadslink: 'other',
      homepagetopheaderAds: 'html',
      footerads: 'html',
      footeradslink: 'other',
      freenumberads: 'other',
      primaryColor: 'other',
    },
    read: async () => get('/settings', 'data'),
  },
  {
    name: 'ad create',
    method: 'POST',
    path: () => '/ads/add',
    token: () => adSeller?.token,
    before: rotateSeller,
    body: 'multipart',
    base: adBase,
    fields: {
      heading: 'text',
      description: 'html',
      category: 'other',
      price: 'other',
      rating: 'other',
      location: 'text',
      features: 'other',
      make_as_featured: 'other',
    },
    read: async (res) =>
      res.data?.adsData?.id ? get(`/ads/${res.data.adsData.id}`, 'adsData', adSeller?.token) : undefined,
  },
  {
    name: 'ad update',
    method: 'POST',
    path: () => '/ads/update',
    token: () => seller.token,
    body: 'multipart',
    base: () => ({ ...adBase(), id: String(ctx.adId), esitingGalleryImages: '[]', removedGalleryImages: '[]' }),
    fields: {
      id: 'other',
      heading: 'text',
      description: 'html',
      location: 'text',
      features: 'other',
      esitingGalleryImages: 'other',
      removedGalleryImages: 'other',
    },
    read: async () => get(`/ads/${ctx.adId}`, 'adsData', seller.token),
  },
  {
    name: 'wishlist add',
    method: 'POST',
    path: () => '/wishlist',
    token: () => seller.token,
    body: 'json',
    base: () => ({ ad_id: ctx.adId, item_name: 'I', item_description: 'D', item_image: '' }),
    fields: { ad_id: 'other', item_name: 'other', item_description: 'other', item_image: 'other' },
  },
];

/** What the API stores for an accepted plain-text value: trimmed, well-formed UTF-16. */
const stored = (s: string) => s.toWellFormed().trim();

describe(`fuzzing every write endpoint on ${driver}`, () => {
  for (const [e, endpoint] of ENDPOINTS.entries()) {
    it(`${endpoint.name}: hostile values never cause a 5xx, and accepted text reads back exactly`, async () => {
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const failures: string[] = [];
      for (const [f, [field, kind]] of Object.entries(endpoint.fields).entries()) {
        const values: unknown[] = samples(e * 100 + f + 1, endpoint.costly ? 4 : kind === 'text' ? 30 : 16);
        if (endpoint.body === 'json') values.push(...WRONG_TYPES);
        for (const value of values) {
          await endpoint.before?.();
          const body = { ...endpoint.base(), [field]: value };
          const res =
            endpoint.body === 'json'
              ? await call(endpoint.method, endpoint.path(), { token: endpoint.token(), json: body })
              : await call(endpoint.method, endpoint.path(), { token: endpoint.token(), form: formOf(body) });
          const shown = JSON.stringify(value)?.slice(0, 60);
          if (res.status >= 500 || res.status < 200) {
            failures.push(`${field}=${shown} → ${res.status} ${JSON.stringify(res.data)?.slice(0, 120)}`);
            continue;
          }
          if (res.status >= 400) {
            if (res.data?.success !== false || typeof res.data?.error !== 'string') {
              failures.push(`${field}=${shown} → ${res.status} without an error body`);
            }
            continue;
          }
          if (typeof value !== 'string' || !endpoint.read || kind === 'other') continue;
          const record = await endpoint.read(res);
          const back = record?.[field];
          if (kind === 'text' && back !== stored(value)) {
            failures.push(`${field}=${shown} read back as ${JSON.stringify(back)?.slice(0, 60)}`);
          }
          const active = kind === 'html' && typeof back === 'string' ? activeContent(back) : null;
          if (active) failures.push(`${field}=${shown} stored with active content ${active}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('hostile query strings and path segments on the public reads never cause a 5xx', async () => {
    const failures: string[] = [];
    const values = [
      ...samples(999, 60).map((v) => encodeURIComponent(v.toWellFormed().slice(0, 2000))),
      '%E0%A4%A',
      '%',
      '%00',
      '%C0%AE%C0%AE%2F',
      '..%2F..%2Fetc%2Fpasswd',
      '%F0%9F%92%A9'.repeat(500),
    ];
    const params = ['search', 'category', 'sort', 'min_price', 'max_price', 'page', 'limit'];
    for (const [i, v] of values.entries()) {
      const param = params[i % params.length] as string;
      const encoded = v;
      for (const path of [
        `/all-ads?${param}=${encoded}`,
        `/ads-by-slug/${encoded || 'x'}`,
        `/get-content/${encoded || 'x'}`,
      ]) {
        const res = await call('GET', path);
        if (res.status >= 500) failures.push(`${path.slice(0, 80)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
