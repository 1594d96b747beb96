import { z } from 'zod';
import { optionalText } from './fields.ts';

/** searchPlaces' query: the text a visitor typed into a place field (none yet: no places). */
export const ZPlaceQuery = z.object({ q: optionalText(100) });
export type TPlaceQuery = z.infer<typeof ZPlaceQuery>;
