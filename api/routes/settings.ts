import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { readMultipart } from '../lib/multipart.ts';
import { requireAdmin } from '../middleware/session.ts';
import { ZSettingsUpdate } from '../schemas/settings.ts';
import { getPublicSettings, getSettings } from '../services/settings/get-settings.ts';
import { updateSettings } from '../services/settings/update-settings.ts';

export const settingsRoutes = new Hono<AppEnv>()
  // Public: SPEC.md §7 says data is a list whose first element is used.
  .get('/get-settings', async (c) => {
    const settings = await getPublicSettings();
    return c.json({ success: true, data: [settings], message: 'Settings loaded' });
  })
  .get('/settings', requireAdmin, async (c) => {
    return c.json({ success: true, data: await getSettings(), message: 'Settings loaded' });
  })
  .post('/update-settings', requireAdmin, async (c) => {
    const { fields, files } = await readMultipart(c, ZSettingsUpdate, { files: { logo: 1 } });
    const data = await updateSettings({ input: fields, logo: files.logo?.[0] ?? null });
    return c.json({ success: true, data, message: 'Settings updated successfully' });
  });
