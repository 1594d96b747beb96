import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ALERT_MAIL_ADS, type TAlertFrequency } from '../../constants/saved-searches.ts';
import { db } from '../../db/client.ts';
import { ads, savedSearches, savedSearchMatches, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/rows-of.ts';
import { queueMails } from '../../mail/queue-mail.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { alertMail } from './alert-mail.ts';

type TAlertRow = {
  searchId: number;
  name: string;
  unsubscribeToken: string;
  email: string;
  ownerName: string;
  alertMails: boolean;
  heading: string;
  price: number;
  slug: string;
  total: number;
};

/** Saved searches whose alerts are settled together, in one transaction. */
const SEARCH_BATCH = 500;

/**
 * Queues the alert mails of every saved search of this frequency with unmailed matches:
 * `instant` right after each matching run, `daily` from the daily digest job. Searches are
 * taken in batches; for each batch one transaction claims the unmailed matches (UPDATE …
 * RETURNING, so two runs at once never claim the same one), reads the claimed ads still on
 * offer, and queues one mail per search in one statement. The claim and the mails commit
 * together: a match is mailed once, or not marked. Owners who turned alert mails off are
 * settled without a mail. Returns how many mails were queued.
 */
export async function sendSavedSearchAlerts(frequency: TAlertFrequency): Promise<number> {
  let afterId = 0;
  let mailed = 0;
  for (;;) {
    const due = await db()
      .selectDistinct({ id: savedSearchMatches.savedSearchId })
      .from(savedSearchMatches)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
      // Alerts go only to verified addresses: an unverified owner's matches wait, unclaimed,
      // until the address is verified (releaseHeldMail runs the alerts again then).
      .innerJoin(users, and(eq(users.id, savedSearches.userId), isNotNull(users.emailVerifiedAt)))
      .where(
        and(
          isNull(savedSearchMatches.mailedAt),
          eq(savedSearches.frequency, frequency),
          sql`${savedSearchMatches.savedSearchId} > ${afterId}`,
        ),
      )
      .orderBy(savedSearchMatches.savedSearchId)
      .limit(SEARCH_BATCH);
    if (!due.length) return mailed;
    const ids = due.map((d) => d.id);
    afterId = ids[ids.length - 1];
    mailed += await db().transaction(async (tx) => {
      // One statement: claim, then the newest claimed ads still on offer (ten per search) and
      // each search's count of them.
      const rows = rowsOf<TAlertRow>(
        await tx.execute(sql`
        WITH claimed AS (
          UPDATE ${savedSearchMatches} m SET mailed_at = now()
          FROM ${savedSearches} s
          WHERE s.id = m.saved_search_id AND ${inArray(sql`m.saved_search_id`, ids)}
            AND m.mailed_at IS NULL
            -- Re-checked under the row lock: its owner may have changed it since.
            AND s.frequency = ${frequency}
            AND EXISTS (SELECT 1 FROM ${users} v WHERE v.id = s.user_id AND v.email_verified_at IS NOT NULL)
          RETURNING m.saved_search_id, m.ad_id
        ), ranked AS (
          SELECT c.saved_search_id, ${ads.heading} AS heading, ${ads.price}::float8 AS price, ${ads.slug} AS slug,
                 row_number() OVER (PARTITION BY c.saved_search_id ORDER BY ${ads.publishedAt} DESC, ${ads.id} DESC) AS rn,
                 count(*) OVER (PARTITION BY c.saved_search_id)::int AS total
          FROM claimed c JOIN ${ads} ON ${ads.id} = c.ad_id
          -- An ad sold or withdrawn since it matched is not worth a mail.
          WHERE ${publicAdFilter()}
        )
        SELECT r.saved_search_id AS "searchId", s.name, s.unsubscribe_token AS "unsubscribeToken",
               u.email, u.name AS "ownerName", u.alert_mails AS "alertMails",
               r.heading, r.price, r.slug, r.total
        FROM ranked r
        JOIN ${savedSearches} s ON s.id = r.saved_search_id
        JOIN ${users} u ON u.id = s.user_id
        WHERE r.rn <= ${ALERT_MAIL_ADS}
        ORDER BY r.saved_search_id, r.rn`),
      );
      const bySearch = new Map<number, TAlertRow[]>();
      for (const r of rows) {
        if (!r.alertMails) continue;
        const list = bySearch.get(r.searchId) ?? [];
        list.push(r);
        bySearch.set(r.searchId, list);
      }
      const mails = [...bySearch.values()].map((list) =>
        alertMail({
          to: list[0].email,
          ownerName: list[0].ownerName,
          search: { id: list[0].searchId, name: list[0].name, unsubscribeToken: list[0].unsubscribeToken },
          ads: list.map((r) => ({ heading: r.heading, price: Number(r.price), slug: r.slug })),
          total: Number(list[0].total),
          digest: frequency === 'daily',
        }),
      );
      await queueMails(mails, { tx });
      return mails.length;
    });
    if (due.length < SEARCH_BATCH) return mailed;
  }
}
