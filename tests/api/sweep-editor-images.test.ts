import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../../api/boot.ts';
import { db } from '../../api/db/client.ts';
import { ads, faqs, pages } from '../../api/db/schema/index.ts';
import { enqueue, jobQueue } from '../../api/jobs/queue.ts';
import { runQueuedJobs } from '../../api/jobs/workers.ts';
import { EDITOR_IMAGE_GRACE_MS } from '../../api/lib/limits.ts';
import { sweepEditorImages } from '../../api/services/uploads/sweep-editor-images.ts';
import { imageFiles } from '../../api/storage/images.ts';
import { listFiles, uploadsDir } from '../../api/storage/storage.ts';
import { imageOnDisk, makeAd, makeCategory, pngFile } from '../helpers/admin-fixtures.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

let admin = '';
let adminId = 0;
beforeAll(async () => {
  await setupTestDb();
  const made = await makeUser({ role: 'admin' });
  admin = made.token;
  adminId = made.user.id;
});

/** An image uploaded through the editor's image button: its stored name and URL. */
async function editorImage(colour = '#336699') {
  const body = new FormData();
  body.append('image', await pngFile('inline.png', colour));
  const res = await call('POST', '/uploads/image', { token: admin, form: body });
  expect(res.status).toBe(201);
  return { name: res.data.name as string, url: res.data.url as string };
}

/** Backdates every file of an image (local storage: the file's mtime). */
function age(name: string, ms: number) {
  const when = new Date(Date.now() - ms);
  for (const f of imageFiles(name)) fs.utimesSync(path.join(uploadsDir(), f), when, when);
}

const OLD = EDITOR_IMAGE_GRACE_MS + 3600_000;

describe(`sweeping abandoned editor images on ${driver}`, () => {
  it('removes old images no saved text shows, keeping referenced and fresh ones', async () => {
    const inFaq = await editorImage('#111111');
    const inPage = await editorImage('#222222');
    const inAd = await editorImage('#333333');
    const abandoned = await editorImage('#444444');
    const fresh = await editorImage('#555555');
    for (const img of [inFaq, inPage, inAd, abandoned]) age(img.name, OLD);
    // Just inside the grace period still counts as fresh.
    age(fresh.name, EDITOR_IMAGE_GRACE_MS - 60_000);

    await db()
      .insert(faqs)
      .values({ question: 'Pictured?', answer: `<p>Look:</p><img src="${inFaq.url}">` });
    await db()
      .insert(pages)
      .values({ name: 'Pictured page', slug: `pictured-${driver}`, content: `<img src="${inPage.url}">` });
    const ad = await makeAd({ userId: adminId, categoryId: (await makeCategory()).id });
    await db()
      .update(ads)
      .set({ description: `<p>Box</p><img src="${inAd.url}" alt="box">` })
      .where(eq(ads.id, ad.id));
    // An old ad photo is no editor image: the sweep never looks at it.
    age(ad.image as string, OLD);

    expect(await sweepEditorImages()).toEqual([abandoned.name]);
    expect(await imageOnDisk(abandoned.name)).toBe(false);
    for (const kept of [inFaq, inPage, inAd, fresh]) expect(await imageOnDisk(kept.name), kept.name).toBe(true);
    expect(await imageOnDisk(ad.image as string)).toBe(true);

    // Once its FAQ drops it, the referenced one is abandoned too (the FAQ service would
    // delete it itself; here the row is changed behind its back, as a crash might leave it).
    await db().update(faqs).set({ answer: '<p>No picture</p>' });
    expect(await sweepEditorImages()).toEqual([inFaq.name]);
    expect(await imageOnDisk(inFaq.name)).toBe(false);
  });

  it('removes a leftover rendition whose full-size copy is already gone', async () => {
    const img = await editorImage('#666666');
    age(img.name, OLD);
    fs.rmSync(path.join(uploadsDir(), img.name));
    expect(await sweepEditorImages()).toEqual([img.name]);
    expect((await listFiles()).filter((f) => f.startsWith(img.name.replace(/\.webp$/, '')))).toEqual([]);
  });

  it('runs at boot', async () => {
    const img = await editorImage('#777777');
    age(img.name, OLD);
    process.env.SEED_DEMO = '0';
    try {
      await boot();
    } finally {
      delete process.env.SEED_DEMO;
    }
    expect(await imageOnDisk(img.name)).toBe(false);
  });

  it('runs hourly as a scheduled job on the job queue', async () => {
    const boss = await jobQueue();
    const [schedule] = await boss.getSchedules('sweep-editor-images');
    expect(schedule?.cron).toBe('17 * * * *');
    const img = await editorImage('#888888');
    age(img.name, OLD);
    // What the schedule puts on the queue each hour, run as a worker would run it.
    await enqueue('sweep-editor-images', {});
    expect(await runQueuedJobs(['sweep-editor-images'])).toEqual({ ran: 1, failed: 0 });
    expect(await imageOnDisk(img.name)).toBe(false);
  });
});
