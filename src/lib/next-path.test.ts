import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authHref, DEFAULT_AFTER_SIGN_IN, guardHref, SAVE_HASH, safeNextPath, signInHref } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeNextPath('/add-details/green-sofa#message')).toBe('/add-details/green-sofa#message');
    expect(safeNextPath('/?search=sofa&page=2')).toBe('/?search=sofa&page=2');
  });

  it('refuses anything that could lead to another site', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '\\\\evil.example',
      '/\tevil',
      '',
      null,
      undefined,
      'evil.example',
    ]) {
      expect(safeNextPath(raw)).toBe(DEFAULT_AFTER_SIGN_IN);
    }
  });

  it('never answers with anything but a same-site path (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const out = safeNextPath(raw);
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//')).toBe(false);
        expect(new URL(out, 'https://site.example').origin).toBe('https://site.example');
      }),
    );
  });

  it('round-trips through the sign-in link', () => {
    const href = signInHref('/add-details/x#message');
    expect(safeNextPath(new URL(href, 'https://s.example').searchParams.get('next'))).toBe('/add-details/x#message');
  });
});

const SITE = 'https://site.example';
/** The `next` a link carries, as the page will judge it. */
const nextOf = (href: string) => safeNextPath(new URL(href, SITE).searchParams.get('next'));

describe('authHref and guardHref', () => {
  it('carry a same-site path to sign-in and sign-up, and nothing when there is none', () => {
    expect(authHref('/sign-up', '/add-details/x#save')).toBe(
      `/sign-up?next=${encodeURIComponent('/add-details/x#save')}`,
    );
    expect(authHref('/sign-in', '/admin/add-ads')).toBe('/sign-in?next=%2Fadmin%2Fadd-ads');
    expect(authHref('/sign-up', null)).toBe('/sign-up');
    expect(authHref('/sign-up', 'https://evil.example/')).toBe('/sign-up');
    expect(authHref('/sign-in', DEFAULT_AFTER_SIGN_IN)).toBe('/sign-in');
    expect(guardHref('/admin/users?page=2')).toBe(`/sign-in?guard=1&next=${encodeURIComponent('/admin/users?page=2')}`);
    expect(guardHref(DEFAULT_AFTER_SIGN_IN)).toBe('/sign-in?guard=1');
    expect(safeNextPath('/.//evil.example')).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(signInHref(`/add-details/x${SAVE_HASH}`)).toBe('/sign-in?next=%2Fadd-details%2Fx%23save');
  });

  it('never lead anywhere but this site, and keep any same-site path they were given (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.webPath()),
        fc.constantFrom('/sign-in', '/sign-up'),
        (raw, page) => {
          for (const href of [authHref(page as '/sign-in' | '/sign-up', raw), guardHref(raw)]) {
            const url = new URL(href, SITE);
            expect(url.origin).toBe(SITE);
            expect(['/sign-in', '/sign-up']).toContain(url.pathname);
            const next = nextOf(href);
            expect(new URL(next, SITE).origin).toBe(SITE);
            // A safe path survives the round trip; anything else leaves the default.
            const safe = safeNextPath(raw, '');
            expect(next).toBe(safe || DEFAULT_AFTER_SIGN_IN);
          }
        },
      ),
    );
  });
});
