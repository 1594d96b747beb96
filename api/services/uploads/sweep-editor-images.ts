import { EDITOR_IMAGE_GRACE_MS, EDITOR_IMAGE_SWEEP_INTERVAL_MS } from '../../lib/limits.ts';
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

/** sweepEditorImages for boot and the timer: logs what it did or why it failed, never throws. */
export async function runEditorImageSweep(): Promise<void> {
  try {
    const removed = await sweepEditorImages();
    if (removed.length) console.log(`[uploads] removed ${removed.length} abandoned editor image(s)`);
  } catch (err) {
    console.error('[uploads] sweeping abandoned editor images failed', err);
  }
}

// Shared through globalThis: the server script and the built app each load their own copy
// of this module, and one timer per process is enough.
const TIMER = Symbol.for('marketplace.editorImageSweep');

/**
 * Sweeps every EDITOR_IMAGE_SWEEP_INTERVAL_MS from now on, once per process (idempotent).
 * The timer is unref'd: it never keeps a script or test run alive. Returns a stop function.
 */
export function scheduleEditorImageSweep(everyMs = EDITOR_IMAGE_SWEEP_INTERVAL_MS): () => void {
  const g = globalThis as Record<symbol, NodeJS.Timeout | undefined>;
  if (!g[TIMER]) {
    let running = false;
    const timer = setInterval(async () => {
      if (running) return; // a slow sweep (a large bucket) is not started twice
      running = true;
      await runEditorImageSweep();
      running = false;
    }, everyMs);
    timer.unref();
    g[TIMER] = timer;
  }
  return () => {
    clearInterval(g[TIMER]);
    g[TIMER] = undefined;
  };
}
