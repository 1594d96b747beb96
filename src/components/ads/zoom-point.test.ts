import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointOnPhoto, scrollToKeep } from './zoom-point.ts';

describe('zooming the photo viewer at the pointer', () => {
  it('reads the point on a letterboxed photo, not on its element', () => {
    // A 4:3 photo in a 1000 × 500 frame is drawn 666.7 wide, centred.
    const box = { left: 0, top: 0, width: 1000, height: 500 };
    expect(pointOnPhoto(box, 4 / 3, 500, 250)).toEqual({ fx: 0.5, fy: 0.5 });
    const right = pointOnPhoto(box, 4 / 3, 833.33, 500);
    expect(right.fx).toBeCloseTo(1, 3);
    expect(right.fy).toBe(1);
    // A click in the black band beside the photo counts as its edge.
    expect(pointOnPhoto(box, 4 / 3, 10, 250).fx).toBe(0);
  });

  it('keeps the clicked point under the pointer after zooming', () => {
    const frame = { width: 1000, height: 600 };
    const zoomed = { width: 2000, height: 1500 };
    const at = scrollToKeep({ fx: 0.75, fy: 0.8 }, { px: 700, py: 400 }, zoomed, frame);
    expect(at).toEqual({ left: 800, top: 800 });
    // Never past the edges.
    expect(scrollToKeep({ fx: 0, fy: 0 }, { px: 500, py: 300 }, zoomed, frame)).toEqual({ left: 0, top: 0 });
    expect(scrollToKeep({ fx: 1, fy: 1 }, { px: 0, py: 0 }, zoomed, frame)).toEqual({ left: 1000, top: 900 });
  });

  it('puts the point under the pointer whenever the scroll range allows it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 600 }),
        (fx, fy, px, py) => {
          const zoomed = { width: 2000, height: 1500 };
          const at = scrollToKeep({ fx, fy }, { px, py }, zoomed, { width: 1000, height: 600 });
          const wantLeft = fx * 2000 - px;
          if (wantLeft >= 0 && wantLeft <= 1000) expect(Math.abs(at.left + px - fx * 2000)).toBeLessThanOrEqual(0.5);
          expect(at.left).toBeGreaterThanOrEqual(0);
          expect(at.top).toBeLessThanOrEqual(900);
        },
      ),
    );
  });
});
