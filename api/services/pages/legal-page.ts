import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';

/** The fixed legal screens and the page record each keeps its date (and optional own text) in. */
export const LEGAL_PAGES = {
  'terms-of-service': { name: 'Terms of Service', seokeyword: 'terms of service, terms, rules' },
  'privacy-policy': { name: 'Privacy Policy', seokeyword: 'privacy policy, personal data, cookies' },
} as const;
export type TLegalSlug = keyof typeof LEGAL_PAGES;

/** When the built-in Terms and Privacy texts were last revised: their "Last updated" until an admin saves the page. */
export const BUILT_IN_LEGAL_DATE = new Date('2024-12-01T00:00:00Z');

/** "December 2024": the legal screens date their text by month, as published policies do. */
export function formatLegalDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * The page record behind /terms-of-service or /privacy-policy: its `updatedAt` is the screen's
 * "Last updated" date, and its content, once an admin writes some in Pages, replaces the
 * built-in text. The record is made the first time the screen is shown, dated when the built-in
 * text was last revised (December 2024); saving the page in the admin moves the date.
 */
export async function getLegalPage(slug: TLegalSlug) {
  const read = () => db().select().from(pages).where(eq(pages.slug, slug)).limit(1);
  let [page] = await read();
  if (!page) {
    const { name, seokeyword } = LEGAL_PAGES[slug];
    [page] = await db()
      .insert(pages)
      .values({ name, slug, seokeyword, template: 'default', updatedAt: BUILT_IN_LEGAL_DATE })
      .onConflictDoNothing({ target: pages.slug })
      .returning();
    // Another request made it first.
    page ??= (await read())[0];
  }
  return { updatedAt: page?.updatedAt ?? new Date(), content: sanitizeRichText(page?.content) };
}
