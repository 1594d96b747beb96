import { describe, expect, it } from 'vitest';
import { isBlankHtml, ZAdCreate, ZAdForm, ZAdUpdate } from './ad.ts';

const valid = {
  heading: 'Bike',
  description: '<p>Fast</p>',
  category: 'bikes',
  price: '120.456',
  rating: '4',
  location: 'Oslo',
};

describe('ZAdForm (shared by the form and the API)', () => {
  it('reports the ad form messages in order, first failing field first', () => {
    const r = ZAdForm.safeParse({
      heading: ' ',
      description: '<p></p>',
      category: '',
      price: '',
      rating: '',
      location: '',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Please enter heading.',
      'Please enter description.',
      'Please select category.',
      'Please enter price.',
      'Please select rating.',
      'Please enter location.',
    ]);
    expect(ZAdForm.safeParse({}).error?.issues[0]?.message).toBe('Please enter heading.');
  });

  it('parses price and rating from text or numbers', () => {
    expect(ZAdForm.parse(valid)).toMatchObject({ price: 120.46, rating: 4 });
    expect(ZAdForm.parse({ ...valid, price: 5, rating: 2 })).toMatchObject({ price: 5, rating: 2 });
    expect(ZAdForm.safeParse({ ...valid, price: '1e3' }).error?.issues[0]?.message).toBe('Please enter a valid price.');
    expect(ZAdForm.safeParse({ ...valid, price: '-1' }).error?.issues[0]?.message).toBe('Price cannot be negative.');
    expect(ZAdForm.safeParse({ ...valid, rating: '0' }).error?.issues[0]?.message).toBe(
      'Rating must be between 1 and 5.',
    );
  });
});

describe('ZAdCreate / ZAdUpdate', () => {
  it('reads features and the Featured flag', () => {
    const r = ZAdCreate.parse({
      ...valid,
      features: '[{"id":7,"value":" A "},{"id":8,"value":""}]',
      make_as_featured: 'Y',
    });
    expect(r.features).toEqual([{ id: 1, value: 'A' }]);
    expect(r.make_as_featured).toBe('Y');
    expect(ZAdCreate.parse(valid)).toMatchObject({ features: [], make_as_featured: 'N' });
    expect(ZAdCreate.safeParse({ ...valid, make_as_featured: 'maybe' }).success).toBe(false);
  });

  it('drops unknown keys (no mass assignment)', () => {
    const r = ZAdUpdate.parse({ ...valid, id: '3', user_id: '1', slug: 'x', owner: 'me' });
    expect(r).not.toHaveProperty('user_id');
    expect(r).not.toHaveProperty('slug');
    expect(r.id).toBe(3);
  });

  it('reads the gallery lists as file names', () => {
    const r = ZAdUpdate.parse({
      ...valid,
      id: 1,
      esitingGalleryImages: '["/uploads/a.webp","b.webp"]',
      removedGalleryImages: '',
    });
    expect(r.esitingGalleryImages).toEqual(['a.webp', 'b.webp']);
    expect(r.removedGalleryImages).toBeUndefined();
    expect(ZAdUpdate.safeParse({ ...valid, id: 1, removedGalleryImages: '{' }).success).toBe(false);
  });
});

describe('isBlankHtml', () => {
  it('sees an empty editor as blank and an image as content', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><img src="/uploads/x.webp"></p>')).toBe(false);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });
});
