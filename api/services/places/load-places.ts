import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/rows-of.ts';
import { readPlaceRows } from './place-rows.ts';

/** Rows per statement: a few large statements load the table in seconds on PGlite too. */
const CHUNK = 20_000;

/**
 * Fills the places table once, after the migrations (it is empty only on a fresh database):
 * the gazetteer is ~135,000 rows, too large for a migration file, and comes from a package
 * (decision 0019). Each chunk travels as one JSON parameter unpacked by json_to_recordset, so
 * the load is a handful of statements on either database. The tests load it once into the
 * template every test file copies (tests/helpers/global-setup.ts runs migrate()).
 */
export async function loadPlaces({ db }: { db: Db }): Promise<{ loaded: number }> {
  const [{ present }] = rowsOf<{ present: boolean }>(
    await db.execute(sql`SELECT EXISTS (SELECT 1 FROM places) AS present`),
  );
  if (present) return { loaded: 0 };
  const rows = readPlaceRows();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
      await tx.execute(sql`
        INSERT INTO places (id, name, region, region_code, country, latitude, longitude, population, slug)
        SELECT id, name, region, "regionCode", country, latitude, longitude, population, slug
        FROM json_to_recordset(${chunk}::json) AS r(id integer, name text, region text, "regionCode" text, country text,
          latitude double precision, longitude double precision, population integer, slug text)
        ON CONFLICT DO NOTHING`);
    }
  });
  return { loaded: rows.length };
}
