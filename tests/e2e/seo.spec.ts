import { expect, test } from '@playwright/test';

test('search engines find every ad and page through robots.txt and the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  const sitemapUrl = /Sitemap: (\S+)/.exec(robots)?.[1] ?? '';
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);

  const index = await request.get('/sitemap.xml');
  expect(index.headers()['content-type']).toContain('application/xml');
  const indexXml = await index.text();
  expect(indexXml).toContain('/sitemap-pages.xml');
  expect(indexXml).toContain('/sitemap-ads-1.xml');

  const pagesXml = await (await request.get('/sitemap-pages.xml')).text();
  for (const path of ['/about-us', '/faqs', '/category', '/membership', '/contact-us'])
    expect(pagesXml).toContain(path);
  const categories = (await (await request.get('/api/get-settings')).json()).data[0].categories as { slug: string }[];
  expect(pagesXml).toContain(`?pselectedCategory=${categories[0]?.slug}`);

  const list = await (await request.get('/api/all-ads?limit=100')).json();
  const adsXml = await (await request.get('/sitemap-ads-1.xml')).text();
  expect((adsXml.match(/<url>/g) ?? []).length).toBe(list.total);
  expect(adsXml).toContain(`/add-details/${list.ads[0].slug}`);
  expect((await request.get('/sitemap-ads-99.xml')).status()).toBe(404);
});
