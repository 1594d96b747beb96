import { count, eq } from 'drizzle-orm';
import type { THeldReason } from '../../constants/moderation.ts';
import type { TSessionUser } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { htmlToText } from '../../lib/sanitize.ts';
import { findBannedWord } from './banned-words.ts';
import type { getModerationSettings } from './moderation-settings.ts';

export type TModerationRules = Awaited<ReturnType<typeof getModerationSettings>>;

export const VERIFY_TO_POST = 'Please verify your email address before posting an ad. We sent you a link.';

/** With "require verification before posting" on, an unverified account may not post (403). */
export function assertMayPost(user: TSessionUser, rules: TModerationRules) {
  if (user.role === 'admin' || !rules.requireVerifiedToPost) return;
  if (!user.emailVerified) throw new AppError('FORBIDDEN', VERIFY_TO_POST);
}

/**
 * Whether an ad must wait for review before the public sees it (docs/MODERATION.md): its
 * heading or description holds a banned word, or (`isNew`) it is one of a new account's first
 * ads while pre-moderation is on. Admins' ads are never held. Null: publish as usual.
 */
export async function reviewHoldFor(options: {
  user: TSessionUser;
  heading: string;
  description: string;
  isNew: boolean;
  /** Read before the transaction: on the embedded database a read outside it would wait for it. */
  rules: TModerationRules;
  tx: Tx;
}): Promise<THeldReason | null> {
  if (options.user.role === 'admin') return null;
  const settings = options.rules;
  if (findBannedWord(`${options.heading}\n${htmlToText(options.description)}`, settings.words)) return 'banned-words';
  if (options.isNew && settings.premoderateFirstAds > 0) {
    const [row] = await options.tx.select({ n: count() }).from(ads).where(eq(ads.userId, options.user.id));
    if ((row?.n ?? 0) < settings.premoderateFirstAds) return 'new-account';
  }
  return null;
}
