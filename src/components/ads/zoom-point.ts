/** A box on screen: where it starts and how big it is (a DOMRect has these). */
export type TBox = { left: number; top: number; width: number; height: number };

/**
 * Where on the photo a click landed, as fractions of its width and height (0–1), for an image
 * drawn with `object-fit: contain` inside `box`: the photo is letterboxed, so the fraction is
 * of the drawn picture, not of the element.
 */
export function pointOnPhoto(box: TBox, ratio: number, clientX: number, clientY: number): { fx: number; fy: number } {
  const wide = box.width / box.height > ratio;
  const drawnWidth = wide ? box.height * ratio : box.width;
  const drawnHeight = wide ? box.height : box.width / ratio;
  const left = box.left + (box.width - drawnWidth) / 2;
  const top = box.top + (box.height - drawnHeight) / 2;
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  return { fx: clamp((clientX - left) / drawnWidth), fy: clamp((clientY - top) / drawnHeight) };
}

/**
 * The scroll offsets that put the point (fx, fy) of a photo drawn `zoomedWidth` wide back under
 * the pointer at (px, py) within the scrolling frame, kept inside what can be scrolled.
 */
export function scrollToKeep(
  point: { fx: number; fy: number },
  pointer: { px: number; py: number },
  zoomed: { width: number; height: number },
  frame: { width: number; height: number },
): { left: number; top: number } {
  const keep = (offset: number, max: number) => Math.round(Math.min(Math.max(0, offset), Math.max(0, max)));
  return {
    left: keep(point.fx * zoomed.width - pointer.px, zoomed.width - frame.width),
    top: keep(point.fy * zoomed.height - pointer.py, zoomed.height - frame.height),
  };
}
