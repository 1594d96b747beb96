import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { faqs, membershipPlans, pages, testimonials } from '../../api/db/schema/index.ts';
import { imageOnDisk, pngFile } from '../helpers/admin-fixtures.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let admin = '';
let customer = '';
beforeAll(async () => {
  await setupTestDb();
  admin = (await makeUser({ role: 'admin' })).token;
  customer = (await makeUser()).token;
});

function form(fields: Record<string, string>, image?: File) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (image) f.append('image', image);
  return f;
}

const page = (over: Record<string, unknown> = {}) => ({
  name: 'Shipping Help',
  slug: '',
  template: 'default',
  seokeyword: 'shipping, delivery',
  content: '<p>We ship <script>alert(1)</script>fast.</p>',
  howwework: '',
  ...over,
});

describe(`page admin on ${driver}`, () => {
  it('creates a page, deriving the slug from the name and sanitising its HTML', async () => {
    const res = await call('POST', '/pages', { token: admin, json: page({ name: '  Shipping & Returns  ' }) });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      success: true,
      data: { name: 'Shipping & Returns', slug: 'shipping-returns', template: 'default' },
    });
    expect(res.data.data.content).toBe('<p>We ship fast.</p>');
    const list = await call('GET', '/get-all-pages', { token: admin });
    expect(list.data.success).toBe(true);
    expect(list.data.data.find((p: { id: number }) => p.id === res.data.data.id)).toMatchObject({
      name: 'Shipping & Returns',
      slug: 'shipping-returns',
      template: 'default',
    });
    const one = await call('GET', `/pages/${res.data.data.id}`, { token: admin });
    expect(one.data).toMatchObject({ success: true, data: { seokeyword: 'shipping, delivery' } });
  });

  it('checks name, template and keyword in that order', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', template: '', seokeyword: '' }, 'Please enter name.'],
      [{ template: '' }, 'Please select template.'],
      [{ template: 'blog' }, 'Please select template.'],
      [{ seokeyword: ' ' }, 'Please enter keyowrd.'],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/pages', { token: admin, json: page(over) });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ success: false, error: message, message });
    }
  });

  it('keeps page slugs unique and keeps the slug when a page is renamed', async () => {
    const a = await call('POST', '/pages', { token: admin, json: page({ name: 'About Us', template: 'aboutus' }) });
    expect(a.data.data.slug).toBe('about-us');
    const dup = await call('POST', '/pages', { token: admin, json: page({ name: 'About us!' }) });
    expect(dup.status).toBe(409);
    const renamed = await call('PUT', `/pages/${a.data.data.id}`, {
      token: admin,
      json: page({
        name: 'About Our Market',
        template: 'aboutus',
        content: '<p>Who we are</p>',
        howwework: '<p>How&nbsp;we work</p>',
      }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.data.data).toMatchObject({
      slug: 'about-us',
      name: 'About Our Market',
      howwework: '<p>How we work</p>',
    });
    const other = await call('POST', '/pages', {
      token: admin,
      json: page({ name: 'Contact Info', template: 'contact' }),
    });
    const clash = await call('PUT', `/pages/${other.data.data.id}`, {
      token: admin,
      json: page({ name: 'Contact Info', slug: 'about-us' }),
    });
    expect(clash.status).toBe(409);
    // The public page shows the edit at once.
    const pub = await call('GET', '/get-content/about-us');
    expect(pub.data.data).toMatchObject({ content: '<p>Who we are</p>', howwework: '<p>How we work</p>' });
  });

  it('deletes a page and answers 404 for unknown ids', async () => {
    const p = await call('POST', '/pages', { token: admin, json: page({ name: 'Temporary' }) });
    const del = await call('DELETE', `/pages/${p.data.data.id}`, { token: admin });
    expect(del.data).toMatchObject({ success: true });
    expect(typeof del.data.message).toBe('string');
    expect((await call('GET', `/pages/${p.data.data.id}`, { token: admin })).status).toBe(404);
    expect((await call('PUT', `/pages/${p.data.data.id}`, { token: admin, json: page() })).status).toBe(404);
    expect((await call('DELETE', `/pages/${p.data.data.id}`, { token: admin })).status).toBe(404);
    const bad = await call('GET', '/pages/0', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.data.success).toBe(false);
  });
});

