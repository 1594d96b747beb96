/** Where signing in leads when nothing else was asked for. */
export const DEFAULT_AFTER_SIGN_IN = '/admin/dashboard';

/**
 * The `next` a sign-in link carries, if it is a path on this site: it must start with one
 * slash (not `//host`, not `/\host`, which browsers read as another site), hold no control
 * characters and no scheme. Anything else gives the default, so a crafted link cannot send a
 * visitor elsewhere after they sign in.
 */
export function safeNextPath(raw: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (!raw || raw.length > 2000) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  try {
    const url = new URL(raw, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return fallback;
    const path = url.pathname + url.search + url.hash;
    // Normalising can make `//` again (`/.//` becomes `//`), which a browser reads as a host.
    return path.startsWith('//') ? fallback : path;
  } catch {
    return fallback;
  }
}

/** The sign-in page with a way back to `path`. */
export function signInHref(path: string): string {
  return `/sign-in?next=${encodeURIComponent(path)}`;
}

/**
 * A link to the sign-in or sign-up page that keeps the way back when there is one: `next` is
 * the raw value a page received, dropped unless it is a path on this site.
 */
export function authHref(page: '/sign-in' | '/sign-up', next: string | null | undefined): string {
  const safe = safeNextPath(next, '');
  return safe && safe !== DEFAULT_AFTER_SIGN_IN ? `${page}?next=${encodeURIComponent(safe)}` : page;
}

/**
 * Where the admin guard sends a visitor without a session: sign-in with the guard toast and
 * the admin URL they asked for, so they land there after signing in (the dashboard needs no
 * `next`: it is where sign-in leads anyway).
 */
export function guardHref(asked: string): string {
  const safe = safeNextPath(asked, '');
  return safe && safe !== DEFAULT_AFTER_SIGN_IN
    ? `/sign-in?guard=1&next=${encodeURIComponent(safe)}`
    : '/sign-in?guard=1';
}

/** The URL fragment that saves the ad to the wishlist once the visitor is back from sign-in. */
export const SAVE_HASH = '#save';
