/**
 * A selection's mask (1 = selected, row by row) grown by `radius` pixels in every direction (a square's reach,
 * which at a few pixels looks no different from a disc). Two passes per axis keep it linear in the pixels.
 */
export function growMask(on: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return on;
  const rows = new Uint8Array(on.length);
  for (let y = 0; y < height; y++) spread(on, rows, y * width, 1, width, radius);
  const grown = new Uint8Array(on.length);
  for (let x = 0; x < width; x++) spread(rows, grown, x, width, height, radius);
  return grown;
}

/** One line of `count` pixels from `start`, `step` apart: each is on when an on pixel is within `radius`. */
function spread(
  from: Uint8Array,
  to: Uint8Array,
  start: number,
  step: number,
  count: number,
  radius: number,
) {
  let last = -Infinity;
  for (let i = 0; i < count; i++) {
    if (from[start + i * step]) last = i;
    if (i - last <= radius) to[start + i * step] = 1;
  }
  last = Infinity;
  for (let i = count - 1; i >= 0; i--) {
    if (from[start + i * step]) last = i;
    if (last - i <= radius) to[start + i * step] = 1;
  }
}

/**
 * How far a tap selection is grown before it is removed: 1.2 % of its box's diagonal, 3 px at least (in the
 * mask's pixels), as the server grows a detector's mask; a fill that starts on the object's very edge leaves
 * its outline behind.
 */
export function removalGrowth(on: Uint8Array, width: number, height: number, minimum = 3): number {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let i = 0; i < on.length; i++) {
    if (!on[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  if (right < 0) return 0;
  return Math.max(minimum, Math.round(0.012 * Math.hypot(right - left, bottom - top)));
}
