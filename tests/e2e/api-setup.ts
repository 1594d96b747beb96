import { expect, type Page } from '@playwright/test';
import { outboxMailsTo } from './e2e-outbox.ts';

/**
 * Set-up through the API for browser specs whose subject is elsewhere: a new customer signed
 * in through the API in `page` (the session cookie lands in the browser, and the stored user
 * the admin app reads is written), and ads posted as that customer.
 */
export async function signUpThroughApi(page: Page, name: string, prefix = 'e2e') {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'secret123';
  const res = await page.request.post('/api/user/signup', { data: { name, email, password, cpassword: password } });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  await page.goto('/');
  await page.evaluate(
    ({ user, expiresAt }) => {
      localStorage.setItem('auth_token', JSON.stringify({ expiry: new Date(expiresAt).getTime() }));
      localStorage.setItem('userinfo', JSON.stringify(user));
    },
    { user: body.userinfo, expiresAt: body.expiresAt },
  );
  return { id: body.userinfo.id as number, name, email, password };
}

/** Opens the sign-up mail's verification link for `email` (from the outbox) through the API. */
export async function verifyEmailThroughApi(page: Page, email: string) {
  let token = '';
  await expect
    .poll(
      () => {
        const mail = outboxMailsTo(email).find((m) => /\/verify-email\?token=/.test(m));
        token = /\/verify-email\?token=([a-z2-7]+)/.exec(mail ?? '')?.[1] ?? '';
        return token;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  expect((await page.request.post('/api/verify-email', { data: { token } })).status()).toBe(200);
}

/** Posts an ad as the signed-in customer of `page`; `fields` override the defaults. */
export async function postAdThroughApi(page: Page, heading: string, fields: Record<string, string> = {}) {
  const res = await page.request.post('/api/ads/add', {
    multipart: {
      heading,
      description: '<p>Hand-built, barely used.</p>',
      category: 'furniture',
      price: '320',
      rating: '4',
      location: 'Trondheim',
      features: '[]',
      make_as_featured: 'N',
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).adsData as { id: number; slug: string };
}
