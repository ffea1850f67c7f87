import type { RawImage } from '../../lib/image/raw-image';
import { BANNER_K_RANGE, BANNER_MAX_RESIDUAL, BANNER_MIN_STEP } from './tuned-thresholds';

/**
 * A semi-opaque band laid across the whole photo (a "Licensed by ..." banner): every pixel in it is the photo
 * blended with one colour at one opacity, `inside = k * photo + b` with k = 1 - opacity shared by the three
 * channels and b = opacity * colour. At its top and bottom edges the row just inside is that same affine map of
 * the row just outside, across the whole width; a photo's own horizontal edge (a horizon, a table's rim) is not
 * one map at both ends of a band.
 */
export interface Banner {
  /** First and last row of the band. */
  top: number;
  bottom: number;
  /** 1 - opacity. */
  k: number;
  /** Opacity times colour, per channel. */
  b: number[];
}

/** Rows skipped on each side of an edge: the anti-aliased row and the JPEG's blur. */
const SKIP = 2;
/** The band's height as a share of the photo's. */
const HEIGHT_RANGE = [0.02, 0.35];

interface EdgeFit {
  k: number;
  b: number[];
  /** Mean RGB distance between the rows. */
  step: number;
  /** RMS of what the map leaves, per channel value. */
  residual: number;
}

/**
 * Least squares fit of `inner_c = k * outer_c + b_c` over pairs of rows (k shared, b per channel), each pair
 * a row outside the band and its mirror inside.
 */
function fitRows(image: RawImage, pairs: [number, number][]): EdgeFit {
  const { width, data, channels } = image;
  // Each channel's offset in a pixel (a grey photo's one channel stands for all three), and each row's start:
  // these loops run over whole rows for every band tried.
  const channel = [0, 1, 2].map((c) => Math.min(c, channels - 1));
  const row = (y: number) => y * width * channels;
  const mo = [0, 0, 0];
  const mi = [0, 0, 0];
  let n = 0;
  let step = 0;
  for (const [outer, inner] of pairs) {
    for (let x = 0, o = row(outer), i = row(inner); x < width; x++, o += channels, i += channels) {
      let d = 0;
      for (let c = 0; c < 3; c++) {
        const out = data[o + channel[c]];
        const inn = data[i + channel[c]];
        mo[c] += out;
        mi[c] += inn;
        d += (inn - out) ** 2;
      }
      step += Math.sqrt(d);
      n++;
    }
  }
  for (let c = 0; c < 3; c++) {
    mo[c] /= n;
    mi[c] /= n;
  }
  let sxy = 0;
  let sxx = 0;
  for (const [outer, inner] of pairs) {
    for (let x = 0, o = row(outer), i = row(inner); x < width; x++, o += channels, i += channels) {
      for (let c = 0; c < 3; c++) {
        const out = data[o + channel[c]] - mo[c];
        sxy += out * (data[i + channel[c]] - mi[c]);
        sxx += out * out;
      }
    }
  }
  const k = sxx ? sxy / sxx : 1;
  const b = [0, 1, 2].map((c) => mi[c] - k * mo[c]);
  let residual = 0;
  for (const [outer, inner] of pairs) {
    for (let x = 0, o = row(outer), i = row(inner); x < width; x++, o += channels, i += channels) {
      for (let c = 0; c < 3; c++) residual += (data[i + channel[c]] - k * data[o + channel[c]] - b[c]) ** 2;
    }
  }
  return { k, b, step: step / n, residual: Math.sqrt(residual / (3 * n)) };
}

const blendLike = (fit: EdgeFit) =>
  fit.k >= BANNER_K_RANGE[0] &&
  fit.k <= BANNER_K_RANGE[1] &&
  fit.step >= BANNER_MIN_STEP &&
  fit.residual <= BANNER_MAX_RESIDUAL * fit.step;

/** The strongest band across the photo, or null when none is there. */
export function findBanner(image: RawImage): Banner | null {
  const { height } = image;
  // Edges where the band starts below (top) or ends above (bottom), by the row pair across each.
  const tops: number[] = [];
  const bottoms: number[] = [];
  for (let y = SKIP; y < height - SKIP; y++) {
    if (blendLike(fitRows(image, [[y - SKIP, y + SKIP - 1]]))) tops.push(y);
    if (blendLike(fitRows(image, [[y + SKIP, y - SKIP + 1]]))) bottoms.push(y);
  }
  let best: (Banner & { score: number }) | null = null;
  for (const top of tops) {
    for (const bottom of bottoms) {
      const h = bottom - top;
      if (h < HEIGHT_RANGE[0] * height || h > HEIGHT_RANGE[1] * height) continue;
      // One map at both edges: the band is one colour at one opacity.
      const fit = fitRows(image, [
        [top - SKIP, top + SKIP - 1],
        [bottom + SKIP, bottom - SKIP + 1],
      ]);
      if (!blendLike(fit)) continue;
      const score = fit.step / Math.max(1, fit.residual);
      if (!best || score > best.score) best = { top, bottom, k: fit.k, b: fit.b, score };
    }
  }
  if (!best) return null;
  return { top: best.top, bottom: best.bottom, k: best.k, b: best.b };
}

/** The band's rows as a 0/1 mask, one row wider on each side for the anti-aliased edge. */
export function bannerMask(image: RawImage, banner: Banner): Uint8Array {
  const { width, height } = image;
  const mask = new Uint8Array(width * height);
  const y0 = Math.max(0, banner.top - 1);
  const y1 = Math.min(height, banner.bottom + 2);
  mask.fill(1, y0 * width, y1 * width);
  return mask;
}
