import { EDITOR_IMAGE_GRACE_MS } from '../../lib/limits.ts';
import { deleteImages } from '../../storage/images.ts';
import { listFilesWithDates } from '../../storage/storage.ts';
import { EDITOR_IMAGE_PREFIX, stillShownEditorImages } from '../ads/ad-files.ts';

/** `rte-{uuid}.webp` and its renditions `rte-{uuid}-400.webp`…; group 1 is the image. */
const EDITOR_FILE = new RegExp(
  `^(${EDITOR_IMAGE_PREFIX}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-\\d+)?\\.webp$`,
);

/**
 * Deletes editor images nobody kept: the editor stores an image as soon as it is picked, so
 * one put into a form that was never saved is shown by no ad description, page, FAQ answer,
 * testimonial or setting. Images younger than the grace period are left alone (their form
 * may still be open), and an image goes with all its renditions. Returns the stored names
 * (`rte-….webp`) of the images removed.
 */
export async function sweepEditorImages(options: { now?: number; graceMs?: number } = {}): Promise<string[]> {
  const cutoff = (options.now ?? Date.now()) - (options.graceMs ?? EDITOR_IMAGE_GRACE_MS);
  // An image's age is that of its newest file (a leftover rendition counts as the image).
  const newest = new Map<string, number>();
  for (const f of await listFilesWithDates({ prefix: `${EDITOR_IMAGE_PREFIX}-` })) {
    const image = EDITOR_FILE.exec(f.name)?.[1];
    if (image) newest.set(`${image}.webp`, Math.max(newest.get(`${image}.webp`) ?? 0, f.modifiedAt.getTime()));
  }
  const old = [...newest].filter(([, t]) => t < cutoff).map(([name]) => name);
  if (!old.length) return [];
  const shown = await stillShownEditorImages();
  const abandoned = old.filter((name) => !shown.has(name));
  await deleteImages(abandoned);
  return abandoned;
}

/**
 * sweepEditorImages for boot and the hourly job (queue `sweep-editor-images`): logs what it did.
 * At boot a failure is only logged (it never blocks a start); the job passes `rethrow` so that
 * pg-boss records the failure and retries.
 */
export async function runEditorImageSweep(options: { rethrow?: boolean } = {}): Promise<{ removed: number }> {
  try {
    const removed = await sweepEditorImages();
    if (removed.length) console.log(`[uploads] removed ${removed.length} abandoned editor image(s)`);
    return { removed: removed.length };
  } catch (err) {
    console.error('[uploads] sweeping abandoned editor images failed', err);
    if (options.rethrow) throw err;
    return { removed: 0 };
  }
}
