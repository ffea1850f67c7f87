import { distanceOutside, expandBox, maskBounds, type Bitmap } from '../../lib/image/bitmap';

/**
 * How unlike the photo around it each pixel of a mask looks: the distance of its 5x5 patch (RGB distance, RMS over
 * the patch) to the most similar 5x5 patch of the photo nearby, outside the mask. A mark's strokes, its glow and
 * its JPEG halo are new there; the photo a loosely painted mask covers (rock, grass, sky) is the same texture
 * as the photo beside it, and finds its like. This needs no estimate of what is behind the mark, whose
 * errors on textured photo are as large as a faint mark.
 */

/** Patch half-width: 5x5 patches. */
const HALF = 2;
/** Only patches within this many pixels are compared: the same texture, nearby. */
export const NOVELTY_REACH = 40;
/** Masks of more pixels than these are compared with a sparser grid of patches (every 3rd, 4th pixel). */
const DENSE_PIXELS = 16_000;
const MEDIUM_PIXELS = 64_000;
/** Candidate patches are bucketed in square cells of this side, for the search within reach. */
const CELL = 16;

/**
 * `pixels`: where to measure (1); `mask`: what the compared patches must lie wholly outside (the whole mask,
 * which may hold more than `pixels`); `image`: interleaved values, `c` channels (the first three are
 * compared). Returns, at each pixel of `pixels`, its novelty, or -1 where no patch of the photo is within
 * reach (deep inside a large mask).
 */
export function patchNovelty(
  pixels: Bitmap,
  mask: Bitmap,
  image: Float32Array,
  w: number,
  h: number,
  c: number,
): Float32Array {
  const out = new Float32Array(w * h);
  const bounds = maskBounds(pixels, w, h);
  if (!bounds) return out;
  let count = 0;
  for (let i = 0; i < pixels.length; i++) count += pixels[i];
  const step = count <= DENSE_PIXELS ? 2 : count <= MEDIUM_PIXELS ? 3 : 4;
  // Candidate patches: centres on a grid, wholly outside the mask and the image's border, in the cells a
  // pixel's search can reach (whole cells: up to CELL beyond the reach), not over the whole photo.
  const clear = distanceOutside(mask, w, h, HALF + 2);
  const cw = Math.ceil(w / CELL);
  const cells: number[][] = Array.from({ length: cw * Math.ceil(h / CELL) }, () => []);
  const near = expandBox(bounds, NOVELTY_REACH + CELL, w, h);
  for (let y = HALF; y < Math.min(h - HALF, near.y1); y += step) {
    if (y < near.y0) continue;
    for (let x = HALF; x < Math.min(w - HALF, near.x1); x += step) {
      if (x < near.x0) continue;
      const i = y * w + x;
      if (!mask[i] && clear[i] >= HALF + 1) cells[Math.floor(y / CELL) * cw + Math.floor(x / CELL)].push(i);
    }
  }
  const offsets: number[] = [];
  for (let dy = -HALF; dy <= HALF; dy++) for (let dx = -HALF; dx <= HALF; dx++) offsets.push(dy * w + dx);
  const area = offsets.length;
  const size = area * 3;
  // Each cell's patches copied side by side (read in order instead of 25 scattered rows per patch), made
  // when a pixel's search first reaches the cell and dropped once the scan is past its row of cells.
  const packed: (Float32Array | null)[] = new Array(cells.length).fill(null);
  // Each patch's mean and spread per channel: a patch whose means and spreads alone put it further than the best
  // so far is skipped.
  const packedMeans: (Float64Array | null)[] = new Array(cells.length).fill(null);
  const pack = (cell: number): Float32Array => {
    const list = cells[cell];
    const values = new Float32Array(list.length * size);
    const means = new Float64Array(list.length * 6);
    for (let n = 0; n < list.length; n++) {
      copyPatch(image, c, list[n], offsets, values, n * size);
      patchMeans(values, n * size, area, means, n * 6);
    }
    packedMeans[cell] = means;
    return (packed[cell] = values);
  };
  const query = new Float32Array(size);
  const queryMeans = new Float64Array(6);
  // The previous pixel's closest patch, tried first: its neighbour's match is nearly always close, and a close
  // best from the start lets the bounds below skip most patches. The minimum is the same in any order.
  let lastCell = -1;
  let lastAt = 0;
  let liveRow = 0;
  for (let y = bounds.y0; y < bounds.y1; y++) {
    const cy0 = Math.max(0, Math.floor((y - NOVELTY_REACH) / CELL));
    const cy1 = Math.min(Math.ceil(h / CELL) - 1, Math.floor((y + NOVELTY_REACH) / CELL));
    for (; liveRow < cy0; liveRow++) {
      packed.fill(null, liveRow * cw, (liveRow + 1) * cw);
      packedMeans.fill(null, liveRow * cw, (liveRow + 1) * cw);
    }
    for (let x = bounds.x0; x < bounds.x1; x++) {
      if (!pixels[y * w + x]) continue;
      // A pixel at the image's border is measured by the patch just inside it.
      const q = Math.min(h - 1 - HALF, Math.max(HALF, y)) * w + Math.min(w - 1 - HALF, Math.max(HALF, x));
      copyPatch(image, c, q, offsets, query, 0);
      patchMeans(query, 0, area, queryMeans, 0);
      const [m0, m1, m2, s0, s1, s2] = queryMeans;
      let best = Infinity;
      const cx0 = Math.max(0, Math.floor((x - NOVELTY_REACH) / CELL));
      const cx1 = Math.min(cw - 1, Math.floor((x + NOVELTY_REACH) / CELL));
      const lastX = lastCell % cw;
      const lastY = (lastCell - lastX) / cw;
      if (lastCell >= 0 && lastX >= cx0 && lastX <= cx1 && lastY >= cy0 && lastY <= cy1 && packed[lastCell])
        best = patchDistance(query, packed[lastCell]!, lastAt, size);
      for (let cy = cy0; cy <= cy1; cy++) {
        for (let cx = cx0; cx <= cx1; cx++) {
          const cell = cy * cw + cx;
          if (cells[cell].length === 0) continue;
          const values = packed[cell] ?? pack(cell);
          const means = packedMeans[cell]!;
          for (let b = 0, m = 0; b < values.length; b += size, m += 6) {
            // Per channel, the summed squares of a difference are its count times its mean squared plus those
            // of the centred difference, which are at least the squared difference of the two spreads (the
            // triangle inequality). The margins keep rounding from ever skipping the closest patch, so the result
            // is unchanged.
            const e0 = m0 - means[m];
            const e1 = m1 - means[m + 1];
            const e2 = m2 - means[m + 2];
            const f0 = s0 - means[m + 3];
            const f1 = s1 - means[m + 4];
            const f2 = s2 - means[m + 5];
            const bound = area * (e0 * e0 + e1 * e1 + e2 * e2) + f0 * f0 + f1 * f1 + f2 * f2;
            if (bound > best * (1 + 1e-9) + 1e-6) continue;
            const d = patchDistance(query, values, b, size, best);
            if (d < best) {
              best = d;
              lastCell = cell;
              lastAt = b;
            }
          }
        }
      }
      out[y * w + x] = best === Infinity ? -1 : Math.sqrt(best / area);
    }
  }
  return out;
}

