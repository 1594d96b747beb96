import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';

/** A gazetteer place as the place pickers show it. */
export const ZPlaceRecord = z
  .object({
    id: z.number().int().positive().openapi({ description: 'GeoNames id.', example: 4781708 }),
    name: z.string().openapi({ example: 'Richmond' }),
    region: z.string().nullable().openapi({ description: 'The admin1 name, where known.', example: 'Virginia' }),
    country: z.string().openapi({ description: 'ISO 3166-1 alpha-2 code.', example: 'US' }),
    label: z.string().openapi({ example: 'Richmond, Virginia, US' }),
    slug: z.string().openapi({ example: 'richmond-virginia-us' }),
    lat: z.number().openapi({ example: 37.55376 }),
    lon: z.number().openapi({ example: -77.46026 }),
  })
  .openapi('Place');
