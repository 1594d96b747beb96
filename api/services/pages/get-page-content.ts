import { sanitizeRichText } from '../../lib/sanitize.ts';
import { listPlans } from '../memberships/list-plans.ts';
import { listTestimonials } from '../testimonials/list-testimonials.ts';
import { getPageBySlug } from './get-page-by-slug.ts';

export const ABOUT_US_SLUG = 'about-us';

/**
 * Public page data (GET /api/get-content/{slug}): the page's content and how-we-work HTML, and
 * for the about-us page (or any page on the aboutus template) the testimonials and plans
 * too. About-us always answers, so the plans show even before the page is written.
 * Returns null for an unknown page.
 */
export async function getPageContent({ slug }: { slug: string }) {
  const page = await getPageBySlug({ slug });
  const isAbout = slug === ABOUT_US_SLUG || page?.template === 'aboutus';
  if (!page && !isAbout) return null;
  const base = {
    id: page?.id ?? null,
    name: page?.name ?? 'About Us',
    slug,
    template: page?.template ?? 'aboutus',
    seokeyword: page?.seokeyword ?? '',
    // Stored sanitised; cleaned again here (also turns &nbsp; into spaces: docs/RULES.md, Rich text).
    content: sanitizeRichText(page?.content),
    howwework: sanitizeRichText(page?.howwework),
  };
  if (!isAbout) return base;
  const [testimonials, plans] = await Promise.all([listTestimonials(), listPlans()]);
  return {
    ...base,
    testimonials: testimonials.map((t) => ({ ...t, description: sanitizeRichText(t.description) })),
    plans,
  };
}
export type TPageContent = NonNullable<Awaited<ReturnType<typeof getPageContent>>>;