/**
 * The summed squared difference of two packed patches, the same sums in the same order as over the photo itself.
 * Summing stops once it reaches `stopAt` (no better than the best so far: the rest cannot make it so).
 */
function patchDistance(
  query: Float32Array,
  values: Float32Array,
  at: number,
  size: number,
  stopAt = Infinity,
): number {
  let d = 0;
  for (let a = 0; a < size && d < stopAt; a += 3) {
    const d0 = query[a] - values[at + a];
    const d1 = query[a + 1] - values[at + a + 1];
    const d2 = query[a + 2] - values[at + a + 2];
    d += d0 * d0 + d1 * d1 + d2 * d2;
  }
  return d;
}

/** The first three channels of the patch centred at `centre`, in `offsets` order, into `into` from `at`. */
function copyPatch(
  image: Float32Array,
  c: number,
  centre: number,
  offsets: number[],
  into: Float32Array,
  at: number,
): void {
  for (let k = 0; k < offsets.length; k++) {
    const o = (centre + offsets[k]) * c;
    into[at + 3 * k] = image[o];
    into[at + 3 * k + 1] = image[o + 1];
    into[at + 3 * k + 2] = image[o + 2];
  }
}

/**
 * The mean of each of the three channels of a packed patch of `area` pixels, then each channel's spread: the
 * root of its summed squared deviations from that mean.
 */
function patchMeans(values: Float32Array, at: number, area: number, into: Float64Array, to: number): void {
  for (let k = 0; k < 3; k++) {
    let sum = 0;
    for (let p = 0; p < area; p++) sum += values[at + 3 * p + k];
    const mean = sum / area;
    let spread = 0;
    for (let p = 0; p < area; p++) spread += (values[at + 3 * p + k] - mean) ** 2;
    into[to + k] = mean;
    into[to + 3 + k] = Math.sqrt(spread);
  }
}
