import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { membershipPlans, pages, testimonials } from '../../api/db/schema/index.ts';
import { call } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

beforeAll(async () => {
  await setupTestDb();
});

describe(`page content on ${driver}`, () => {
  it('answers about-us before the page is written, with empty content and lists', async () => {
    const res = await call('GET', '/get-content/about-us');
    expect(res.status).toBe(200);
    expect(res.data.success).toBe(true);
    expect(res.data.data).toMatchObject({ slug: 'about-us', content: '', howwework: '', testimonials: [], plans: [] });
  });

  it('gives about-us its content, how-we-work, testimonials and plans, all cleaned', async () => {
    await db().insert(pages).values({
      name: 'About Us',
      slug: 'about-us',
      template: 'aboutus',
      seokeyword: 'about',
      content: '<p>We&nbsp;connect buyers and sellers.</p><script>alert(1)</script>',
      howwework: '<p onclick="x()">Post, chat, meet.</p>',
    });
    await db()
      .insert(testimonials)
      .values([
        { name: 'Ann', designation: 'Buyer', description: '<p>Great&nbsp;site</p>', image: 'ann.webp' },
        { name: 'Bob', designation: 'Seller', description: '<p>Sold in a day</p>' },
      ]);
    await db()
      .insert(membershipPlans)
      .values([
        { planName: 'Free', subscriptionType: 'NA', price: null },
        { planName: 'Gold', subscriptionType: 'Monthly', price: 19.99 },
      ]);
    const res = await call('GET', '/get-content/about-us');
    expect(res.status).toBe(200);
    const data = res.data.data;
    expect(data.content).toBe('<p>We connect buyers and sellers.</p>');
    expect(data.howwework).toBe('<p>Post, chat, meet.</p>');
    expect(data.testimonials).toHaveLength(2);
    expect(data.testimonials[0]).toMatchObject({
      name: 'Ann',
      designation: 'Buyer',
      description: '<p>Great site</p>',
      image: 'ann.webp',
    });
    expect(data.testimonials[1].image).toBe('');
    expect(data.plans).toEqual([
      {
        id: expect.any(Number),
        plan_name: 'Free',
        subscription_type: 'NA',
        price: null,
        includes_featured: false,
        expiry_days: 30,
      },
      {
        id: expect.any(Number),
        plan_name: 'Gold',
        subscription_type: 'Monthly',
        price: 19.99,
        includes_featured: false,
        // A plan row without its own period keeps the column's default.
        expiry_days: 30,
      },
    ]);
  });

  it('answers another page with its content only', async () => {
    await db().insert(pages).values({ name: 'Help', slug: 'help', template: 'default', content: '<h2>Help</h2>' });
    const res = await call('GET', '/get-content/help');
    expect(res.status).toBe(200);
    expect(res.data.data).toMatchObject({ name: 'Help', slug: 'help', content: '<h2>Help</h2>', howwework: '' });
    expect(res.data.data.testimonials).toBeUndefined();
    expect(res.data.data.plans).toBeUndefined();
  });

  it('answers an unknown page with 404', async () => {
    const res = await call('GET', '/get-content/no-such-page');
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ success: false, error: 'Page not found.' });
    expect((await call('GET', `/get-content/${encodeURIComponent('\u0000')}`)).status).toBe(404);
  });
});