describe(`FAQ admin on ${driver}`, () => {
  it('adds, reads, updates and deletes a FAQ, and the public list follows', async () => {
    const add = await call('POST', '/faqs', {
      token: admin,
      json: { question: 'How do I sell?', answer: '<p>Post&nbsp;an ad.<img src="https://x.test/t.gif"></p>' },
    });
    expect(add.status).toBe(201);
    expect(add.data).toMatchObject({ success: true, message: 'FAQ added', data: { answer: '<p>Post an ad.</p>' } });
    const id = add.data.data.id;
    expect((await call('GET', `/faqs/${id}`, { token: admin })).data.data.question).toBe('How do I sell?');
    const upd = await call('PUT', `/faqs/${id}`, {
      token: admin,
      json: { question: 'How do I sell things?', answer: '<p>Post an ad.</p>' },
    });
    expect(upd.data).toMatchObject({ success: true, message: 'FAQ updated' });
    const pub = await call('GET', '/faqs');
    expect(pub.data.success).toBe(true);
    expect(pub.data.data.find((f: { id: number }) => f.id === id)?.question).toBe('How do I sell things?');
    const del = await call('DELETE', `/faqs/${id}`, { token: admin });
    expect(del.data.success).toBe(true);
    expect((await call('GET', '/faqs')).data.data.some((f: { id: number }) => f.id === id)).toBe(false);
    expect((await call('PUT', `/faqs/${id}`, { token: admin, json: { question: 'q', answer: 'a' } })).status).toBe(404);
  });

  it('needs a question and an answer with visible text', async () => {
    for (const [json, message] of [
      [{ question: '', answer: '<p>x</p>' }, 'Please enter question.'],
      [{ question: 'Q?', answer: '<p></p>' }, 'Please enter answer.'],
      [{ question: 'Q?', answer: '<script>alert(1)</script>' }, 'Please enter answer.'],
    ] as const) {
      const res = await call('POST', '/faqs', { token: admin, json });
      expect(res.status).toBe(400);
      expect(res.data.error).toBe(message);
    }
  });
});

describe(`testimonial admin on ${driver}`, () => {
  it('adds a testimonial with an image, replaces the image on update and removes it on delete', async () => {
    const add = await call('POST', '/testimonials', {
      token: admin,
      form: form(
        { name: 'Mia', designation: 'Seller', description: '<p onclick="x()">Great <b>site</b></p>' },
        await pngFile(),
      ),
    });
    expect(add.status).toBe(201);
    expect(add.data).toMatchObject({
      success: true,
      message: 'Testimonial added',
      data: { name: 'Mia', designation: 'Seller', description: '<p>Great <b>site</b></p>' },
    });
    const id = add.data.data.id;
    const first = add.data.data.image as string;
    expect(await imageOnDisk(first)).toBe(true);
    const upd = await call('PUT', `/testimonials/${id}`, {
      token: admin,
      form: form({ name: 'Mia K.', designation: 'Buyer', description: '' }, await pngFile('n.png', '#00ff00')),
    });
    expect(upd.data).toMatchObject({ success: true, message: 'Testimonial updated', data: { name: 'Mia K.' } });
    expect(await imageOnDisk(first)).toBe(false);
    const second = upd.data.data.image as string;
    const keep = await call('PUT', `/testimonials/${id}`, {
      token: admin,
      form: form({ name: 'Mia', designation: 'Buyer' }),
    });
    expect(keep.data.data.image).toBe(second);
    expect((await call('GET', `/testimonials/${id}`, { token: admin })).data.data.name).toBe('Mia');
    const about = await call('GET', '/get-content/about-us');
    expect(about.data.data.testimonials.some((t: { id: number }) => t.id === id)).toBe(true);
    const del = await call('DELETE', `/testimonials/${id}`, { token: admin });
    expect(del.data.success).toBe(true);
    expect(await imageOnDisk(second)).toBe(false);
    expect((await call('GET', '/testimonials')).data.data.some((t: { id: number }) => t.id === id)).toBe(false);
  });

  it('checks name, then designation', async () => {
    for (const [fields, message] of [
      [{ name: '', designation: '' }, 'Please enter name.'],
      [{ name: 'Ann', designation: ' ' }, 'Please enter designation.'],
    ] as const) {
      const res = await call('POST', '/testimonials', { token: admin, form: form(fields) });
      expect(res.status).toBe(400);
      expect(res.data.error).toBe(message);
    }
  });
});

