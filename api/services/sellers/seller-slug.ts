import { slugify } from '../../lib/slug.ts';

/**
 * A seller page's slug: the user's id, then their name as a slug ("12-emma-jones"). The id
 * finds the seller, so a changed name never breaks an old link; the name is for people and
 * search engines. A name with no letters or digits leaves just the id.
 */
export function sellerSlug(user: { id: number; name: string }): string {
  const name = slugify(user.name).slice(0, 60).replace(/-+$/, '');
  return name ? `${user.id}-${name}` : String(user.id);
}
