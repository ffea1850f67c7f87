import type { FloatImage } from './float-image';
import { distanceInside } from '../../lib/image/bitmap';

/**
 * Removes what an inexact inversion leaves along the mark's outline. Where a region of the mark was
 * inverted with a slightly wrong colour or opacity (overlapping shapes, the pieces of a gradient, a glow's
 * edge), the recovered pixels come out shifted by a near-constant amount: a faint coloured patch whose
 * edges are exactly the mark's outline. The photo itself does not step there. So the result is rebuilt in
 * the gradient domain: every difference between neighbouring pixels is kept, except across the outline
 * (where the inverted opacity steps), where the photo is asked to continue; the pixels outside the mask
 * stay fixed. A patch's offset is then set by its surroundings instead of by the wrong fit, while the
 * texture the inversion recovered inside it stays as it was.
 */

/** Opacity step between neighbours from which their difference is entirely the mark's, not the photo's. */
const FULL_STEP = 0.15;
/** Opacity change under which two neighbours are taken as on the same side of the outline. */
const SAME_SIDE = 0.05;
const OMEGA = 1.9;
const MAX_ITERATIONS = 400;
/** Largest change of a sweep (8-bit levels) under which the solve has settled. */
const SETTLED = 0.05;

/**
 * `alpha` is the opacity inverted per pixel (0 untouched, 1 filled); `region` the mask. Changes `image`
 * in place inside the region only.
 */
export function smoothOverOutline(image: FloatImage, region: Uint8Array, alpha: Float32Array): void {
  const { width: w, height: h, channels: c, data } = image;
  let count = 0;
  for (let i = 0; i < region.length; i++) count += region[i];
  if (!count) return;
  const ids = new Int32Array(count);
  for (let i = 0, n = 0; i < region.length; i++) if (region[i]) ids[n++] = i;
  // Per pixel and neighbour (right, left, down, up): the share of their difference to drop, and how many
  // neighbours the pixel has.
  const offsets = [1, -1, w, -w];
  const drop = new Float32Array(count * 4);
  const degree = new Uint8Array(count);
  let any = false;
  for (let n = 0; n < count; n++) {
    const i = ids[n];
    const x = i % w;
    const y = (i - x) / w;
    const inside = [x < w - 1, x > 0, y < h - 1, y > 0];
    for (let d = 0; d < 4; d++) {
      if (!inside[d]) continue;
      degree[n]++;
      const t = Math.min(1, Math.abs(alpha[i] - alpha[i + offsets[d]]) / FULL_STEP);
      drop[n * 4 + d] = t;
      if (t > 0) any = true;
    }
  }
  if (!any) return;
  // The correction `delta` wants delta(j) - delta(i) = -t * (image(j) - image(i)) across each edge, and 0
  // outside the region: solved by over-relaxed Gauss-Seidel from zero.
  const depth = distanceInside(region, w, h);
  let deepest = 0;
  for (const i of ids) deepest = Math.max(deepest, depth[i]);
  const iterations = Math.min(MAX_ITERATIONS, Math.round(40 + 6 * deepest));
  const delta = new Float32Array(w * h * c);
  const rhs = new Float32Array(count * c);
  for (let n = 0; n < count; n++) {
    const i = ids[n];
    for (let d = 0; d < 4; d++) {
      const t = drop[n * 4 + d];
      if (!t) continue;
      const j = i + offsets[d];
      // What the photo does across the outline is guessed from the step just before it on i's side and
      // just after it on j's side, where the opacity does not change: a slope continues, an offset does not.
      const x = i % w;
      const y = (i - x) / w;
      const dx = d === 0 ? 1 : d === 1 ? -1 : 0;
      const dy = d === 2 ? 1 : d === 3 ? -1 : 0;
      const b = inImage(x - dx, y - dy, w, h) ? i - offsets[d] : -1;
      const f = inImage(x + 2 * dx, y + 2 * dy, w, h) ? j + offsets[d] : -1;
      const before = b >= 0 && Math.abs(alpha[b] - alpha[i]) < SAME_SIDE;
      const after = f >= 0 && Math.abs(alpha[f] - alpha[j]) < SAME_SIDE;
      const sides = (before ? 1 : 0) + (after ? 1 : 0);
      for (let k = 0; k < c; k++) {
        let slope = 0;
        if (before) slope += data[i * c + k] - data[b * c + k];
        if (after) slope += data[f * c + k] - data[j * c + k];
        if (sides) slope /= sides;
        rhs[n * c + k] += t * (data[j * c + k] - data[i * c + k] - slope);
      }
    }
  }
  for (let it = 0; it < iterations; it++) {
    let largest = 0;
    for (let n = 0; n < count; n++) {
      const i = ids[n];
      const x = i % w;
      const y = (i - x) / w;
      for (let k = 0; k < c; k++) {
        let sum = rhs[n * c + k];
        if (x < w - 1) sum += delta[(i + 1) * c + k];
        if (x > 0) sum += delta[(i - 1) * c + k];
        if (y < h - 1) sum += delta[(i + w) * c + k];
        if (y > 0) sum += delta[(i - w) * c + k];
        const o = i * c + k;
        const change = OMEGA * (sum / degree[n] - delta[o]);
        delta[o] += change;
        if (change > largest) largest = change;
        else if (-change > largest) largest = -change;
      }
    }
    // Settled: further sweeps would move no pixel by a visible amount.
    if (largest < SETTLED) break;
  }
  for (const i of ids)
    for (let k = 0; k < c; k++) {
      const o = i * c + k;
      const v = data[o] + delta[o];
      data[o] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
}

function inImage(x: number, y: number, w: number, h: number): boolean {
  return x >= 0 && y >= 0 && x < w && y < h;
}
