import { z } from 'zod';
import { AppError } from '../errors.ts';
import { readMultipart } from '../lib/multipart.ts';
import { limitEditorImages, limitUploads } from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonResponse, multipartBody } from '../openapi/route.ts';
import { ZEditorImage } from '../schemas/responses/upload.ts';
import { uploadEditorImage } from '../services/uploads/upload-editor-image.ts';

export const uploadRoutes = createRouter()
  // The rich-text editor's image button: multipart `image` (or `file`) → { url }.
  .openapi(
    declareRoute({
      method: 'post',
      path: '/uploads/image',
      operationId: 'uploadEditorImage',
      summary: 'Store an image for a rich-text field; answers its URL',
      tags: ['Uploads'],
      access: 'user',
      bodyLimit: 'oneImageForm',
      rateLimits: ['editorImage', 'upload'],
      load: 'counted',
      pageCache: 'keeps',
      middleware: requireUser,
      request: {
        body: multipartBody(z.object({}), {
          image: { description: 'The image (or send it as `file`).' },
          file: { description: 'The same as `image`, for editors that name it so.' },
        }),
      },
      responses: { 201: jsonResponse('Stored.', ZEditorImage) },
    }),
    async (c) => {
      const user = c.var.user!;
      await limitEditorImages(user.id);
      const { files } = await readMultipart(c, z.object({}), {
        countUpload: limitUploads,
        files: { image: 1, file: 1 },
      });
      const file = files.image?.[0] ?? files.file?.[0];
      if (!file) throw new AppError('BAD_REQUEST', 'Please choose an image.');
      const { name, url } = await uploadEditorImage({ file });
      return c.json({ success: true as const, message: 'Image uploaded', url, name }, 201);
    },
  );
