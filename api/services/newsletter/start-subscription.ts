import { sql } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/session.ts';
import { type Db, db, type Tx } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { NEWSLETTER_CONFIRM_LIFETIME_MS } from '../../lib/limits.ts';
import { queueMail } from '../../mail/queue-mail.ts';

/**
 * The job behind a newsletter sign-up (queue `newsletter-signup`), and the account page's
 * newsletter switch: makes the address pending with a fresh single-use confirmation token
 * (only its SHA-256 is stored; a new one replaces an unused one) and queues the mail with its
 * link, in one transaction. An address that is already confirmed is left alone and gets no
 * mail. The sign-up request only queues this job, so its answer cannot tell whether an
 * address is subscribed. Resolves to whether a mail was queued.
 */
export async function startSubscription({
  email,
  now = new Date(),
  tx,
}: {
  email: string;
  now?: Date;
  tx?: Tx | Db;
}): Promise<{ mailed: boolean }> {
  const token = generateToken();
  const run = async (q: Tx | Db) => {
    const [row] = await q
      .insert(newsletterSubscribers)
      .values({
        email: email.toLowerCase(),
        status: 'pending',
        confirmTokenHash: hashToken(token),
        confirmExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_LIFETIME_MS),
      })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: {
          status: 'pending',
          confirmTokenHash: sql`excluded.confirm_token_hash`,
          confirmExpiresAt: sql`excluded.confirm_expires_at`,
          // Only a confirmation after this sign-up counts for the next newsletter.
          confirmedAt: null,
        },
        setWhere: sql`${newsletterSubscribers.status} <> 'confirmed'`,
      })
      .returning({ id: newsletterSubscribers.id });
    if (!row) return { mailed: false };
    const link = `${env().siteUrl}/newsletter/confirm?token=${token}`;
    await queueMail(
      {
        to: email,
        subject: 'Confirm your newsletter subscription',
        text: `Hello,\n\nSomeone, hopefully you, asked to get our newsletter at this address. Open this link within 7 days to confirm:\n\n${link}\n\nIf it was not you, ignore this mail: without confirmation you will get nothing from us.\n`,
      },
      { tx: q },
    );
    return { mailed: true };
  };
  return tx ? run(tx) : db().transaction(run);
}
