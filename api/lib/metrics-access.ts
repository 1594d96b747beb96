import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '../env.ts';

/**
 * Who may read /metrics. On the site's own port: nobody unless METRICS_TOKEN is set (the path
 * answers 404, like any unknown one), then only with `Authorization: Bearer <METRICS_TOKEN>`.
 * On METRICS_PORT (a listener of its own, meant for a private network): anyone, unless
 * METRICS_TOKEN is set, then the same token. Pure, so the cluster's primary process
 * (scripts/start.mjs) checks with it too.
 */
export type TMetricsWhere = 'site' | 'metrics-port';
export type TMetricsAccess = 'allowed' | 'hidden' | 'refused';

/** The 401's message. */
export const METRICS_TOKEN_NEEDED = 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function metricsAccess(
  authorization: string | null | undefined,
  where: TMetricsWhere,
  token: string | undefined = env().METRICS_TOKEN,
): TMetricsAccess {
  if (!token) return where === 'metrics-port' ? 'allowed' : 'hidden';
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  // Compared as digests: equal lengths, and no timing clue to the token's length or bytes.
  return given && timingSafeEqual(digest(given), digest(token)) ? 'allowed' : 'refused';
}
