import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FIXED_PAGE_SLUGS,
  isPublishedPageSlug,
  isReservedPageSlug,
  publicPagePath,
} from '../../api/constants/page-addresses.ts';
import { slugify } from '../../api/lib/slug.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The first path segment each entry of src/pages (and public/) answers, as a page slug would spell it. */
function topLevelSlugs(dir: string) {
  return fs
    .readdirSync(path.join(root, dir))
    .filter((name) => !name.startsWith('['))
    .map((name) => slugify(name.replace(/\.(astro|ts)$/, '')))
    .filter(Boolean);
}

describe('page addresses', () => {
  it('keeps every fixed route and public file of the site away from created pages', () => {
    for (const slug of [...topLevelSlugs('src/pages'), ...topLevelSlugs('public')]) {
      expect(isPublishedPageSlug(slug), `/${slug} is a route of the site`).toBe(false);
      expect(isReservedPageSlug(slug) || FIXED_PAGE_SLUGS.has(slug), slug).toBe(true);
    }
  });

  it('publishes ordinary slugs at /<slug>, fixed pages at their own screen, and nothing else', () => {
    expect(isPublishedPageSlug('shipping-returns')).toBe(true);
    expect(publicPagePath('shipping-returns')).toBe('/shipping-returns');
    expect(publicPagePath('about-us')).toBe('/about-us');
    expect(isPublishedPageSlug('about-us')).toBe(false);
    for (const slug of ['admin', 'api', '_astro', 'sitemap-ads-1-xml', '']) {
      expect(isPublishedPageSlug(slug), slug).toBe(false);
      expect(publicPagePath(slug)).toBeNull();
    }
  });
});
