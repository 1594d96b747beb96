import { describe, expect, it } from 'vitest';
import { issuesFromAnswer, issuesFromChecks, issuesFromFormErrors, sniffImage, sniffImageFile } from './form-errors.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage', () => {
  it('knows each type the server accepts by its first bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImage(bytes('GIF89a'))).toBe('gif');
    expect(sniffImage(bytes('GIF87a'))).toBe('gif');
    expect(sniffImage(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe('avif');
  });
  it('refuses text, truncated signatures and other RIFF files', () => {
    expect(sniffImage(bytes('hello, this is text'))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
  it('reads a chosen file: a text file named photo.jpg is not an image', async () => {
    expect(await sniffImageFile(new File(['just text'], 'photo.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(await sniffImageFile(new File([bytes([0xff, 0xd8, 0xff, 0xdb, 1, 2])], 'a.jpg'))).toBe('jpeg');
  });
});

describe('error mapping', () => {
  it('flattens react-hook-form errors in order, nested rows with dotted names', () => {
    const errors = {
      heading: { type: 'too_small', message: 'Please enter heading.', ref: {} },
      features: [undefined, { value: { type: 'x', message: 'Too long.' } }],
      price: { type: 'x', message: 'Please enter price.' },
    };
    expect(issuesFromFormErrors(errors)).toEqual([
      { field: 'heading', message: 'Please enter heading.' },
      { field: 'features.1.value', message: 'Too long.' },
      { field: 'price', message: 'Please enter price.' },
    ]);
  });
  it('reads a field called message or type as a field, not as the error’s own text', () => {
    const errors = {
      email: { type: 'invalid_format', message: 'Please enter a valid email.' },
      message: { type: 'too_small', message: 'Please enter your message.', ref: {} },
    };
    expect(issuesFromFormErrors(errors)).toEqual([
      { field: 'email', message: 'Please enter a valid email.' },
      { field: 'message', message: 'Please enter your message.' },
    ]);
  });
  it('maps the server fields the form knows, renamed where asked', () => {
    const answer = {
      success: false,
      fields: [
        { path: 'email', message: 'Please enter a valid email.' },
        { path: 'website', message: 'x' },
        { path: 'esitingGalleryImages', message: 'y' },
      ],
    };
    expect(issuesFromAnswer(answer, ['email', 'gallery'], { esitingGalleryImages: 'gallery' })).toEqual([
      { field: 'email', message: 'Please enter a valid email.' },
      { field: 'gallery', message: 'y' },
    ]);
    expect(issuesFromAnswer({ success: false, message: 'no fields' }, ['email'])).toEqual([]);
  });
  it('hand-written checks: the first failing check of each field', () => {
    expect(
      issuesFromChecks([
        ['name', true, 'Please enter your name.'],
        ['email', false, 'Please enter your email.'],
        ['email', false, 'Please enter a valid email.'],
        ['message', false, 'Please enter your message.'],
      ]),
    ).toEqual([
      { field: 'email', message: 'Please enter your email.' },
      { field: 'message', message: 'Please enter your message.' },
    ]);
  });
});
