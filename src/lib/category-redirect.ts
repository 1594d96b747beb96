import { listCategoriesCached } from '../../api/services/categories/list-categories.ts';
import { movedCategorySlug } from '../../api/services/categories/moved-category-slug.ts';

/**
 * Where a Browse Ads List URL with an old category slug now lives (the same URL with the
 * category's current slug), or null. The pages answer it with 301 (docs/RULES.md, Slugs).
 */
export async function movedCategoryUrl(url: URL): Promise<string | null> {
  const slug = url.searchParams.get('pselectedCategory');
  if (!slug || slug.length > 300) return null;
  // A slug some category has now never moved (the usual link): only another one is looked up,
  // so a category page costs no query here. The list is the header's own cached one.
  if ((await listCategoriesCached()).some((c) => c.slug === slug)) return null;
  const moved = await movedCategorySlug(slug);
  if (!moved) return null;
  const params = new URLSearchParams(url.searchParams);
  params.set('pselectedCategory', moved);
  return `${url.pathname}?${params}`;
}
