import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias, PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileSql } from '../../api/db/compile-sql.ts';
import { ads, categories } from '../../api/db/schema/index.ts';
import { narrowFacts, narrowWhere } from '../../api/services/search/narrow-search.ts';

const drizzle = new PgDialect();

describe('compileSql', () => {
  const k = alias(categories, 'k');
  const statements = {
    'text, columns, tables and values': sql`SELECT ${ads.id}, ${ads.heading} FROM ${ads} WHERE ${ads.price} > ${10} AND ${ads.slug} = ${'a "b" \'c\''}`,
    'operators (Param with encoders), null and booleans': and(
      eq(ads.id, 3),
      gte(ads.createdAt, new Date(0)),
      sql`${null}::int IS NULL`,
      sql`${true}`,
    ),
    'a list of values': sql`SELECT 1 WHERE ${ads.id} IN ${[1, 2, 3]}`,
    'an alias and a name': sql`SELECT ${k.id} FROM ${categories} ${k} WHERE ${sql.identifier('weird "name"')} = 1`,
    'raw text and empty parts': sql`${sql.raw('SELECT 1')}${undefined} ${sql.empty()}`,
    'the search conditions': narrowWhere(
      { terms: ['bike', 'red:*'], categoryKeys: [sql`NULL`, sql`NULL`], minPrice: 10, createdFrom: new Date(0) },
      3,
    ),
    'the search facts': narrowFacts({ terms: ['bike'], categoryKeys: [sql`NULL`], maxPrice: 500 }, 3),
  };
  for (const [name, statement] of Object.entries(statements)) {
    it(`writes ${name} exactly as drizzle does`, () => {
      const ours = compileSql(statement as ReturnType<typeof sql>);
      const theirs = drizzle.sqlToQuery(statement as ReturnType<typeof sql>);
      expect(ours).not.toBeNull();
      expect(ours?.sql).toBe(theirs.sql);
      expect(ours?.params).toEqual(theirs.params);
    });
  }

  it('leaves to drizzle what it does not know', () => {
    expect(compileSql(sql`SELECT ${sql.placeholder('id')}`)).toBeNull();
    const ids = new QueryBuilder().select({ id: ads.id }).from(ads);
    expect(compileSql(sql`SELECT 1 WHERE ${inArray(ads.id, ids)}`)).toBeNull();
    expect(compileSql(sql`SELECT ${5}`.inlineParams())).toBeNull();
  });
});
