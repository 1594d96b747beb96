import type { APIRoute } from 'astro';
import { listPublishedPages } from '../../api/services/pages/published-pages.ts';
import { listSitemapPlaces } from '../../api/services/places/city-page.ts';
import { listSitemapSellers } from '../../api/services/sellers/sitemap-sellers.ts';
import { listSitemapCategories, STATIC_PATHS, urlSet } from '../../api/services/seo/sitemap.ts';
import { siteUrl } from '../lib/site-url.ts';

export const prerender = false;

export const GET: APIRoute = async () => {
  const base = siteUrl();
  const [categories, sellers, pages, cities] = await Promise.all([
    listSitemapCategories(),
    listSitemapSellers(),
    listPublishedPages(),
    listSitemapPlaces(),
  ]);
  const entries = [
    ...STATIC_PATHS.map((p) => ({ loc: `${base}${p}` })),
    ...categories.map((slug) => ({ loc: `${base}/?pselectedCategory=${encodeURIComponent(slug)}` })),
    // Seller pages, only while the seller has ads on offer.
    ...sellers.map((s) => ({ loc: `${base}${s.path}`, lastmod: s.lastmod })),
    // City pages, for the places public ads are at.
    ...cities.map((slug) => ({ loc: `${base}/in/${encodeURIComponent(slug)}` })),
    // Pages created in the admin, at /<slug>.
    ...pages.map((p) => ({ loc: `${base}/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
  ];
  return new Response(urlSet(entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
};
