import { aliasedTable, and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { TAdState } from '../../constants/ad-states.ts';
import type { TFraudSignal } from '../../constants/fraud.ts';
import { db } from '../../db/client.ts';
import { ads, fraudFlags, users } from '../../db/schema/index.ts';

/** An open fraud flag on `ads.id`: the queue's "Flagged ads" and each ad's reasons. */
export const openFraudFlagOnAd: SQL = sql`EXISTS (SELECT 1 FROM ${fraudFlags} WHERE ${fraudFlags.adId} = ${ads.id} AND ${fraudFlags.dismissedAt} IS NULL)`;

/**
 * The open fraud flags of these ads, oldest first, each with the other account's ad it
 * matches (photo, heading, price, seller), so a moderator sees the two side by side.
 */
export async function listFraudFlags(adIds: number[]) {
  const byAd = new Map<number, TFraudFlagView[]>();
  if (!adIds.length) return byAd;
  const match = aliasedTable(ads, 'match');
  const seller = aliasedTable(users, 'seller');
  const rows = await db()
    .select({
      id: fraudFlags.id,
      adId: fraudFlags.adId,
      signal: fraudFlags.signal,
      reason: fraudFlags.reason,
      measure: fraudFlags.measure,
      createdAt: fraudFlags.createdAt,
      matchId: match.id,
      matchSlug: match.slug,
      matchHeading: match.heading,
      matchImage: match.image,
      matchPrice: match.price,
      matchStatus: match.status,
      matchCreatedAt: match.createdAt,
      sellerId: seller.id,
      sellerName: seller.name,
      sellerBannedAt: seller.bannedAt,
    })
    .from(fraudFlags)
    .leftJoin(match, eq(match.id, fraudFlags.matchedAdId))
    .leftJoin(seller, eq(seller.id, match.userId))
    .where(and(inArray(fraudFlags.adId, adIds), isNull(fraudFlags.dismissedAt)))
    .orderBy(asc(fraudFlags.id));
  for (const r of rows) {
    const view: TFraudFlagView = {
      id: r.id,
      signal: r.signal as TFraudSignal,
      reason: r.reason,
      measure: r.measure,
      createdAt: r.createdAt.toISOString(),
      match:
        r.matchId === null
          ? null
          : {
              id: r.matchId,
              slug: r.matchSlug ?? '',
              heading: r.matchHeading ?? '',
              image: r.matchImage ?? '',
              price: Number(r.matchPrice ?? 0),
              status: r.matchStatus as TAdState,
              createdAt: (r.matchCreatedAt ?? r.createdAt).toISOString(),
              owner: { id: r.sellerId ?? 0, name: r.sellerName ?? '', banned: !!r.sellerBannedAt },
            },
    };
    byAd.set(r.adId, [...(byAd.get(r.adId) ?? []), view]);
  }
  return byAd;
}

export type TFraudFlagView = {
  id: number;
  signal: TFraudSignal;
  reason: string;
  measure: number | null;
  createdAt: string;
  match: {
    id: number;
    slug: string;
    heading: string;
    image: string;
    price: number;
    status: TAdState;
    createdAt: string;
    owner: { id: number; name: string; banned: boolean };
  } | null;
};
