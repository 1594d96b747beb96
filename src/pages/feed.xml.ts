import type { APIRoute } from 'astro';
import { AppError } from '../../api/errors.ts';
import { listAds } from '../../api/services/search/list-ads.ts';
import { FEED_SIZE, rssFeed } from '../../api/services/seo/rss.ts';
import { formatPrice } from '../components/ads/format.ts';
import { readBrowseFilters } from '../lib/browse-filters.ts';
import { browseListOptions, resolveBrowseNear } from '../lib/browse-near.ts';
import { siteUrl } from '../lib/site-url.ts';

/**
 * RSS 2.0 for any search: the home page's parameters (keyword, category, price, near,
 * radius) and its newest 50 ads, each with title, link, price, place and date. A value the
 * search would refuse is dropped, as the page does.
 */
export const GET: APIRoute = async ({ url }) => {
  const filters = readBrowseFilters(url.searchParams);
  const near = await resolveBrowseNear(filters);
  const base = siteUrl();
  let result: Awaited<ReturnType<typeof listAds>>;
  try {
    result = await listAds({
      page: 1,
      limit: FEED_SIZE,
      ...browseListOptions(filters, near),
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 503) throw err;
    return new Response(err.message, { status: 503, headers: { 'retry-after': '5', 'content-type': 'text/plain' } });
  }
  const parts = [
    filters.search && `“${filters.search}”`,
    filters.category && `in ${filters.category}`,
    filters.nearLabel && `near ${filters.nearLabel}`,
  ].filter(Boolean);
  const query = url.search;
  const xml = rssFeed(
    {
      title: parts.length ? `Classified ads ${parts.join(' ')}` : 'Newest classified ads',
      link: `${base}/${query}`,
      description: 'The newest ads for this search.',
      self: `${base}/feed.xml${query}`,
    },
    result.ads.map((ad) => ({
      title: ad.heading,
      link: `${base}/add-details/${encodeURIComponent(ad.slug)}`,
      price: formatPrice(ad.price),
      place: 'place' in ad && ad.place ? ad.place.label : ad.location,
      date: new Date(ad.created_at),
      category: ad.category,
    })),
  );
  return new Response(xml, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
};
