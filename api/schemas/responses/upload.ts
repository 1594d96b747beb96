import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';

/** POST /api/uploads/image: where the stored image is served. */
export const ZEditorImage = z
  .object({
    success: z.literal(true),
    message: z.string(),
    url: z.string().openapi({ description: 'The 1200px rendition under /uploads, for the editor’s <img src>.' }),
    name: z.string().openapi({ description: 'The stored file name.' }),
  })
  .openapi('EditorImage');
