import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

beforeAll(async () => {
  await setupTestDb();
});

function settingsForm(overrides: Record<string, string> = {}) {
  const form = new FormData();
  const values: Record<string, string> = {
    email: 'hello@market.test',
    address: '1 Main Street',
    phone: '+1 555 0100',
    working_hours: 'Mon–Fri 9–17',
    copyright: '© Market',
    footer_shortdescription: '<p>Buy and sell <script>alert(1)</script>locally.</p>',
    socialLinks: JSON.stringify([{ icon: 'fa-brands fa-facebook-f', url: 'https://facebook.com/market' }]),
    freenumberads: '2',
    freenumberphotoAds: '3',
    goldnumberads: '5',
    goldnumberphotoAds: '6',
    platinumnumberads: '20',
    platinumnumberphotoAds: '12',
    primaryColor: '#1d4ed8',
    secondaryColor: '#f97316',
    ...overrides,
  };
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return form;
}

describe(`site settings on ${driver}`, () => {
  it('are public to read, as a list whose first element is the record, with categories', async () => {
    const res = await call('GET', '/get-settings');
    expect(res.status).toBe(200);
    expect(res.data.success).toBe(true);
    expect(Array.isArray(res.data.data)).toBe(true);
    expect(res.data.data[0]).toHaveProperty('working_hours');
    expect(Array.isArray(res.data.data[0].categories)).toBe(true);
  });

  it('can be changed by an admin, with rich text sanitised', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const res = await call('POST', '/update-settings', { token, form: settingsForm() });
    expect(res.status).toBe(200);
    expect(res.data.success).toBe(true);
    const read = await call('GET', '/get-settings');
    const s = read.data.data[0];
    expect(s.email).toBe('hello@market.test');
    expect(s.footer_shortdescription).toBe('<p>Buy and sell locally.</p>');
    expect(JSON.parse(s.social_links)).toEqual([
      { icon: 'fa-brands fa-facebook-f', url: 'https://facebook.com/market' },
    ]);
    expect(s.goldnumberphotoAds).toBe(6);
    expect(s.primaryColor).toBe('#1d4ed8');
    const admin = await call('GET', '/settings', { token });
    expect(admin.data.data.email).toBe('hello@market.test');
  });

  it('refuses a customer (403) and a visitor (401) and changes nothing', async () => {
    const { token } = await makeUser({ role: 'customer' });
    const res = await call('POST', '/update-settings', { token, form: settingsForm({ email: 'evil@example.com' }) });
    expect(res.status).toBe(403);
    expect(res.data.success).toBe(false);
    const anon = await call('POST', '/update-settings', { form: settingsForm({ email: 'evil@example.com' }) });
    expect(anon.status).toBe(401);
    expect((await call('GET', '/settings', { token })).status).toBe(403);
    const read = await call('GET', '/get-settings');
    expect(read.data.data[0].email).not.toBe('evil@example.com');
  });

  it('rejects an invalid email with the form message', async () => {
    const { token } = await makeUser({ role: 'admin' });
    const res = await call('POST', '/update-settings', { token, form: settingsForm({ email: 'nope' }) });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe('Valid email required.');
  });
});
