import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { categories } from '../../api/db/schema/index.ts';
import { imageOnDisk, makeAd, makeCategory, pngFile } from '../helpers/admin-fixtures.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

beforeAll(async () => {
  await setupTestDb();
});

async function categoryForm(fields: Record<string, string>, image?: File) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append('image', image);
  return form;
}

const byId = async (id: number) => (await db().select().from(categories).where(eq(categories.id, id)))[0];

describe(`category admin on ${driver}`, () => {
  it('lists categories with their ad counts', async () => {
    const { token, user } = await makeUser({ role: 'admin' });
    const cat = await makeCategory({ name: 'Counted' });
    await makeAd({ userId: user.id, categoryId: cat.id, gallery: 0 });
    await makeAd({ userId: user.id, categoryId: cat.id, gallery: 0 });
    const res = await call('GET', '/get-all-category', { token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true });
    expect(typeof res.data.message).toBe('string');
    expect(res.data.data.find((c: { id: number }) => c.id === cat.id)).toMatchObject({
      name: 'Counted',
      slug: 'counted',
      count: 2,
    });
  });

  it('adds a category with an image, normalising the slug', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const res = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ name: 'Garden Tools', slug: '  Garden & Tools!! ' }, await pngFile()),
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ success: true, data: { name: 'Garden Tools', slug: 'garden-tools', count: 0 } });
    expect(res.data.data.image).toMatch(/\.webp$/);
    expect(await imageOnDisk(res.data.data.image)).toBe(true);
    const pub = await call('GET', '/get-settings');
    expect(pub.data.data[0].categories.some((c: { slug: string }) => c.slug === 'garden-tools')).toBe(true);
  });

  it('checks name, then slug, with the form messages', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const before = (await db().select().from(categories)).length;
    const cases: [Record<string, string>, string][] = [
      [{ name: '', slug: 'x' }, 'Please enter name.'],
      [{ name: '   ', slug: '' }, 'Please enter name.'],
      [{ name: 'Valid', slug: '' }, 'Please enter slug.'],
      [{ name: 'Valid', slug: '--- !!' }, 'Please enter slug.'],
    ];
    for (const [fields, message] of cases) {
      const res = await call('POST', '/category/add-edit', { token, form: await categoryForm(fields) });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ success: false, error: message, message });
    }
    expect((await db().select().from(categories)).length).toBe(before);
  });

  it('keeps slugs unique (409) on add and on edit', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const a = await makeCategory({ name: 'Unique One' });
    const b = await makeCategory({ name: 'Unique Two' });
    const add = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ name: 'Copy', slug: a.slug }, await pngFile()),
    });
    expect(add.status).toBe(409);
    expect(add.data.error).toMatch(/slug/);
    const edit = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ id: String(b.id), name: 'Unique Two', slug: a.slug }),
    });
    expect(edit.status).toBe(409);
    expect((await byId(b.id))?.slug).toBe(b.slug);
    // Keeping its own slug is fine.
    const same = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ id: String(b.id), name: 'Unique 2', slug: b.slug }),
    });
    expect(same.status).toBe(200);
    expect((await byId(b.id))?.name).toBe('Unique 2');
  });

  it('edits a category, replacing its image file', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const added = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ name: 'Boats', slug: 'boats' }, await pngFile()),
    });
    const first = added.data.data.image as string;
    const edited = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm(
        { id: String(added.data.data.id), name: 'Boats & Yachts', slug: 'boats-yachts' },
        await pngFile('b.png', '#ff0000'),
      ),
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ success: true, data: { name: 'Boats & Yachts', slug: 'boats-yachts' } });
    expect(edited.data.data.image).not.toBe(first);
    expect(await imageOnDisk(first)).toBe(false);
    expect(await imageOnDisk(edited.data.data.image)).toBe(true);
    // Without a new image the current one stays.
    const renamed = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ id: String(added.data.data.id), name: 'Boats', slug: 'boats' }),
    });
    expect(renamed.data.data.image).toBe(edited.data.data.image);
    const missing = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ id: '999999', name: 'Ghost', slug: 'ghost' }),
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a file that is not an image, storing nothing', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const fake = new File(['<?php echo 1; ?>'], 'evil.png', { type: 'image/png' });
    const res = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ name: 'Fake', slug: 'fake-image' }, fake),
    });
    expect(res.status).toBe(400);
    expect(res.data.success).toBe(false);
    expect(await db().select().from(categories).where(eq(categories.slug, 'fake-image'))).toHaveLength(0);
  });

  it('will not delete a category that still has ads, and deletes an empty one with its image', async () => {
    const { token, user } = await makeUser({ role: 'admin' });
    const busy = await makeCategory({ name: 'Busy' });
    await makeAd({ userId: user.id, categoryId: busy.id, gallery: 0 });
    const refused = await call('DELETE', `/category/${busy.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe('This category still has 1 ad. Move or delete it before deleting the category.');
    expect(await byId(busy.id)).toBeDefined();

    const added = await call('POST', '/category/add-edit', {
      token,
      form: await categoryForm({ name: 'Empty', slug: 'empty' }, await pngFile()),
    });
    const image = added.data.data.image as string;
    const res = await call('DELETE', `/category/${added.data.data.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true });
    expect(typeof res.data.message).toBe('string');
    expect(await byId(added.data.data.id)).toBeUndefined();
    expect(await imageOnDisk(image)).toBe(false);
    expect((await call('DELETE', `/category/${added.data.data.id}`, { token })).status).toBe(404);
    expect((await call('DELETE', '/category/abc', { token })).status).toBe(400);
  });

  it('refuses customers (403) and visitors (401) on every category endpoint, changing nothing', async () => {
    const { token: customer } = await makeUser();
    const cat = await makeCategory({ name: 'Protected' });
    const before = await db().select().from(categories);
    const attempts: [string, string, () => Promise<FormData> | undefined][] = [
      ['GET', '/get-all-category', () => undefined],
      ['POST', '/category/add-edit', () => categoryForm({ name: 'Sneaky', slug: 'sneaky' })],
      ['POST', '/category/add-edit', () => categoryForm({ id: String(cat.id), name: 'Hacked', slug: 'hacked' })],
      ['DELETE', `/category/${cat.id}`, () => undefined],
    ];
    for (const [method, path, form] of attempts) {
      const asCustomer = await call(method, path, { token: customer, form: await form() });
      expect(asCustomer.status, `${method} ${path}`).toBe(403);
      const anonymous = await call(method, path, { form: await form() });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.data.success).toBe(false);
    }
    expect(await db().select().from(categories)).toEqual(before);
  });
});
