import { describe, expect, it } from 'vitest';
import { adFormBody, EMPTY, type TValues } from './ad-form-values.ts';

const values: TValues = {
  ...EMPTY,
  heading: '  Oak table ',
  category: 'furniture',
  description: '<p>Solid oak.</p>',
  price: ' 120 ',
  rating: '4',
  location: ' Austin, TX ',
  features: [{ value: ' Extendable ' }, { value: '  ' }, { value: 'Solid wood' }],
};
const entries = (body: FormData) => [...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : 'file']);

describe('adFormBody', () => {
  it('sends a new ad in the legacy fields, trimmed, with no place when none was chosen', () => {
    const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    const body = adFormBody(values, { image: photo, gallery: [photo], existing: [], removed: [] });
    expect(entries(body)).toEqual([
      ['heading', 'Oak table'],
      ['description', '<p>Solid oak.</p>'],
      ['category', 'furniture'],
      ['price', '120'],
      ['rating', '4'],
      ['location', 'Austin, TX'],
      [
        'features',
        JSON.stringify([
          { id: 1, value: 'Extendable' },
          { id: 2, value: 'Solid wood' },
        ]),
      ],
      ['make_as_featured', 'N'],
      ['image', 'file'],
      ['gallery[]', 'file'],
    ]);
  });

  it('sends an edit with its id, the place (or none) and the gallery kept and removed', () => {
    const edit = adFormBody(
      { ...values, featured: true, place: { id: 7, label: 'Austin, Texas, US' }, features: [] },
      { id: '42', gallery: [], existing: ['a.webp'], removed: ['b.webp'] },
    );
    expect(edit.get('id')).toBe('42');
    expect(edit.get('place_id')).toBe('7');
    expect(edit.get('features')).toBe('');
    expect(edit.get('make_as_featured')).toBe('Y');
    expect(edit.get('esitingGalleryImages')).toBe('["a.webp"]');
    expect(edit.get('removedGalleryImages')).toBe('["b.webp"]');
    expect(edit.has('image')).toBe(false);
    // A place cleared on edit is sent empty, so the ad loses it.
    expect(adFormBody(values, { id: '42', gallery: [], existing: [], removed: [] }).get('place_id')).toBe('');
  });
});
