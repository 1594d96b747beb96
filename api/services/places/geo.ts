import { type SQL, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { places } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/rows-of.ts';

/** The mean Earth radius (km) every distance here is measured with. */
export const EARTH_RADIUS_KM = 6371.0088;

export type TPoint = { lat: number; lon: number };

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine): what `distance_km` and the radius mean. */
export function haversineKm(a: TPoint, b: TPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the answer carries it: km with one decimal. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;

/** The haversine in SQL between two positions given as SQL (degrees). */
export function distanceBetween(lat1: SQL, lon1: SQL, lat2: SQL, lon2: SQL): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${lat2} - ${lat1}) / 2), 2) +
    cos(radians(${lat1})) * cos(radians(${lat2})) *
    power(sin(radians(${lon2} - ${lon1}) / 2), 2)))))`;
}

/** The same haversine in SQL, from `center` to a place's position (the database's own trigonometry). */
export function distanceSql(
  center: TPoint,
  lat: SQL | typeof places.latitude = places.latitude,
  lon: SQL | typeof places.longitude = places.longitude,
): SQL {
  return distanceBetween(sql`${center.lat}::float8`, sql`${center.lon}::float8`, sql`${lat}`, sql`${lon}`);
}

/**
 * The box of latitudes and longitudes that holds every point within `km` of `center`, for
 * an index range before the exact distance; no longitude bound where the box would cross
 * the antimeridian or reach a pole.
 */
export function boundingBox(center: TPoint, km: number) {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = center.lat - dLat;
  const maxLat = center.lat + dLat;
  if (maxLat >= 90 || minLat <= -90) return { minLat, maxLat, minLon: undefined, maxLon: undefined };
  const dLon = dLat / Math.cos(rad(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  const minLon = center.lon - dLon;
  const maxLon = center.lon + dLon;
  if (minLon < -180 || maxLon > 180) return { minLat, maxLat, minLon: undefined, maxLon: undefined };
  return { minLat, maxLat, minLon, maxLon };
}

/** Answers of placeIdsWithin kept (the gazetteer never changes while the site runs). */
const WITHIN_CACHE_SIZE = 2_000;
const withinCache = new Map<string, number[]>();

/**
 * The ids of the places within `km` of `center` (placesWithin read once), kept in memory by
 * centre and radius: a near search's condition then is one array of ids, which the planner
 * plans in a fraction of the time the subquery's trigonometry takes it (2.9 ms at 100k ads).
 */
export async function placeIdsWithin(center: TPoint, km: number): Promise<number[]> {
  const key = `${center.lat},${center.lon},${km}`;
  const known = withinCache.get(key);
  if (known) return known;
  const rows = rowsOf<{ id: number }>(await db().execute(sql`SELECT id FROM ${placesWithin(center, km)} AS within`));
  const ids = rows.map((r) => Number(r.id));
  if (withinCache.size >= WITHIN_CACHE_SIZE) withinCache.delete(withinCache.keys().next().value as string);
  withinCache.set(key, ids);
  return ids;
}

/**
 * The ids of the places within `km` of `center`, as a subquery: the box through
 * places_position_idx, then the exact distance. Ads sit at their place, so an ad is within
 * the radius exactly when its place is.
 */
export function placesWithin(center: TPoint, km: number): SQL {
  const box = boundingBox(center, km);
  const lonRange =
    box.minLon === undefined
      ? sql``
      : sql` AND ${places.longitude} BETWEEN ${box.minLon}::float8 AND ${box.maxLon}::float8`;
  return sql`(SELECT ${places.id} FROM ${places}
    WHERE ${places.latitude} BETWEEN ${box.minLat}::float8 AND ${box.maxLat}::float8${lonRange}
      AND ${distanceSql(center)} <= ${km}::float8)`;
}
