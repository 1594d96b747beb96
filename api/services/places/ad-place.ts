import { sql } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import { placeForLocation } from './attach-places.ts';
import { readPlaces } from './card-places.ts';

export const PLACE_UNKNOWN = 'Please choose a place from the list.';

/**
 * The place columns of an ad being saved. `place_id` chosen: that place (400 when there is
 * none); sent empty (null): no place; not sent: the place the location text names (as older
 * clients send only the text), or on an edit that kept the text, the place it had.
 */
export async function placeColumns(
  input: { place_id?: number | null; location: string },
  current?: { location: string },
) {
  if (input.place_id === null) return { placeId: null, placeChecked: true };
  if (input.place_id !== undefined) {
    if (!(await readPlaces([input.place_id])).has(input.place_id)) throw new AppError('BAD_REQUEST', PLACE_UNKNOWN);
    return { placeId: input.place_id, placeChecked: true };
  }
  if (current && current.location === input.location) return {};
  return { placeId: sql`${placeForLocation(sql`${input.location}::text`)}`, placeChecked: true };
}
