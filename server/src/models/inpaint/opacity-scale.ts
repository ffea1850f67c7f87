import type { BlendFit } from './blend-fit';

/**
 * The opacity of each region of a mark, set so that the mark's outline vanishes from the recovered photo
 * (after Dekel et al. 2017, "On the effectiveness of visible watermarks": the right opacity is the one
 * whose inversion leaves no trace of the mark's shape). A region's colour and opacity trade off against
 * each other, and where the mark's colour changes inside a region (a gradient logo, an outline of another
 * colour) the fit settles on a wrong pair: inverted with it, the region comes back as a ghost, lighter or
 * darker than the photo, whose edges are exactly the mark's. The photo itself does not step where the
 * mark begins. So each region's opacity is scaled by the factor, within SCALE_MIN..SCALE_MAX, for which
 * the mean step from the region's recovered pixels to the untouched photo beside them (across the mark's
 * outline) is smallest. A mean of signed steps, not of their sizes: the photo's own texture and the noise
 * that inversion amplifies by 1 / (1 - a) cross the outline with either sign and average out, while a
 * wrong gain steps the same way all along it (sizes would favour the faintest inversion, which amplifies
 * least).
 */

const SCALE_MIN = 0.7;
const SCALE_MAX = 1.3;
const SCALE_STEP = 0.02;
/** Opacity from which a pixel beside an untouched one is on the mark's outline. */
const EDGE_ALPHA = 0.1;
/** Most opacity a scaled pixel is given (the inversion's own limit for what is not lost). */
const MAX_ALPHA = 0.88;
/** Regions with fewer outline pairs than this keep their fit: too little to judge the gain by. */
const MIN_PAIRS = 40;

/**
 * `data` holds the recovered pixels (changed in place), `marked` the input; `alpha` the opacity inverted
 * per pixel (0 untouched, scaled in place), `lost` the pixels left to fill, `fitOf` the fit each pixel was
 * inverted with (an index into `fits`). Returns the scale chosen per fit (1 where it was left alone).
 */
export function scaleOpacityByOutline(
  data: Float32Array,
  marked: Float32Array,
  c: number,
  w: number,
  h: number,
  mask: Uint8Array,
  lost: Uint8Array,
  alpha: Float32Array,
  fits: BlendFit[],
  fitOf: Int32Array,
): number[] {
  const scales = fits.map(() => 1);
  const members: number[][] = fits.map(() => []);
  for (let i = 0; i < w * h; i++)
    if (mask[i] && !lost[i] && fitOf[i] >= 0 && alpha[i] > 0) members[fitOf[i]].push(i);
  const untouched = (j: number) => !(mask[j] && (lost[j] || alpha[j] > 0));
  for (let f = 0; f < fits.length; f++) {
    // Pairs across the outline: a pixel of this region and an untouched neighbour (the photo as it is).
    const from: number[] = [];
    const to: number[] = [];
    for (const i of members[f]) {
      if (alpha[i] < EDGE_ALPHA) continue;
      const x = i % w;
      const y = (i - x) / w;
      const beside = [x < w - 1 ? i + 1 : -1, x > 0 ? i - 1 : -1, y < h - 1 ? i + w : -1, y > 0 ? i - w : -1];
      for (const j of beside) {
        if (j < 0 || !untouched(j)) continue;
        from.push(i);
        to.push(j);
      }
    }
    if (from.length < MIN_PAIRS) continue;
    const color = fits[f].color;
    let best = 1;
    let bestStep = Infinity;
    for (let n = 0; SCALE_MIN + n * SCALE_STEP <= SCALE_MAX + 1e-9; n++) {
      const s = Math.round((SCALE_MIN + n * SCALE_STEP) * 100) / 100;
      let step = 0;
      for (let k = 0; k < 3; k++) {
        let sum = 0;
        for (let p = 0; p < from.length; p++)
          sum += recover(marked, from[p] * c + k, alpha[from[p]] * s, color[k]) - data[to[p] * c + k];
        step += sum * sum;
      }
      // Ties (a flat stretch of the criterion) keep the fit's own opacity.
      if (step < bestStep - 1e-6 || (step <= bestStep + 1e-6 && Math.abs(s - 1) < Math.abs(best - 1))) {
        bestStep = step;
        best = s;
      }
    }
    scales[f] = best;
    if (best === 1) continue;
    for (const i of members[f]) {
      const a = Math.min(MAX_ALPHA, alpha[i] * best);
      alpha[i] = a;
      for (let k = 0; k < 3; k++) data[i * c + k] = recover(marked, i * c + k, a, color[k]);
    }
  }
  return scales;
}

function recover(marked: Float32Array, o: number, a: number, color: number): number {
  const b = a > MAX_ALPHA ? MAX_ALPHA : a;
  const v = (marked[o] - b * color) / (1 - b);
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
