import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { ads, sessions, users, wishlistItems } from '../../api/db/schema/index.ts';
import { imageOnDisk, makeAd, makeCategory } from '../helpers/admin-fixtures.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

beforeAll(async () => {
  await setupTestDb();
});

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Added Person',
  email: `added-${Math.random().toString(36).slice(2, 8)}@example.com`,
  role: 'customer',
  subscription: 'gold',
  password: 'secret12',
  cpassword: 'secret12',
  ...over,
});

async function row(id: number) {
  const r = await db().select().from(users).where(eq(users.id, id));
  return r[0];
}

describe(`admin user management on ${driver}`, () => {
  it('lists users with id, name, email, role and subscription, never a password hash', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const { user } = await makeUser({ name: 'Listed Customer' });
    const res = await call('GET', '/users', { token });
    expect(res.status).toBe(200);
    expect(res.data.success).toBe(true);
    const found = res.data.users.find((u: { id: number }) => u.id === user.id);
    expect(found).toEqual({
      id: user.id,
      name: 'Listed Customer',
      email: user.email,
      role: 'customer',
      subscription: 'free',
    });
    expect(JSON.stringify(res.data)).not.toMatch(/argon2|password/i);
  });

  it('reads one user by id, and answers 404 for an unknown one', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const { user } = await makeUser();
    const res = await call('GET', `/user/${user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, user: { id: user.id, email: user.email } });
    expect(typeof res.data.message).toBe('string');
    expect(res.data.user.passwordHash).toBeUndefined();
    const missing = await call('GET', '/user/999999', { token });
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ success: false, error: 'User not found.' });
  });

  it('lets an admin add a user with a chosen role and subscription, who can then log in', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const body = newUser({ role: 'admin', subscription: 'platinum', email: 'New.Admin@Example.com' });
    const res = await call('POST', '/user/admin-add-user', { token, json: body });
    expect(res.status).toBe(201);
    expect(res.data.success).toBe(true);
    expect(res.data.user).toMatchObject({ email: 'new.admin@example.com', role: 'admin', subscription: 'platinum' });
    const stored = await row(res.data.user.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await call('POST', '/user/login', { json: { email: 'new.admin@example.com', password: 'secret12' } });
    expect(login.status).toBe(200);
    const dup = await call('POST', '/user/admin-add-user', {
      token,
      json: { ...body, email: 'NEW.ADMIN@example.com' },
    });
    expect(dup.status).toBe(409);
    expect(dup.data.error).toBe('This email is already registered.');
  });

  it('checks the add-user form in field order', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Please enter your name.'],
      [{ email: '' }, 'Please enter your email.'],
      [{ role: '' }, 'Please select role.'],
      [{ role: 'superuser' }, 'Please select role.'],
      [{ password: '' }, 'Please enter your password.'],
      [{ cpassword: '' }, 'Please enter your confrim password.'],
      [{ cpassword: 'different' }, 'Enter password not match.'],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/user/admin-add-user', { token, json: newUser(over) });
      expect(res.status, message).toBe(400);
      expect(res.data).toMatchObject({ success: false, error: message, message });
    }
  });

  it('updates a user, hashing the new password', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const { user } = await makeUser();
    const res = await call('POST', '/user/update', {
      token,
      json: {
        ...newUser(),
        id: user.id,
        name: 'Renamed',
        email: 'renamed@example.com',
        password: 'fresh123',
        cpassword: 'fresh123',
      },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, user: { id: user.id, name: 'Renamed', subscription: 'gold' } });
    const stored = await row(user.id);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain('fresh123');
    const login = await call('POST', '/user/login', { json: { email: 'renamed@example.com', password: 'fresh123' } });
    expect(login.status).toBe(200);
  });

  it('requires the password on update and refuses a taken email or an unknown id', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const { user } = await makeUser();
    const { user: other } = await makeUser();
    const noPassword = await call('POST', '/user/update', {
      token,
      json: { ...newUser(), id: user.id, password: '', cpassword: '' },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.data.error).toBe('Please enter your password.');
    const clash = await call('POST', '/user/update', {
      token,
      json: { ...newUser(), id: user.id, email: other.email },
    });
    expect(clash.status).toBe(409);
    expect(clash.data.error).toBe('This email is already registered.');
    const unknown = await call('POST', '/user/update', { token, json: { ...newUser(), id: 999999 } });
    expect(unknown.status).toBe(404);
    expect((await row(user.id))?.email).toBe(user.email);
  });

  it('ends a demoted admin’s sessions at once, and a changed password ends the user’s other sessions', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const other = await makeUser({ role: 'admin' });
    expect((await call('GET', '/users', { token: other.token })).status).toBe(200);
    const demote = await call('POST', '/user/update', {
      token,
      json: {
        ...newUser(),
        id: other.user.id,
        email: other.user.email,
        role: 'customer',
        password: other.password,
        cpassword: other.password,
      },
    });
    expect(demote.status).toBe(200);
    expect((await call('GET', '/user/me', { token: other.token })).status).toBe(401);

    const customer = await makeUser();
    const same = await call('POST', '/user/update', {
      token,
      json: {
        ...newUser(),
        id: customer.user.id,
        email: customer.user.email,
        password: customer.password,
        cpassword: customer.password,
      },
    });
    expect(same.status).toBe(200);
    expect((await call('GET', '/user/me', { token: customer.token })).status).toBe(200);
    const changed = await call('POST', '/user/update', {
      token,
      json: {
        ...newUser(),
        id: customer.user.id,
        email: customer.user.email,
        password: 'changed1',
        cpassword: 'changed1',
      },
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/user/me', { token: customer.token })).status).toBe(401);
  });

  it('never demotes or deletes the last admin', async () => {
    await db().update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
    const last = await makeUser({ role: 'admin' });
    const body = {
      ...newUser(),
      id: last.user.id,
      email: last.user.email,
      role: 'customer',
      password: last.password,
      cpassword: last.password,
    };
    const demote = await call('POST', '/user/update', { token: last.token, json: body });
    expect(demote.status).toBe(409);
    expect(demote.data.error).toMatch(/last admin/);
    const del = await call('DELETE', `/user/${last.user.id}`, { token: last.token });
    expect(del.status).toBe(409);
    expect(del.data.error).toMatch(/last admin/);
    expect((await row(last.user.id))?.role).toBe('admin');

    // With a second admin, either may go.
    const second = await makeUser({ role: 'admin' });
    const ok = await call('DELETE', `/user/${second.user.id}`, { token: last.token });
    expect(ok.status).toBe(200);
    expect(await row(second.user.id)).toBeUndefined();
  });

  it('deletes a user with their sessions, wishlist, ads and the ads’ image files', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const victim = await makeUser();
    const bystander = await makeUser();
    const category = await makeCategory();
    const adA = await makeAd({ userId: victim.user.id, categoryId: category.id, gallery: 2 });
    const adB = await makeAd({ userId: victim.user.id, categoryId: category.id });
    const kept = await makeAd({ userId: bystander.user.id, categoryId: category.id });
    await db()
      .insert(wishlistItems)
      .values([
        { userId: victim.user.id, adId: kept.id },
        { userId: bystander.user.id, adId: adA.id },
        { userId: bystander.user.id, adId: kept.id },
      ]);
    const files = [adA.image, ...adA.galleryImages, adB.image, ...adB.galleryImages] as string[];
    for (const f of files) expect(await imageOnDisk(f)).toBe(true);

    const res = await call('DELETE', `/user/${victim.user.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true });
    expect(typeof res.data.message).toBe('string');

    expect(await row(victim.user.id)).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.userId, victim.user.id))).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(ads)
        .where(inArray(ads.id, [adA.id, adB.id])),
    ).toHaveLength(0);
    const wish = await db().select().from(wishlistItems);
    expect(wish.filter((w) => w.userId === victim.user.id || w.adId === adA.id)).toHaveLength(0);
    expect(wish.filter((w) => w.userId === bystander.user.id && w.adId === kept.id)).toHaveLength(1);
    for (const f of files) expect(await imageOnDisk(f)).toBe(false);
    expect(await imageOnDisk(kept.image as string)).toBe(true);
    expect((await call('GET', '/user/me', { token: victim.token })).status).toBe(401);
    expect((await call('GET', '/user/me', { token: bystander.token })).status).toBe(200);

    const again = await call('DELETE', `/user/${victim.user.id}`, { token });
    expect(again.status).toBe(404);
  });

  it('refuses customers (403) and visitors (401) on every user endpoint, changing nothing', async () => {
    const { token: customer } = await makeUser();
    const { user: target } = await makeUser({ name: 'Untouched' });
    const before = await db().select().from(users);
    const attempts: [string, string, unknown?][] = [
      ['GET', '/users'],
      ['GET', `/user/${target.id}`],
      ['POST', '/user/admin-add-user', newUser({ role: 'admin' })],
      ['POST', '/user/update', { ...newUser(), id: target.id, role: 'admin' }],
      ['DELETE', `/user/${target.id}`],
    ];
    for (const [method, path, json] of attempts) {
      const asCustomer = await call(method, path, { token: customer, json });
      expect(asCustomer.status, `${method} ${path}`).toBe(403);
      expect(asCustomer.data.success).toBe(false);
      const anonymous = await call(method, path, { json });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.data.success).toBe(false);
    }
    expect(await db().select().from(users)).toEqual(before);
  });
});
