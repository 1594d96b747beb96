import type { APIRoute } from 'astro';
import { countSitemapAdFiles, listSitemapAds, urlSet } from '../../api/services/seo/sitemap.ts';
import { siteUrl } from '../lib/site-url.ts';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const page = Number(params.page);
  if (!Number.isInteger(page) || page < 1 || page > (await countSitemapAdFiles())) {
    return new Response('Not found', { status: 404 });
  }
  const base = siteUrl();
  const ads = await listSitemapAds({ page });
  const entries = ads.map((a) => ({ loc: `${base}/add-details/${encodeURIComponent(a.slug)}`, lastmod: a.updatedAt }));
  return new Response(urlSet(entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
};
