import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstName,
  REVIEW_EDIT_DAYS,
  ratingSummary,
  reviewEditable,
  reviewEditableUntil,
} from '../../api/constants/reviews.ts';

const DAY = 86_400_000;

describe('review arithmetic', () => {
  it('averages stars to one decimal within half a tenth of the mean, between 1 and 5', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 500 }), (stars) => {
        const sum = stars.reduce((a, b) => a + b, 0);
        const { average, count } = ratingSummary(sum, stars.length);
        expect(count).toBe(stars.length);
        expect(average).not.toBeNull();
        expect(average!).toBeGreaterThanOrEqual(Math.min(...stars));
        expect(average!).toBeLessThanOrEqual(Math.max(...stars));
        expect(Math.abs(average! - sum / stars.length)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.round(average! * 10)).toBeCloseTo(average! * 10, 9);
      }),
    );
  });

  it('rounds a half up and has no average without reviews', () => {
    expect(ratingSummary(89, 20)).toEqual({ average: 4.5, count: 20 }); // 4.45
    expect(ratingSummary(13, 3)).toEqual({ average: 4.3, count: 3 });
    expect(ratingSummary(0, 0)).toEqual({ average: null, count: 0 });
  });

  it('keeps a review editable for exactly 14 days', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 30 * DAY }),
        (createdAt, elapsed) => {
          const now = new Date(createdAt.getTime() + elapsed);
          expect(reviewEditable(createdAt, now)).toBe(elapsed < REVIEW_EDIT_DAYS * DAY);
          expect(reviewEditable(createdAt, now)).toBe(now < reviewEditableUntil(createdAt));
        },
      ),
    );
  });

  it('shows a buyer by first name, and a deleted one as a former member', () => {
    expect(firstName('Liam  Smith')).toBe('Liam');
    expect(firstName(' Emma ')).toBe('Emma');
    expect(firstName(null)).toBe('Former member');
  });
});