describe(`membership plan admin on ${driver}`, () => {
  it('adds, updates and deletes a plan; an empty price means none', async () => {
    const add = await call('POST', '/memberships', {
      token: admin,
      json: { plan_name: 'Gold', subscription_type: 'Monthly', price: '19.99' },
    });
    expect(add.status).toBe(201);
    expect(add.data).toMatchObject({ success: true, message: 'Plan added', data: { plan_name: 'Gold', price: 19.99 } });
    const id = add.data.data.id;
    const upd = await call('PUT', `/memberships/${id}`, {
      token: admin,
      json: { plan_name: 'Gold Plus', subscription_type: 'NA', price: '' },
    });
    expect(upd.data).toMatchObject({
      success: true,
      message: 'Plan updated',
      data: { subscription_type: 'NA', price: null },
    });
    expect((await call('GET', `/memberships/${id}`, { token: admin })).data.data.plan_name).toBe('Gold Plus');
    const pub = await call('GET', '/memberships');
    expect(pub.data.data.find((p: { id: number }) => p.id === id)).toMatchObject({
      plan_name: 'Gold Plus',
      price: null,
    });
    expect((await call('DELETE', `/memberships/${id}`, { token: admin })).data.success).toBe(true);
    expect((await call('GET', `/memberships/${id}`, { token: admin })).status).toBe(404);
  });

  it('says whether a plan includes featured ads; an update without the flag keeps it', async () => {
    const add = await call('POST', '/memberships', {
      token: admin,
      json: { plan_name: 'Featured One', subscription_type: 'Monthly', price: 5, includes_featured: true },
    });
    expect(add.status).toBe(201);
    expect(add.data.data.includes_featured).toBe(true);
    const id = add.data.data.id;
    const keep = await call('PUT', `/memberships/${id}`, {
      token: admin,
      json: { plan_name: 'Featured One', subscription_type: 'Yearly', price: 50 },
    });
    expect(keep.data.data).toMatchObject({ subscription_type: 'Yearly', includes_featured: true });
    const off = await call('PUT', `/memberships/${id}`, {
      token: admin,
      json: { plan_name: 'Featured One', subscription_type: 'Yearly', includes_featured: false },
    });
    expect(off.data.data.includes_featured).toBe(false);
    const bad = await call('PUT', `/memberships/${id}`, {
      token: admin,
      json: { plan_name: 'Featured One', subscription_type: 'Yearly', includes_featured: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('includes_featured must be true or false.');
    await call('DELETE', `/memberships/${id}`, { token: admin });
  });

  it('checks name, then subscription period, and refuses a price that is not a number', async () => {
    for (const [json, message] of [
      [{ plan_name: '', subscription_type: '' }, 'Please enter name.'],
      [{ plan_name: 'X', subscription_type: '' }, 'Please enter subscription period.'],
      [{ plan_name: 'X', subscription_type: 'Yearly', price: 'cheap' }, 'Please enter a valid price.'],
      [{ plan_name: 'X', subscription_type: 'Yearly', price: -5 }, 'Please enter a valid price.'],
    ] as const) {
      const res = await call('POST', '/memberships', { token: admin, json });
      expect(res.status).toBe(400);
      expect(res.data.error).toBe(message);
    }
  });
});

describe(`editor images in content on ${driver}`, () => {
  async function editorImage() {
    const body = new FormData();
    body.append('image', await pngFile('inline.png', '#123456'));
    const res = await call('POST', '/uploads/image', { token: admin, form: body });
    expect(res.status).toBe(201);
    const name = String(res.data.url)
      .replace(/^\/uploads\//, '')
      .replace(/-\d+\.webp$/, '.webp');
    expect(await imageOnDisk(name)).toBe(true);
    return { url: res.data.url as string, name };
  }

  it('removes an editor image once no FAQ answer or page shows it any more', async () => {
    const img = await editorImage();
    const answer = `<p>See:</p><img src="${img.url}">`;
    const a = await call('POST', '/faqs', { token: admin, json: { question: 'Pictured?', answer } });
    const b = await call('POST', '/faqs', { token: admin, json: { question: 'Also pictured?', answer } });
    expect(a.data.data.answer).toContain(img.url);
    // Still shown by the second FAQ: kept.
    await call('DELETE', `/faqs/${a.data.data.id}`, { token: admin });
    expect(await imageOnDisk(img.name)).toBe(true);
    // The last one drops it on edit: gone.
    await call('PUT', `/faqs/${b.data.data.id}`, {
      token: admin,
      json: { question: 'Also pictured?', answer: '<p>No picture</p>' },
    });
    expect(await imageOnDisk(img.name)).toBe(false);

    const img2 = await editorImage();
    const p = await call('POST', '/pages', {
      token: admin,
      json: page({
        name: `Pictured page ${Math.random()}`,
        template: 'aboutus',
        content: `<p>Hi</p><img src="${img2.url}">`,
      }),
    });
    expect(p.status).toBe(201);
    await call('DELETE', `/pages/${p.data.data.id}`, { token: admin });
    expect(await imageOnDisk(img2.name)).toBe(false);
  });
});

describe(`content permissions on ${driver}`, () => {
  it('keeps the public lists public', async () => {
    for (const path of ['/faqs', '/testimonials', '/memberships']) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(200);
      expect(Array.isArray(res.data.data)).toBe(true);
    }
  });

  it('refuses customers (403) and visitors (401) on every admin content endpoint, changing nothing', async () => {
    const p = (await call('POST', '/pages', { token: admin, json: page({ name: 'Guarded' }) })).data.data.id;
    const f = (await call('POST', '/faqs', { token: admin, json: { question: 'Q', answer: 'A' } })).data.data.id;
    const t = (await call('POST', '/testimonials', { token: admin, form: form({ name: 'T', designation: 'D' }) })).data
      .data.id;
    const m = (await call('POST', '/memberships', { token: admin, json: { plan_name: 'P', subscription_type: 'S' } }))
      .data.data.id;
    const snapshot = async () => ({
      pages: await db().select().from(pages),
      faqs: await db().select().from(faqs),
      testimonials: await db().select().from(testimonials),
      plans: await db().select().from(membershipPlans),
    });
    const before = await snapshot();
    const tForm = () => form({ name: 'Hacked', designation: 'Hacked' });
    const attempts: [string, string, { json?: unknown; form?: () => FormData }][] = [
      ['GET', '/get-all-pages', {}],
      ['POST', '/pages', { json: page({ name: 'Hacked' }) }],
      ['GET', `/pages/${p}`, {}],
      ['PUT', `/pages/${p}`, { json: page({ name: 'Hacked' }) }],
      ['DELETE', `/pages/${p}`, {}],
      ['POST', '/faqs', { json: { question: 'Hacked', answer: 'x' } }],
      ['GET', `/faqs/${f}`, {}],
      ['PUT', `/faqs/${f}`, { json: { question: 'Hacked', answer: 'x' } }],
      ['DELETE', `/faqs/${f}`, {}],
      ['POST', '/testimonials', { form: tForm }],
      ['GET', `/testimonials/${t}`, {}],
      ['PUT', `/testimonials/${t}`, { form: tForm }],
      ['DELETE', `/testimonials/${t}`, {}],
      ['POST', '/memberships', { json: { plan_name: 'Hacked', subscription_type: 'x' } }],
      ['GET', `/memberships/${m}`, {}],
      ['PUT', `/memberships/${m}`, { json: { plan_name: 'Hacked', subscription_type: 'x' } }],
      ['DELETE', `/memberships/${m}`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const asCustomer = await call(method, path, { token: customer, json: body.json, form: body.form?.() });
      expect(asCustomer.status, `${method} ${path}`).toBe(403);
      expect(asCustomer.data.success).toBe(false);
      const anonymous = await call(method, path, { json: body.json, form: body.form?.() });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
    expect((await db().select().from(faqs).where(eq(faqs.id, f)))[0]?.question).toBe('Q');
  });
});
