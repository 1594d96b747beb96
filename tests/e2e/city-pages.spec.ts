import { expect, test } from '@playwright/test';
import Parser from 'rss-parser';

/**
 * City pages (/in/{place}, /in/{place}/{category}) and RSS feeds (/feed.xml) on the demo
 * catalogue, whose ads sit in real cities: a page lists the same ads as the near search and
 * the feed, names itself in its title and JSON-LD, and is linked from ad pages and the sitemap.
 */

type TCard = { heading: string; slug: string; category_slug: string };

test('a city page lists the ads near the place, is linked from an ad page and the sitemap, and its feed matches', async ({
  page,
  request,
}) => {
  const [denver] = (await (await request.get('/api/places?q=Denver')).json()).data;
  const near = await (await request.get(`/api/all-ads?near=${denver.id}&limit=50`)).json();
  expect(near.total).toBeGreaterThan(0);

  // Reached from an ad page.
  await page.goto(`/add-details/${near.ads[0].slug}`);
  await page.getByRole('link', { name: 'More ads in Denver, Colorado, US' }).click();
  await expect(page).toHaveURL(new RegExp(`/in/${denver.slug}$`));
  await expect(page).toHaveTitle(/^Ads in Denver, Colorado/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ads in Denver, Colorado');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/in/${denver.slug}$`));
  const headings = near.ads.map((a: TCard) => a.heading);
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(headings.slice(0, 10));
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const ld = blocks.map((b) => JSON.parse(b)).find((b) => b['@type'] === 'ItemList');
  expect(ld).toBeDefined();
  expect(ld.itemListElement.map((i: { name: string }) => i.name)).toEqual(headings.slice(0, 10));
  await page.screenshot({ path: test.info().outputPath('city-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('city-375.png'), fullPage: true });

  // One category there.
  const category = near.ads[0].category_slug;
  await page.goto(`/in/${denver.slug}/${category}`);
  const inCategory = near.ads.filter((a: TCard) => a.category_slug === category).map((a: TCard) => a.heading);
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(inCategory);

  // The feed of the same search, read with a real feed parser.
  const feedHref = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
  const res = await request.get(feedHref!);
  expect(res.headers()['content-type']).toContain('application/rss+xml');
  const feed = await new Parser().parseString(await res.text());
  expect(feed.items.map((i) => i.title)).toEqual(inCategory);
  for (const item of feed.items) {
    expect(item.link).toMatch(/\/add-details\//);
    expect(item.content).toMatch(/^(\$[\d,.]+|Free) · .*Colorado, US$/);
    expect(Number.isNaN(Date.parse(item.pubDate ?? ''))).toBe(false);
  }

  // Listed in the sitemap; an unknown place is a 404.
  const sitemap = await (await request.get('/sitemap-pages.xml')).text();
  expect(sitemap).toContain(`/in/${denver.slug}</loc>`);
  expect((await request.get('/in/no-such-place-anywhere')).status()).toBe(404);
});

test('the search page offers its RSS feed, and the feed holds the newest 50 ads of that search', async ({
  page,
  request,
}) => {
  await page.goto('/?psearchKeyword=sofa');
  const href = await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
  expect(href).toBe('/feed.xml?psearchKeyword=sofa');
  const feed = await new Parser().parseString(await (await request.get(href!)).text());
  const api = await (await request.get('/api/all-ads?search=sofa&limit=50')).json();
  expect(feed.items.map((i) => i.title)).toEqual(api.ads.map((a: TCard) => a.heading));
  const all = await new Parser().parseString(await (await request.get('/feed.xml')).text());
  expect(all.items.length).toBeLessThanOrEqual(50);
  expect(all.title).toBe('Newest classified ads');
});
