import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, passwordResetTokens, sessions, users, wishlistItems } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { releaseAdFiles } from '../ads/ad-files.ts';
import { USER_NOT_FOUND } from './get-user.ts';
import { assertNotLastAdmin, LAST_ADMIN_DELETE, lockUserAndAdmins } from './last-admin.ts';

/**
 * Deletes a user with everything that is theirs — sessions, reset tokens, wishlist, ads
 * (and other users' wishlist entries for those ads) — in one transaction. The ads' image
 * files are removed only after the commit, so a rollback never leaves rows without files.
 */
export async function deleteUser({ id }: { id: number }) {
  const files = await db().transaction(async (tx) => {
    const { target, adminCount } = await lockUserAndAdmins(tx, id);
    if (!target) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    if (target.role === 'admin') assertNotLastAdmin(adminCount, LAST_ADMIN_DELETE);
    const owned = await tx
      .delete(ads)
      .where(eq(ads.userId, id))
      .returning({ image: ads.image, gallery: ads.galleryImages, description: ads.description });
    await tx.delete(wishlistItems).where(eq(wishlistItems.userId, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    await tx.delete(users).where(eq(users.id, id));
    return {
      images: owned.flatMap((a) => [a.image, ...a.gallery]),
      html: owned.map((a) => a.description),
    };
  });
  // Only files nothing else still shows (demo ads may share one), editor images included.
  await releaseAdFiles(files);
}
