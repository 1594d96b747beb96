import type { APIRoute } from 'astro';
import { listSitemapCategories, STATIC_PATHS, urlSet } from '../../api/services/seo/sitemap.ts';
import { siteUrl } from '../lib/site-url.ts';

export const prerender = false;

export const GET: APIRoute = async () => {
  const base = siteUrl();
  const categories = await listSitemapCategories();
  const entries = [
    ...STATIC_PATHS.map((p) => ({ loc: `${base}${p}` })),
    ...categories.map((slug) => ({ loc: `${base}/?pselectedCategory=${encodeURIComponent(slug)}` })),
  ];
  return new Response(urlSet(entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
};
