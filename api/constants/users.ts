/**
 * User roles and subscriptions. Both the database schema and the browser forms need them, so
 * they live here, in a module that imports nothing: a form that lists the roles must not pull
 * the users table (and drizzle-orm) into a browser bundle.
 */
export const ROLES = ['admin', 'customer'] as const;
export const SUBSCRIPTIONS = ['free', 'gold', 'platinum'] as const;
export type TRole = (typeof ROLES)[number];
export type TSubscription = (typeof SUBSCRIPTIONS)[number];

/** The answer to a sign-up, profile or email change whose address another account already has. */
export const EMAIL_TAKEN = 'This email is already registered.';
