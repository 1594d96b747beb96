import { Hono } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { readMultipart } from '../lib/multipart.ts';
import { requireUser } from '../middleware/session.ts';
import { uploadEditorImage } from '../services/uploads/upload-editor-image.ts';

/** Editor images per signed-in user per hour: enough to write, not enough to fill a disk. */
const EDITOR_UPLOADS_PER_HOUR = 120;
const editorUploads = new RateLimiterMemory({
  keyPrefix: 'editor-image',
  points: EDITOR_UPLOADS_PER_HOUR,
  duration: 3600,
});

export const uploadRoutes = new Hono<AppEnv>()
  // The rich-text editor's image button: multipart `image` (or `file`) → { url }.
  .post('/uploads/image', requireUser, async (c) => {
    const user = c.var.user!;
    try {
      await editorUploads.consume(String(user.id));
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      const retry = String(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      throw new AppError('TOO_MANY_REQUESTS', 'Too many image uploads. Please try again later.', {
        headers: { 'Retry-After': retry },
      });
    }
    const { files } = await readMultipart(c, z.object({}));
    const file = files.image?.[0] ?? files.file?.[0];
    if (!file) throw new AppError('BAD_REQUEST', 'Please choose an image.');
    const { name, url } = await uploadEditorImage({ file });
    return c.json({ success: true, message: 'Image uploaded', url, name }, 201);
  });
