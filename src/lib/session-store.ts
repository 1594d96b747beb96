import { create } from 'zustand';
import type { TSessionUser } from '../../api/context.ts';

/** SPEC.md §7 'Stored data': the local keys are auth_token, userinfo and appSettings. */
const TOKEN_KEY = 'auth_token';
const USER_KEY = 'userinfo';

type TStoredToken = { value: string; expiry: number };

type TSessionState = {
  token: string | null;
  user: TSessionUser | null;
  signIn: (token: string, user: TSessionUser, expiresAt?: string | Date) => void;
  signOut: () => void;
};

function read(): { token: string | null; user: TSessionUser | null } {
  if (typeof localStorage === 'undefined') return { token: null, user: null };
  try {
    const stored = JSON.parse(localStorage.getItem(TOKEN_KEY) ?? 'null') as TStoredToken | null;
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as TSessionUser | null;
    // SPEC.md §4: a read after expiry logs the user out.
    if (!stored || stored.expiry <= Date.now()) {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(USER_KEY);
      return { token: null, user: null };
    }
    return { token: stored.value, user };
  } catch {
    return { token: null, user: null };
  }
}

export const useSession = create<TSessionState>((set) => ({
  ...read(),
  signIn: (token, user, expiresAt) => {
    const expiry = expiresAt ? new Date(expiresAt).getTime() : Date.now() + 60 * 60 * 1000;
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ value: token, expiry } satisfies TStoredToken));
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ token, user });
  },
  signOut: () => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    set({ token: null, user: null });
  },
}));

/** The current token, re-checked for expiry at the moment of use. */
export function currentToken(): string | null {
  const { token } = read();
  if (!token && useSession.getState().token) useSession.setState({ token: null, user: null });
  return token;
}
