import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';

export async function getPageBySlug({ slug }: { slug: string }) {
  const rows = await db().select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return rows[0] ?? null;
}
export type TPage = typeof pages.$inferSelect;
