import { inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { places } from '../../db/schema/index.ts';
import { haversineKm, roundKm, type TPoint } from './geo.ts';
import { placeLabel } from './place-rows.ts';

/** An ad's place as answers carry it. */
export type TAdPlace = { id: number; label: string; slug: string; lat: number; lon: number };

/** A place's columns as the site reads them (label from name, region and country). */
export const placeReadColumns = {
  id: places.id,
  name: places.name,
  region: places.region,
  country: places.country,
  slug: places.slug,
  lat: places.latitude,
  lon: places.longitude,
};

/** The places of `ids`, one small read by primary key. */
export async function readPlaces(ids: number[]): Promise<Map<number, TAdPlace>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db().select(placeReadColumns).from(places).where(inArray(places.id, unique));
  return new Map(rows.map((r) => [r.id, { id: r.id, label: placeLabel(r), slug: r.slug, lat: r.lat, lon: r.lon }]));
}

/** A card in a near search with its `distance_km` from `center` (one decimal), where it has a place. */
export function withDistance<T extends { place?: TAdPlace }>(card: T, center: TPoint | undefined) {
  return center && card.place ? { ...card, distance_km: roundKm(haversineKm(center, card.place)) } : card;
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

/** `place` in an answer only where the ad has one (from placeJsonSql's text). */
export const placeField = (json: string | null) => {
  const place = fromPlaceJson(json);
  return place ? { place } : {};
};

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
