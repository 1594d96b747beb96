import { create } from 'zustand';
import type { TSessionUser } from '../../api/context.ts';

/**
 * What the page remembers about the session: who is signed in and until when, for the header
 * and the forms. The credential itself is only the HttpOnly session cookie, which no script
 * can read, so an injected script has no token to steal. The local keys keep their original
 * names, auth_token, userinfo and appSettings; auth_token holds only the expiry.
 */
const TOKEN_KEY = 'auth_token';
const USER_KEY = 'userinfo';

type TStoredSession = { expiry: number };

type TSessionState = {
  user: TSessionUser | null;
  /** When the session ends (ms since the epoch), or null when signed out. */
  expiresAt: number | null;
  signIn: (user: TSessionUser, expiresAt?: string | Date) => void;
  signOut: () => void;
};

function clear() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

function read(): { user: TSessionUser | null; expiresAt: number | null } {
  if (typeof localStorage === 'undefined') return { user: null, expiresAt: null };
  try {
    const stored = JSON.parse(localStorage.getItem(TOKEN_KEY) ?? 'null') as
      | (TStoredSession & { value?: unknown })
      | null;
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as TSessionUser | null;
    // A read after expiry logs the user out.
    if (!stored || typeof stored.expiry !== 'number' || stored.expiry <= Date.now()) {
      clear();
      return { user: null, expiresAt: null };
    }
    // Written by an older version with the token in it: keep the expiry, drop the token.
    if ('value' in stored) localStorage.setItem(TOKEN_KEY, JSON.stringify({ expiry: stored.expiry }));
    return { user, expiresAt: stored.expiry };
  } catch {
    return { user: null, expiresAt: null };
  }
}

export const useSession = create<TSessionState>((set) => ({
  ...read(),
  signIn: (user, expiresAt) => {
    const expiry = expiresAt ? new Date(expiresAt).getTime() : Date.now() + 60 * 60 * 1000;
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ expiry } satisfies TStoredSession));
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ user, expiresAt: expiry });
  },
  signOut: () => {
    clear();
    set({ user: null, expiresAt: null });
  },
}));
