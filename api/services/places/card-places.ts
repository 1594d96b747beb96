import { inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { places } from '../../db/schema/index.ts';
import { haversineKm, roundKm, type TPoint } from './geo.ts';
import { placeLabel } from './place-rows.ts';

/** An ad's place as answers carry it. */
export type TAdPlace = { id: number; label: string; slug: string; lat: number; lon: number };

/** The places of `ids`, one small read by primary key. */
export async function readPlaces(ids: number[]): Promise<Map<number, TAdPlace>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db()
    .select({
      id: places.id,
      name: places.name,
      region: places.region,
      country: places.country,
      slug: places.slug,
      lat: places.latitude,
      lon: places.longitude,
    })
    .from(places)
    .where(inArray(places.id, unique));
  return new Map(rows.map((r) => [r.id, { id: r.id, label: placeLabel(r), slug: r.slug, lat: r.lat, lon: r.lon }]));
}

/**
 * Cards (or an ad) with their `place`, and in a near search their `distance_km` from
 * `center` (one decimal): the page's places are read once, by id.
 */
export async function withPlaces<T extends { place_id: number | null }>(rows: T[], center?: TPoint) {
  const found = await readPlaces(rows.map((r) => r.place_id).filter((id): id is number => id !== null));
  return rows.map(({ place_id, ...row }) => {
    const place = place_id === null ? undefined : found.get(place_id);
    return {
      ...row,
      ...(place ? { place } : {}),
      ...(place && center ? { distance_km: roundKm(haversineKm(center, place)) } : {}),
    };
  });
}

/** The position a near search measures from: the place's own, or the point given. */
export async function resolveNear(
  near: { kind: 'place'; id: number } | { kind: 'point'; lat: number; lon: number },
): Promise<(TPoint & { place?: TAdPlace }) | null> {
  if (near.kind === 'point') return { lat: near.lat, lon: near.lon };
  const place = (await readPlaces([near.id])).get(near.id);
  return place ? { lat: place.lat, lon: place.lon, place } : null;
}

/** An ad's place as JSON text in the same statement (null without one): fromPlaceJson reads it. */
export const placeJsonSql = (placeId: SQLWrapper) =>
  sql<string | null>`(SELECT json_build_object('id', p.id, 'name', p.name, 'region', p.region,
    'country', p.country, 'slug', p.slug, 'lat', p.latitude, 'lon', p.longitude)::text
    FROM places p WHERE p.id = ${placeId})`;

/** The place of placeJsonSql as answers carry it, or undefined. */
export function fromPlaceJson(text: string | null): TAdPlace | undefined {
  if (!text) return undefined;
  const p = JSON.parse(text) as {
    id: number;
    name: string;
    region: string | null;
    country: string;
    slug: string;
    lat: number;
    lon: number;
  };
  return { id: p.id, label: placeLabel(p), slug: p.slug, lat: Number(p.lat), lon: Number(p.lon) };
}
