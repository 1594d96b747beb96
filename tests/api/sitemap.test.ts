import { beforeAll, describe, expect, it } from 'vitest';
import {
  countSitemapAdFiles,
  listSitemapAds,
  listSitemapCategories,
  sitemapIndex,
  urlSet,
  xmlEscape,
} from '../../api/services/seo/sitemap.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

beforeAll(async () => {
  await setupTestDb();
});

describe(`sitemap on ${driver}`, () => {
  it('lists every ad and category, in one ad file while there are few ads', async () => {
    const { user } = await makeUser();
    const cat = await insertCategory({ name: 'Boats' });
    const slugs: string[] = [];
    for (let i = 0; i < 5; i++)
      slugs.push((await insertAd({ heading: `Boat ${i}`, categoryId: cat.id, userId: user.id })).slug);
    expect(await countSitemapAdFiles()).toBe(1);
    const listed = await listSitemapAds({ page: 1 });
    expect(listed.map((a) => a.slug)).toEqual(slugs);
    expect(listed[0]?.updatedAt).toBeInstanceOf(Date);
    expect(await listSitemapAds({ page: 2 })).toEqual([]);
    expect(await listSitemapCategories()).toContain(cat.slug);
  });

  it('writes well-formed, escaped XML', () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    const xml = urlSet([{ loc: 'http://x.test/?a=1&b=2', lastmod: new Date('2026-01-02T03:04:05Z') }]);
    expect(xml).toContain('<loc>http://x.test/?a=1&amp;b=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>');
    expect(sitemapIndex(['http://x.test/sitemap-pages.xml'])).toContain('<sitemapindex');
  });
});
