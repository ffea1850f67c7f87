import type { RawImage } from '../../lib/image/raw-image';
import { dilate } from '../../lib/image/bitmap';
import { boxMean, luma } from '../text-marks/maps';
import { shrinkArea } from '../../lib/image/area-resample';
import { autocorrelation } from './fft';
import { TILE_MIN_AGREEMENT, TILE_MIN_STRENGTH } from './tuned-thresholds';
import { medianInPlace } from '../../lib/median';

type Vector = [number, number];

/** Two independent steps by which a tiled mark repeats, in pixels of the image they were found on. */
export interface Lattice {
  steps: [Vector, Vector];
  /** How far the weaker step's autocorrelation peak stands above its surroundings. */
  strength: number;
}

/**
 * The repetition is searched for at this size on the long side. The FFT, square and padded against wrap, is
 * 1024 wide from 257 to 512 px, so 512 costs no more than the 320 used before it; at 320 a grid of small thin
 * words (a stock preview's) blurs into the photo (docs/lab/watermark-detect.md, part 28).
 */
const LATTICE_SIDE = 512;
/** The strongest autocorrelation peaks among which a pair closing a lattice is sought. */
const TOP_PEAKS = 12;
/** A repeat must stand at least this far above the autocorrelation around it (tuned-thresholds.ts). */
export const MIN_STRENGTH = TILE_MIN_STRENGTH;

/** Luma minus its local mean: the strokes of a mark, and the photo's own detail, without its shading. */
function highPass(image: RawImage, radius: number, clip = Infinity): Float32Array {
  const y = luma(image);
  const mean = boxMean(y, image.width, image.height, radius);
  let sum = 0;
  for (let i = 0; i < y.length; i++) {
    y[i] = Math.max(-clip, Math.min(clip, y[i] - mean[i]));
    sum += y[i];
  }
  const avg = sum / y.length;
  for (let i = 0; i < y.length; i++) y[i] -= avg;
  return y;
}

function shrinkTo(image: RawImage, side: number): RawImage {
  const scale = side / Math.max(image.width, image.height);
  if (scale >= 1) return image;
  return shrinkArea(
    image,
    Math.max(1, Math.round(image.width * scale)),
    Math.max(1, Math.round(image.height * scale)),
  );
}

/**
 * The lattice of a mark tiled over the photo, or null: two strong peaks of the autocorrelation (away from no
 * shift) that point in different directions and close a grid. A photo's own structure correlates along its
 * lines (a horizon repeats along itself), so one direction is never enough; a tiled mark repeats along two.
 */
