import { arrayOverlaps, eq, inArray, or } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, passwordResetTokens, sessions, users, wishlistItems } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { deleteImage } from '../../storage/images.ts';
import { USER_NOT_FOUND } from './get-user.ts';
import { assertNotLastAdmin, LAST_ADMIN_DELETE } from './last-admin.ts';

/**
 * Deletes a user with everything that is theirs — sessions, reset tokens, wishlist, ads
 * (and other users' wishlist entries for those ads) — in one transaction. The ads' image
 * files are removed only after the commit, so a rollback never leaves rows without files.
 */
export async function deleteUser({ id }: { id: number }) {
  const files = await db().transaction(async (tx) => {
    const rows = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
    if (!rows[0]) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    if (rows[0].role === 'admin') await assertNotLastAdmin(tx, LAST_ADMIN_DELETE);
    const owned = await tx
      .delete(ads)
      .where(eq(ads.userId, id))
      .returning({ image: ads.image, gallery: ads.galleryImages });
    await tx.delete(wishlistItems).where(eq(wishlistItems.userId, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    await tx.delete(users).where(eq(users.id, id));
    return owned.flatMap((a) => [a.image, ...a.gallery]).filter((f): f is string => !!f);
  });
  await deleteUnreferencedImages(files);
}

/** Removes image files no remaining ad points at (demo data may share a file between ads). */
async function deleteUnreferencedImages(files: string[]) {
  if (!files.length) return;
  const unique = [...new Set(files)];
  const still = await db()
    .select({ image: ads.image, gallery: ads.galleryImages })
    .from(ads)
    .where(or(inArray(ads.image, unique), arrayOverlaps(ads.galleryImages, unique)));
  const used = new Set(still.flatMap((a) => [a.image, ...a.gallery]));
  await Promise.all(unique.filter((f) => !used.has(f)).map((f) => deleteImage(f)));
}
