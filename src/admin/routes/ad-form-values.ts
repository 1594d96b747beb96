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

/**
 * The multipart body of createAd (no id) or updateAd: the legacy field names, the features as
 * `[{ id, value }]` JSON, the photos chosen, and on edit the gallery kept and removed.
 */
export function adFormBody(
  values: TValues,
  o: { id?: string; image?: File; gallery: File[]; existing: string[]; removed: string[] },
): FormData {
  const body = new FormData();
  if (o.id !== undefined) body.append('id', o.id);
  body.append('heading', values.heading.trim());
  body.append('description', values.description);
  body.append('category', values.category);
  body.append('price', values.price.trim());
  body.append('rating', values.rating);
  body.append('location', values.location.trim());
  // No place on a new ad: the server finds the one the location names, if any.
  if (values.place || o.id !== undefined) body.append('place_id', values.place ? String(values.place.id) : '');
  const feats = values.features.map((f) => f.value.trim()).filter(Boolean);
  body.append('features', feats.length ? JSON.stringify(feats.map((value, i) => ({ id: i + 1, value }))) : '');
  body.append('make_as_featured', values.featured ? 'Y' : 'N');
  if (o.image) body.append('image', o.image);
  for (const g of o.gallery) body.append('gallery[]', g);
  if (o.id !== undefined) {
    body.append('esitingGalleryImages', JSON.stringify(o.existing));
    body.append('removedGalleryImages', JSON.stringify(o.removed));
  }
  return body;
}
