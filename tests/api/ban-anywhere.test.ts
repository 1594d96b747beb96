import { beforeAll, describe, expect, it } from 'vitest';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// A moderator can ban or unban from wherever they stand: the Users list and the edit-user
// screen read a user's ban from the API, and the queue keeps removed ads with their owners.

let category = { id: 0, slug: '' };
let admin: Awaited<ReturnType<typeof makeUser>>;

type TRemoved = {
  id: number;
  heading: string;
  reason: string;
  removedBy: string;
  owner: { id: number; banned: boolean };
};
type TRow = { id: number; banned: boolean; banReason: string };

beforeAll(async () => {
  await setupTestDb();
  const c = await insertCategory({ name: 'Bans', slug: `bans-${driver}` });
  category = { id: c!.id, slug: c!.slug };
  admin = await makeUser({ role: 'admin', name: 'Bea Moderator' });
});

describe(`ban from anywhere on ${driver}`, () => {
  it('keeps a removed ad in the queue with its owner, who can be banned and unbanned from there', async () => {
    const owner = await makeUser({ name: 'Rolf Removed' });
    const ad = (await insertAd({ heading: 'Fake tickets', categoryId: category.id, userId: owner.user.id }))!;
    const before = await call('GET', '/moderation', { token: admin.token });
    expect(before.data.removedAds.some((a: TRemoved) => a.id === ad.id)).toBe(false);

    const removed = await call('POST', `/moderation/ads/${ad.id}`, {
      token: admin.token,
      json: { action: 'remove', reason: 'Tickets that do not exist.' },
    });
    expect(removed.status).toBe(200);
    const queue = await call('GET', '/moderation', { token: admin.token });
    const entry = queue.data.removedAds.find((a: TRemoved) => a.id === ad.id);
    expect(entry).toMatchObject({
      heading: 'Fake tickets',
      reason: 'Tickets that do not exist.',
      removedBy: 'Bea Moderator',
      owner: { id: owner.user.id, name: 'Rolf Removed', banned: false },
    });
    // Newest removal first.
    expect(queue.data.removedAds[0].id).toBe(ad.id);

    expect(
      (await call('POST', `/users/${owner.user.id}/ban`, { token: admin.token, json: { reason: 'Ticket fraud' } }))
        .status,
    ).toBe(200);
    const after = await call('GET', '/moderation', { token: admin.token });
    expect(after.data.removedAds.find((a: TRemoved) => a.id === ad.id).owner.banned).toBe(true);
    expect((await call('POST', `/users/${owner.user.id}/unban`, { token: admin.token, json: {} })).status).toBe(200);
    const lifted = await call('GET', '/moderation', { token: admin.token });
    expect(lifted.data.removedAds.find((a: TRemoved) => a.id === ad.id).owner.banned).toBe(false);
  });

  it('shows the ban and its reason on the Users list and on one user', async () => {
    const member = await makeUser({ name: 'Ulla Listed' });
    const row = async () => {
      const list = await call('GET', `/users?page=1&limit=10&q=${encodeURIComponent('Ulla Listed')}`, {
        token: admin.token,
      });
      expect(list.status).toBe(200);
      return list.data.users.find((u: TRow) => u.id === member.user.id) as TRow;
    };
    expect(await row()).toMatchObject({ banned: false, banReason: '' });
    expect((await call('GET', `/user/${member.user.id}`, { token: admin.token })).data.user).toMatchObject({
      banned: false,
      banReason: '',
    });

    await call('POST', `/users/${member.user.id}/ban`, { token: admin.token, json: { reason: 'Harassment' } });
    expect(await row()).toMatchObject({ banned: true, banReason: 'Harassment' });
    const one = await call('GET', `/user/${member.user.id}`, { token: admin.token });
    expect(one.data.user).toMatchObject({ name: 'Ulla Listed', banned: true, banReason: 'Harassment' });
    // The legacy whole list (no paging) stays as it was.
    const whole = await call('GET', '/users', { token: admin.token });
    const listed = whole.data.users.find((u: TRow) => u.id === member.user.id);
    expect(Object.keys(listed).sort()).toEqual(['email', 'id', 'name', 'role', 'subscription']);

    await call('POST', `/users/${member.user.id}/unban`, { token: admin.token, json: {} });
    expect(await row()).toMatchObject({ banned: false, banReason: '' });
  });

  it('is for admins only', async () => {
    const member = await makeUser({ name: 'Nosy Member' });
    expect((await call('GET', '/moderation', { token: member.token })).status).toBe(403);
    expect((await call('GET', `/user/${member.user.id}`, { token: member.token })).status).toBe(403);
  });
});
