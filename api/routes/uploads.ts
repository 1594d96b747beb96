import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { readMultipart } from '../lib/multipart.ts';
import { limitEditorImages } from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import { uploadEditorImage } from '../services/uploads/upload-editor-image.ts';

export const uploadRoutes = new Hono<AppEnv>()
  // The rich-text editor's image button: multipart `image` (or `file`) → { url }.
  .post('/uploads/image', requireUser, async (c) => {
    const user = c.var.user!;
    await limitEditorImages(user.id);
    const { files } = await readMultipart(c, z.object({}), { files: { image: 1, file: 1 } });
    const file = files.image?.[0] ?? files.file?.[0];
    if (!file) throw new AppError('BAD_REQUEST', 'Please choose an image.');
    const { name, url } = await uploadEditorImage({ file });
    return c.json({ success: true, message: 'Image uploaded', url, name }, 201);
  });
