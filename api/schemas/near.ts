/** Where a near search measures from: a gazetteer place (by id) or a position. */
export type TNear = { kind: 'place'; id: number } | { kind: 'point'; lat: number; lon: number };

/**
 * `near` as the query writes it: a place id ("4781708") or "lat,lon" in degrees
 * ("37.54,-77.43"); null for anything else. Pure, so the browser's filters read it alike.
 */
export function parseNear(text: string): TNear | null {
  const v = text.trim();
  if (/^\d{1,10}$/.test(v)) {
    const id = Number(v);
    return id >= 1 && id <= 2_147_483_647 ? { kind: 'place', id } : null;
  }
  const m = /^(-?\d{1,3}(?:\.\d{1,10})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,10})?)$/.exec(v);
  if (!m) return null;
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { kind: 'point', lat, lon };
}

/** The query value of a near search: the id, or "lat,lon" with at most 4 decimals (about 10 m). */
export function formatNear(near: TNear): string {
  if (near.kind === 'place') return String(near.id);
  const r = (n: number) => String(Math.round(n * 10_000) / 10_000);
  return `${r(near.lat)},${r(near.lon)}`;
}
