// How a seller's facts read on the seller page and the ad page (SellerFacts.astro).

/** "within 5 minutes", "within 2 hours", "within 2 days": a response time, rounded up. */
export function formatResponseTime(minutes: number): string {
  if (minutes < 60) {
    const m = Math.max(1, minutes);
    return `within ${m} ${m === 1 ? 'minute' : 'minutes'}`;
  }
  if (minutes < 24 * 60) {
    const h = Math.ceil(minutes / 60);
    return `within ${h} ${h === 1 ? 'hour' : 'hours'}`;
  }
  const d = Math.ceil(minutes / (24 * 60));
  return `within ${d} ${d === 1 ? 'day' : 'days'}`;
}

/** "90%": a rate as a whole percentage (never 100% unless every message was answered). */
export function formatRate(rate: number): string {
  const pct = rate < 1 ? Math.min(99, Math.round(rate * 100)) : 100;
  return `${pct}%`;
}
