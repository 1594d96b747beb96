import { parseNear, type TNear } from '../../api/schemas/near.ts';
import { readPlaces } from '../../api/services/places/card-places.ts';
import type { TBrowseFilters } from '../components/ads/format.ts';

/**
 * A page's near filter made ready to search (server side): a known place gets its label, a
 * position is "Your location", and a place the gazetteer does not have (an old or edited
 * link) is dropped with its radius and distance order, like any value the API would refuse.
 */
export async function resolveBrowseNear(filters: TBrowseFilters): Promise<TNear | undefined> {
  const near = filters.near ? parseNear(filters.near) : null;
  if (!near) return undefined;
  if (near.kind === 'point') {
    filters.nearLabel = 'Your location';
    return near;
  }
  const place = (await readPlaces([near.id])).get(near.id);
  if (place) {
    filters.nearLabel = place.label;
    return near;
  }
  Object.assign(filters, {
    near: '',
    nearLabel: '',
    radius: '',
    sort: filters.sort === 'distance' ? '' : filters.sort,
  });
  return undefined;
}

/**
 * The ad list's options for a page's filters (the Browse Ads List and its RSS feed read the
 * same ads): words, category, prices, the resolved near place and its radius.
 */
export function browseListOptions(filters: TBrowseFilters, near: TNear | undefined) {
  return {
    search: filters.search,
    category: filters.category,
    minPrice: filters.minPrice ? Number(filters.minPrice) : undefined,
    maxPrice: filters.maxPrice ? Number(filters.maxPrice) : undefined,
    near,
    radiusKm: filters.radius ? Number(filters.radius) : undefined,
  };
}