export function findLattice(image: RawImage): Lattice | null {
  const small = shrinkTo(image, LATTICE_SIDE);
  const { width: w, height: h } = small;
  const hp = highPass(small, 3, 40);
  const at = autocorrelation(hp, w, h);
  const maxX = Math.floor(w / 2.2);
  const maxY = Math.floor(h / 2.2);
  const gw = 2 * maxX + 1;
  const grid = new Float32Array(gw * (maxY + 1));
  for (let dy = 0; dy <= maxY; dy++)
    for (let dx = -maxX; dx <= maxX; dx++) grid[dy * gw + dx + maxX] = at(dx, dy);
  const value = (dx: number, dy: number): number =>
    dy < 0 ? value(-dx, -dy) : Math.abs(dx) > maxX || dy > maxY ? NaN : grid[dy * gw + dx + maxX];
  const minShift = Math.max(8, Math.round(Math.max(w, h) / 40));
  const peaks: { v: Vector; prominence: number }[] = [];
  for (let dy = 0; dy <= maxY; dy++) {
    for (let dx = -maxX; dx <= maxX; dx++) {
      if ((dy === 0 && dx <= 0) || Math.hypot(dx, dy) < minShift) continue;
      const c = value(dx, dy);
      let isMax = true;
      for (let ky = -2; ky <= 2 && isMax; ky++)
        for (let kx = -2; kx <= 2; kx++) if ((kx || ky) && value(dx + kx, dy + ky) > c) isMax = false;
      if (!isMax) continue;
      const ring: number[] = [];
      for (let a = 0; a < 16; a++) {
        const r = value(
          dx + Math.round(5 * Math.cos((a * Math.PI) / 8)),
          dy + Math.round(5 * Math.sin((a * Math.PI) / 8)),
        );
        if (!Number.isNaN(r)) ring.push(r);
      }
      ring.sort((a, b) => a - b);
      // The ring's upper quartile: a ridge along a photo's line lifts a few of its points, not most.
      const prominence = c - ring[Math.floor(ring.length * 0.75)];
      peaks.push({ v: [dx, dy], prominence });
    }
  }
  peaks.sort((a, b) => b.prominence - a.prominence);
  // Of the strongest peaks, the pair in different directions that closes a lattice: the tile repeats at
  // their sum and difference too. A letter spacing or a photo's lines correlate at one step, not on a grid.
  const near = (v: Vector) => {
    let best = -Infinity;
    for (let ky = -1; ky <= 1; ky++)
      for (let kx = -1; kx <= 1; kx++) best = Math.max(best, value(v[0] + kx, v[1] + ky));
    return best;
  };
  let pair: [(typeof peaks)[number], (typeof peaks)[number]] | null = null;
  const top = peaks.slice(0, TOP_PEAKS);
  for (const [i, a] of top.entries()) {
    for (const b of top.slice(i + 1)) {
      const cross = Math.abs(a.v[0] * b.v[1] - a.v[1] * b.v[0]);
      if (cross < 0.35 * Math.hypot(...a.v) * Math.hypot(...b.v)) continue;
      const floor = 0.5 * Math.min(value(...a.v), value(...b.v));
      const closes = [
        [a.v[0] + b.v[0], a.v[1] + b.v[1]],
        [a.v[0] - b.v[0], a.v[1] - b.v[1]],
      ].every(([x, y]) => {
        const c = near([x, y]);
        return Number.isNaN(c) || c === -Infinity || c >= floor;
      });
      if (closes && (!pair || b.prominence > pair[1].prominence)) pair = [a, b];
    }
  }
  if (!pair) return null;
  const [first, second] = pair;
  // The strongest peak may be a multiple of the tile's own step; halve it while the half repeats as well.
  const fundamental = (v: Vector): Vector => {
    for (;;) {
      let best: Vector | null = null;
      for (let ky = -1; ky <= 1; ky++) {
        for (let kx = -1; kx <= 1; kx++) {
          const half: Vector = [Math.round(v[0] / 2) + kx, Math.round(v[1] / 2) + ky];
          if (!best || value(...half) > value(...best)) best = half;
        }
      }
      if (!best || Math.hypot(...best) < minShift || !(value(...best) >= 0.6 * value(...v))) return v;
      v = best;
    }
  };
  const scale = Math.max(image.width, image.height) / Math.max(w, h);
  const up = (v: Vector): Vector => {
    const f = fundamental(v);
    return [f[0] * scale, f[1] * scale];
  };
  return { steps: [up(first.v), up(second.v)], strength: second.prominence };
}

/** The step near `guess` (within 2 px) along which the plane agrees best with itself, over a sparse grid. */
function refineStep(hp: Float32Array, width: number, height: number, guess: Vector): Vector {
  let best: Vector = [Math.round(guess[0]), Math.round(guess[1])];
  let bestScore = -Infinity;
  for (let ky = -2; ky <= 2; ky++) {
    for (let kx = -2; kx <= 2; kx++) {
      const dx = Math.round(guess[0]) + kx;
      const dy = Math.round(guess[1]) + ky;
      let sum = 0;
      let n = 0;
      for (let y = Math.max(0, -dy); y < Math.min(height, height - dy); y += 2) {
        for (let x = Math.max(0, -dx); x < Math.min(width, width - dx); x += 2) {
          sum += hp[y * width + x] * hp[(y + dy) * width + x + dx];
          n++;
        }
      }
      const score = n ? sum / n : -Infinity;
      if (score > bestScore) {
        bestScore = score;
        best = [dx, dy];
      }
    }
  }
  return best;
}

/** Work size of the mask: the text-marks finder's, so strokes are as thick in both. */
const MASK_SIDE = 1200;

/**
 * The mark repeated along the lattice: at each pixel, the median of the high-passed photo over the pixel and
 * its 24 lattice neighbours (up to two steps along each of the lattice's two directions). The photo differs from
 * one repeat to the next and falls out; the mark is the same in each and stays. Its strokes are where that
 * median stands out of its own noise, in the mark's sign (light or dark). Answers a mask at the image's size, or
 * null when nothing stands out.
 */
