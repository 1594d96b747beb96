import { readMultipart } from '../lib/multipart.ts';
import { limitUploads } from '../middleware/rate-limit.ts';
import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonResponse, multipartBody } from '../openapi/route.ts';
import { dataEnvelope } from '../schemas/responses/common.ts';
import { ZPublicSettings, ZSettingsRecord } from '../schemas/responses/settings.ts';
import { ZSettingsUpdate } from '../schemas/settings.ts';
import { getPublicSettings, getSettings } from '../services/settings/get-settings.ts';
import { updateSettings } from '../services/settings/update-settings.ts';

const tags: ['Settings'] = ['Settings'];

export const settingsRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/get-settings',
      operationId: 'getPublicSettings',
      summary: 'The site settings and the category list every page shows',
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'shared',
      responses: {
        // The legacy clients read a list and use its first element.
        200: jsonResponse('A list holding the one settings record.', dataEnvelope(ZPublicSettings.array())),
      },
    }),
    async (c) => {
      const settings = await getPublicSettings();
      return c.json({ success: true as const, data: [settings], message: 'Settings loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/settings',
      operationId: 'getSettings',
      summary: 'The site settings, for the admin settings form',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware: requireAdmin,
      responses: { 200: jsonResponse('The settings.', dataEnvelope(ZSettingsRecord)) },
    }),
    async (c) => c.json({ success: true as const, data: await getSettings(), message: 'Settings loaded' }, 200),
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/update-settings',
      operationId: 'updateSettings',
      summary: 'Change the site settings, optionally with a new logo',
      tags,
      access: 'admin',
      bodyLimit: 'oneImageForm',
      rateLimits: ['upload'],
      load: 'counted',
      pageCache: 'empties',
      middleware: requireAdmin,
      request: {
        body: multipartBody(ZSettingsUpdate, {
          logo: { description: 'A new logo; without it the logo stays.' },
        }),
      },
      responses: { 200: jsonResponse('Updated.', dataEnvelope(ZSettingsRecord)) },
    }),
    async (c) => {
      const { fields, files } = await readMultipart(c, ZSettingsUpdate, {
        countUpload: limitUploads,
        files: { logo: 1 },
      });
      const data = await updateSettings({ input: fields, logo: files.logo?.[0] ?? null });
      return c.json({ success: true as const, data, message: 'Settings updated successfully' }, 200);
    },
  );
