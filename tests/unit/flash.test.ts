import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A page's sessionStorage and address, as the browser gives them (node has neither). */
function page(pathname: string) {
  const store = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('window', { location: { pathname } });
  return {
    store,
    goTo: (path: string) => vi.stubGlobal('window', { location: { pathname: path } }),
  };
}

const shown = vi.fn();
vi.mock('react-hot-toast', () => {
  const toast = Object.assign((text: string) => shown(text), {
    success: (text: string) => shown(text),
    error: (text: string) => shown(text),
    remove: () => {},
  });
  return { default: toast };
});

const { flash, showFlash } = await import('../../src/lib/toast.ts');

beforeEach(() => shown.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('a toast carried to the next page (flash)', () => {
  it('is shown once, on the next page that mounts its toasts', () => {
    const p = page('/sign-up');
    flash('success', 'Account created.');
    p.goTo('/admin/dashboard');
    showFlash();
    showFlash();
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith('Account created.');
  });

  it('meant for one page, is left alone by the page being left and shown on that one', () => {
    const p = page('/admin/dashboard');
    flash('warning', 'Successfully logout', 'Logout', '/sign-in');
    // The page being left mounts its toasts while the browser fetches /sign-in.
    showFlash();
    expect(shown).not.toHaveBeenCalled();
    p.goTo('/sign-in');
    showFlash();
    expect(shown).toHaveBeenCalledWith('Logout\nSuccessfully logout');
    expect(p.store.size).toBe(0);
  });

  it('drops a malformed flash without showing anything', () => {
    const p = page('/');
    p.store.set('flash', '{not json');
    showFlash();
    expect(shown).not.toHaveBeenCalled();
    expect(p.store.size).toBe(0);
  });
});