export function periodicMask(image: RawImage, lattice: Lattice): Uint8Array | null {
  const work = shrinkTo(image, MASK_SIDE);
  const { width, height } = work;
  const scale = width / image.width;
  const hp = highPass(work, Math.max(6, Math.round(Math.max(width, height) / 150)));
  const [a, b] = lattice.steps.map((v) => refineStep(hp, width, height, [v[0] * scale, v[1] * scale]));
  const offsets: Vector[] = [];
  for (let i = -2; i <= 2; i++)
    for (let j = -2; j <= 2; j++) offsets.push([i * a[0] + j * b[0], i * a[1] + j * b[1]]);
  const median = new Float32Array(width * height);
  const samples = new Float32Array(offsets.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (const [dx, dy] of offsets) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && xx < width && yy >= 0 && yy < height) samples[n++] = hp[yy * width + xx];
      }
      median[y * width + x] = n >= 5 ? medianInPlace(samples, n) : 0;
    }
  }
  // The mark's strokes stand out further than the rim the local mean leaves around them, in either sign.
  const light = quantile(median, 1, 0.998);
  const dark = quantile(median, -1, 0.998);
  const sign = light >= dark ? 1 : -1;
  const strong = Math.max(8, 4 * spread(median), 0.35 * Math.max(light, dark));
  const core = new Uint8Array(width * height);
  const weak = new Uint8Array(width * height);
  let marked = 0;
  for (let i = 0; i < median.length; i++) {
    const v = sign * median[i];
    if (v >= strong) {
      core[i] = 1;
      marked++;
    }
    if (v >= strong / 2) weak[i] = 1;
  }
  if (marked < 0.002 * width * height || !coversThePhoto(core, width, height)) return null;
  if (repeatAgreement(hp, width, height, core, offsets, sign, strong / 2) < TILE_MIN_AGREEMENT) return null;
  const near = dilate(core, width, height, 1);
  for (let i = 0; i < core.length; i++) if (near[i] && weak[i]) core[i] = 1;
  const grown = dilate(core, width, height, 1);
  return width === image.width ? grown : enlarge(grown, width, height, image.width, image.height);
}

/**
 * Of the repeats the median was taken over, the mean share, over the stroke pixels, that shift the photo in the
 * mark's sign by at least `shift`: a tiled mark is in every repeat, so nearly all of them do; a photo's own
 * pattern (a fabric, a few objects scattered on white) passes the median with a bare majority.
 */
function repeatAgreement(
  hp: Float32Array,
  width: number,
  height: number,
  core: Uint8Array,
  offsets: Vector[],
  sign: number,
  shift: number,
): number {
  let total = 0;
  let pixels = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!core[y * width + x]) continue;
      let n = 0;
      let agreeing = 0;
      for (const [dx, dy] of offsets) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || xx >= width || yy < 0 || yy >= height) continue;
        n++;
        if (sign * hp[yy * width + xx] >= shift) agreeing++;
      }
      if (n < 5) continue;
      total += agreeing / n;
      pixels++;
    }
  }
  return pixels ? total / pixels : 0;
}

/**
 * A tiled mark covers the whole photo: its strokes are in at least 7 of the 9 cells of a 3 x 3 grid, each
 * with a tenth of the mean share. A photo's own repeating structure (a road's lines, a row of windows) is
 * somewhere, not everywhere.
 */
function coversThePhoto(mask: Uint8Array, width: number, height: number): boolean {
  const cells = new Float64Array(9);
  for (let y = 0; y < height; y++) {
    const row = Math.min(2, Math.floor((3 * y) / height)) * 3;
    for (let x = 0; x < width; x++)
      if (mask[y * width + x]) cells[row + Math.min(2, Math.floor((3 * x) / width))]++;
  }
  const mean = cells.reduce((a, b) => a + b, 0) / 9;
  return cells.filter((c) => c >= 0.1 * mean).length >= 7;
}

function enlarge(mask: Uint8Array, w: number, h: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.floor((y * h) / height));
    for (let x = 0; x < width; x++)
      out[y * width + x] = mask[sy * w + Math.min(w - 1, Math.floor((x * w) / width))];
  }
  return dilate(out, width, height, Math.floor(width / w));
}

/** Robust spread (1.48 x the median absolute value) of a zero-centred plane, on a sample. */
function spread(plane: Float32Array): number {
  const step = Math.max(1, Math.floor(plane.length / 20000));
  const values: number[] = [];
  for (let i = 0; i < plane.length; i += step) values.push(Math.abs(plane[i]));
  values.sort((x, y) => x - y);
  return 1.48 * values[values.length >> 1];
}

/** The q-quantile of the plane's values times `sign` (the light or the dark side), on a sample. */
function quantile(plane: Float32Array, sign: number, q: number): number {
  const step = Math.max(1, Math.floor(plane.length / 50000));
  const values: number[] = [];
  for (let i = 0; i < plane.length; i += step) values.push(sign * plane[i]);
  values.sort((x, y) => x - y);
  return values[Math.min(values.length - 1, Math.floor(q * values.length))];
}
