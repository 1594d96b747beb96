import { createRouter, declareRoute, jsonResponse } from '../openapi/route.ts';
import { ZPlaceQuery } from '../schemas/place.ts';
import { dataEnvelope } from '../schemas/responses/common.ts';
import { ZPlaceRecord } from '../schemas/responses/place.ts';
import { searchPlaces } from '../services/places/search-places.ts';

const tags: ['Places'] = ['Places'];

/** The gazetteer (decision 0019): what the place pickers ask. */
export const placeRoutes = createRouter().openapi(
  declareRoute({
    method: 'get',
    path: '/places',
    operationId: 'searchPlaces',
    summary: 'Up to 10 places whose name starts with or is close to the text, biggest first',
    tags,
    access: 'public',
    bodyLimit: 'none',
    rateLimits: [],
    load: 'counted',
    pageCache: 'shared',
    request: { query: ZPlaceQuery },
    responses: { 200: jsonResponse('The places.', dataEnvelope(ZPlaceRecord.array())) },
  }),
  async (c) => {
    const { q } = c.req.valid('query');
    return c.json({ success: true as const, data: await searchPlaces({ q }), message: 'Places loaded' }, 200);
  },
);
