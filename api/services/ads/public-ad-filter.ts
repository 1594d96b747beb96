import { type SQL, sql } from 'drizzle-orm';
import { ads, VISIBLE_STATES_SQL } from '../../db/schema/index.ts';

/**
 * The one condition every public read of ads applies: the ad list and search, the home and
 * category pages, related ads, the sitemap. An ad is public while its state is active or
 * reserved and its period has not ended; the expiry job marks it expired soon after, but
 * the time test means it leaves search at the very moment it expires. The category counts
 * (kept by a trigger on the state) follow when the job runs.
 *
 * An ad whose owner is banned is hidden whatever its state (ads.owner_banned, kept by the ban
 * and unban services; the count trigger skips such ads too).
 *
 * Add any further rule for what the public may see here, so every public query gets it.
 * The status test is written with constant literals so the planner can use the partial
 * indexes over visible ads (api/db/schema/catalog.ts).
 */
export function publicAdFilter(): SQL {
  return sql`(${ads.status} IN (${VISIBLE_STATES_SQL}) AND ${ads.expiresAt} > now() AND NOT ${ads.ownerBanned})`;
}
