/**
 * Whether a reset link's token could be one the site mailed (api/auth/session.ts generateToken:
 * 20 random bytes in lower-case base32, 32 characters). Only its shape is judged here; the
 * server decides whether it is valid. Anything else cannot work, so /reset-password shows the
 * way to a new mail instead of a password form.
 */
export function looksLikeResetToken(token: string | null | undefined): boolean {
  return typeof token === 'string' && /^[a-z2-7]{32}$/i.test(token.trim());
}
