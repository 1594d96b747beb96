import type { TApiData } from '../../lib/api.ts';

/** An ad as GET /api/ads/{id} answers it. */
type TAdRecord = TApiData<'/api/ads/:id'>['adsData'];

export type TValues = {
  heading: string;
  category: string;
  description: string;
  price: string;
  rating: string;
  location: string;
  /** The gazetteer place (the place picker), or none. */
  place: { id: number; label: string } | null;
  features: { value: string }[];
  featured: boolean;
};

export const EMPTY: TValues = {
  heading: '',
  category: '',
  description: '',
  price: '',
  rating: '',
  location: '',
  place: null,
  features: [{ value: '' }],
  featured: false,
};

function parseList<T>(text: string | null | undefined): T[] {
  try {
    const v: unknown = JSON.parse(text || '[]');
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** The stored ad as form values: features as rows (one empty row when there are none). */
export function adToValues(ad: TAdRecord): TValues {
  const feats = parseList<{ value?: unknown }>(ad.features)
    .map((f) => ({ value: typeof f === 'string' ? f : String(f?.value ?? '') }))
    .filter((f) => f.value.trim() !== '');
  return {
    heading: ad.heading,
    category: ad.category,
    description: ad.description,
    price: String(ad.price),
    rating: String(ad.rating),
    location: ad.location,
    place: ad.place ? { id: ad.place.id, label: ad.place.label } : null,
    features: feats.length ? feats : [{ value: '' }],
    featured: ad.make_as_featured === 'Y',
  };
}

/** The file names of the ad's gallery (stored as JSON text). */
export const galleryNames = (ad: TAdRecord) => parseList<string>(ad.galleryimages).filter((n) => typeof n === 'string');
