import { ZSellerQuery } from '../../api/schemas/seller.ts';
import { getCityPage } from '../../api/services/places/city-page.ts';

export type TCityPage = NonNullable<Awaited<ReturnType<typeof getCityPage>>>;

/**
 * A city page's data from its address (the page's own frontmatter calls it, so a missing
 * place or an empty one can answer 404 before anything is sent).
 */
export async function loadCityPage(url: URL, placeSlug: string, categorySlug?: string) {
  const query = ZSellerQuery.safeParse({ page: url.searchParams.get('page') ?? undefined });
  const city = await getCityPage({ placeSlug, categorySlug, page: query.success ? query.data.page : 1 });
  const found = !!city && city.result.total > 0 && city.result.ads.length > 0;
  return { city, found };
}
