import { asc } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';

/** The admin pages list: the summary fields (content is read per page). */
export async function listPages() {
  return db()
    .select({
      id: pages.id,
      name: pages.name,
      slug: pages.slug,
      template: pages.template,
      seokeyword: pages.seokeyword,
      showInFooter: pages.showInFooter,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .orderBy(asc(pages.id));
}
