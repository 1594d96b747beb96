import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/session.ts';
import { EXPIRY_REMINDER_DAYS } from '../../constants/ad-states.ts';
import { db } from '../../db/client.ts';
import { ads, users } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { quoted } from '../../lib/quoted.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { queueCachePurge } from '../cache/purge-caches.ts';
import { AD_TRANSITIONS } from './ad-states.ts';

/** One statement or one mail batch handles at most this many ads. */
const BATCH = 500;

/**
 * A run's bound: at most this many ads reminded and this long spent on reminders; what is
 * left waits for the next run (every 10 minutes). A run always ends, whatever the rows hold.
 */
export const EXPIRY_RUN_LIMITS = { reminders: 5_000, ms: 60_000 };

/** The states the system expires, from the one table (api/services/ads/ad-states.ts). */
const EXPIRABLE = AD_TRANSITIONS.find((t) => t.actor === 'system' && t.action === 'expire')!.from;

/**
 * Marks every ad on offer whose period has ended as expired, in batches of one UPDATE each
 * (the category-count trigger runs once per batch). Public lists stopped showing these ads
 * at their expiry time already (publicAdFilter); this makes the state and the counts agree.
 */
async function expireDueAds(now: Date): Promise<number> {
  let total = 0;
  // A cursor on the id: each row is looked at once per run, so a row the UPDATE leaves alone
  // (renewed since the look-up) cannot keep the loop going.
  let after = 0;
  for (;;) {
    const due = await db()
      .select({ id: ads.id })
      .from(ads)
      .where(and(inArray(ads.status, [...EXPIRABLE]), lte(ads.expiresAt, now), gt(ads.id, after)))
      .orderBy(asc(ads.id))
      .limit(BATCH);
    if (!due.length) return total;
    after = due[due.length - 1]!.id;
    const done = await db()
      .update(ads)
      .set({ status: 'expired', statusBeforePending: null, updatedAt: now })
      // Re-checked on the row itself: an owner may have renewed it since the look-up.
      .where(
        and(
          inArray(
            ads.id,
            due.map((d) => d.id),
          ),
          inArray(ads.status, [...EXPIRABLE]),
          lte(ads.expiresAt, now),
        ),
      )
      .returning({ id: ads.id });
    total += done.length;
    if (due.length < BATCH) return total;
  }
}

function reminderMail(ad: { heading: string; slug: string; expiresAt: Date }, owner: { name: string }, token: string) {
  const site = env().siteUrl;
  const day = ad.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
  return {
    subject: `Your ad ${quoted(ad.heading)} expires on ${day}`,
    text: `Hello ${owner.name},\n\nYour ad ${quoted(ad.heading)} expires on ${day} (UTC), and then it leaves the listings.\n\nStill selling? Renew it with one click, no sign-in needed (the link works once):\n\n${site}/renew/${token}\n\nThe ad: ${site}/add-details/${encodeURIComponent(ad.slug)}\n\nSold already, or changed your mind? Do nothing and it expires by itself.\n`,
  };
}

/**
 * Queues the reminder for every ad on offer that expires within EXPIRY_REMINDER_DAYS and
 * has had none this period, each with a fresh one-click renew token (stored hashed). The
 * mail is queued in the transaction that marks the ad reminded, and the mark is taken only
 * if no one else took it first, so each period gets one reminder even if two runs overlap.
 */
async function remindExpiringAds(now: Date, limits: typeof EXPIRY_RUN_LIMITS): Promise<number> {
  const horizon = new Date(now.getTime() + EXPIRY_REMINDER_DAYS * 24 * 3600 * 1000);
  const started = Date.now();
  // Still due, checked by the database on the row itself: comparing the stored expiry with a
  // JavaScript Date lost its microseconds and never matched, so no reminder went out and the
  // loop read the same rows for ever.
  const stillDue = and(
    inArray(ads.status, [...EXPIRABLE]),
    gt(ads.expiresAt, now),
    lte(ads.expiresAt, horizon),
    isNull(ads.expiryRemindedAt),
  );
  let total = 0;
  let after = 0;
  while (total < limits.reminders && Date.now() - started < limits.ms) {
    const due = await db()
      .select({
        id: ads.id,
        heading: ads.heading,
        slug: ads.slug,
        expiresAt: ads.expiresAt,
        name: users.name,
        email: users.email,
      })
      .from(ads)
      .innerJoin(users, eq(users.id, ads.userId))
      .where(and(stillDue, gt(ads.id, after)))
      .orderBy(asc(ads.id))
      .limit(Math.min(BATCH, limits.reminders - total));
    if (!due.length) break;
    after = due[due.length - 1]!.id;
    for (const ad of due) {
      const token = generateToken();
      const sent = await db().transaction(async (tx) => {
        // Marked by id, if no other run took it first and it is still due.
        const marked = await tx
          .update(ads)
          .set({ expiryRemindedAt: now, renewTokenHash: hashToken(token) })
          .where(and(eq(ads.id, ad.id), stillDue))
          .returning({ expiresAt: ads.expiresAt });
        if (!marked.length) return false;
        await queueMail(
          { to: ad.email, ...reminderMail({ ...ad, expiresAt: marked[0]!.expiresAt }, ad, token) },
          { tx },
        );
        return true;
      });
      if (sent) total += 1;
      if (Date.now() - started >= limits.ms) break;
    }
  }
  return total;
}

/**
 * The expiry job (queue `ad-expiry`, every 10 minutes, once across processes): expire what
 * is due, then remind what expires soon, within EXPIRY_RUN_LIMITS. `now` is the clock, so
 * tests can move it.
 */
export async function runAdExpiry(
  options: { now?: Date; limits?: typeof EXPIRY_RUN_LIMITS } = {},
): Promise<{ expired: number; reminded: number }> {
  const now = options.now ?? new Date();
  const expired = await expireDueAds(now);
  // Expired ads leave the lists: the shared caches in front drop what showed them.
  if (expired) await queueCachePurge(['ads']);
  const reminded = await remindExpiringAds(now, options.limits ?? EXPIRY_RUN_LIMITS);
  if (expired || reminded) console.info(`[ads] expiry: ${expired} expired, ${reminded} reminders queued`);
  return { expired, reminded };
}
