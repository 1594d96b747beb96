import type { TRole, TSubscription } from './db/schema/index.ts';

/** What a validated session exposes. Never the password hash (see auth/session.ts). */
export type TSessionUser = {
  id: number;
  name: string;
  email: string;
  role: TRole;
  subscription: TSubscription;
  /** Whether the address was confirmed through the sign-up mail's link (users.email_verified_at). */
  emailVerified: boolean;
};

export type TSession = { id: string; userId: number; expiresAt: Date };

export type AppEnv = {
  Variables: {
    user: TSessionUser | null;
    session: TSession | null;
    /** How the caller authenticated: a cookie (CSRF-relevant) or a bearer header. */
    authVia: 'cookie' | 'bearer' | null;
    requestId: string;
  };
};
