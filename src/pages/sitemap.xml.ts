import type { APIRoute } from 'astro';
import { countSitemapAdFiles, sitemapIndex } from '../../api/services/seo/sitemap.ts';
import { siteUrl } from '../lib/site-url.ts';

export const prerender = false;

/** A sitemap index: the content pages and categories, then the ads in files of 40,000. */
export const GET: APIRoute = async () => {
  const base = siteUrl();
  const files = await countSitemapAdFiles();
  const locs = [
    `${base}/sitemap-pages.xml`,
    ...Array.from({ length: files }, (_, i) => `${base}/sitemap-ads-${i + 1}.xml`),
  ];
  return new Response(sitemapIndex(locs), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
};
