import { alphaAt, collect, fitBlend, type BlendFit } from './blend-fit';
import type { FloatImage } from './float-image';
import { fitMarkRegions } from './mark-regions';
import { rejectForeignColours } from './never-worse';
import { scaleOpacityByOutline } from './opacity-scale';
import { connectedComponents, dilate, distanceInside, distanceOutside } from '../../lib/image/bitmap';

/**
 * Watermark-aware restoration. A watermark is alpha-blended over the photo:
 *   observed = (1 - a) * photo + a * overlay
 * with a few flat or smoothly varying overlay colours and opacities (mark-regions.ts). Given a smooth
 * estimate of the photo under the mask (`background`, from diffusion), each pixel's overlay colour and
 * opacity are taken from the region fit that explains it best, and the blend is inverted per pixel. This
 * recovers the real photo, texture included, where the mark was translucent. Pixels no fit explains, that
 * are (nearly) opaque or clipped, are returned as `lost`, to be filled by completion.
 */
export interface WatermarkResult {
  /** Pixels still to fill (1), a subset of the mask. */
  lost: Uint8Array;
  /** Pixels that were recovered by inverting the blend. */
  recovered: number;
  fits: BlendFit[];
  /** The opacity inverted at each pixel: 0 where nothing was changed, 1 where the pixel is lost. */
  alpha: Float32Array;
}

const MAX_ALPHA = 0.88;
const MAX_RESIDUAL = 0.45;
/** Per-channel RMS misfit (in 8-bit levels) above which a pixel is not taken as blended. */
const PIXEL_RESIDUAL = 40;

/**
 * Fits fainter than this explain the background guess's own errors, not a mark (a dark "overlay" at 6 %
 * fitted around an opaque corner logo, whose inversion leaves a tinted blotch); marks people upload are
 * seldom under 15 % opaque.
 */
const MIN_ALPHA = 0.12;
/**
 * A mark is nowhere more opaque than its region's interior: anti-aliased edges are fainter, not stronger.
 * A pixel that departs from the photo guess along the overlay's colour by more than this times the region's
 * opacity (the upper end of the deep snapping band) is either photo that no mark covers, varying on its own
 * (a bright cloud beside a white word, a dark rock beside a dark one), or the mark over photo the guess got wrong.
 */
const ABOVE_MARK = 1.35;
/**
 * Which of the two depends on how the mask was painted. Where at least this share of a fit's pixels look like
 * photo (opacity under half the fit's), the mask is loose, and such a pixel is photo: inverting it at its
 * own opacity would blow its variation up into a tinted blot, so it is left as it is. In a tight mask (the
 * mark's own outline, as Find watermark proposes) it is the mark, inverted at the region's opacity.
 */
const LOOSE_SHARE = 0.3;
const usable = (fit: BlendFit) =>
  fit.alpha >= MIN_ALPHA && fit.alpha <= MAX_ALPHA && fit.residual <= MAX_RESIDUAL;

/**
 * `final` off marks a first pass whose result only guides a second fit: it skips the roughness check
 * (rejectNoisyInversions), since on a first pass against the diffusion guess a remnant's edges can make a
 * whole mark look rough, and giving it up there would also give up the second fit against the photo seen
 * through it, which is the one that gets such marks right; and it leaves each region's opacity as fitted
 * (the outline it is scaled by, opacity-scale.ts, is only as good as the fit's guess of the photo).
 */
export function invertWatermark(
  image: FloatImage,
  mask: Uint8Array,
  background: Float32Array,
  final = true,
): WatermarkResult {
  const { width: w, height: h, channels: c, data } = image;
  const lost = mask.slice();
  const used = new Float32Array(w * h);
  for (let i = 0; i < mask.length; i++) used[i] = mask[i];
  if (c < 3) return { lost, recovered: 0, fits: [], alpha: used };
  const original = data.slice();
  const { labels, count, sizes, boxes } = connectedComponents(mask, w, h);
  const depth = distanceInside(mask, w, h);
  const global = fitBlend(data, background, c, collect(mask, labels, 0, 6000));
  const byComponent: (BlendFit | null)[] = [null];
  for (let id = 1; id <= count; id++) {
    let fit = global;
    if (sizes[id - 1] >= 150) {
      const own = fitBlend(data, background, c, collect(mask, labels, id, 3000, w, boxes[id - 1]));
      if (!global || (own && own.residual < global.residual * 0.8)) fit = own;
    }
    byComponent.push(fit && usable(fit) ? fit : null);
  }
  const { fits, fitOf } = fitMarkRegions(
    data,
    background,
    c,
    mask,
    w,
    h,
    (i) => byComponent[labels[i]],
    usable,
  );
  // Each pixel's opacity under its fit, measured before any pixel is inverted (inversion changes only the pixel itself).
  const opacity = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++)
    if (fitOf[i] >= 0) opacity[i] = opacityUnder(data, background, i * c, fits[fitOf[i]]);
  const loose = looseFits(opacity, fits, fitOf);
  let recovered = 0;
  for (let i = 0; i < w * h; i++) {
    if (fitOf[i] < 0) continue;
    const fit = fits[fitOf[i]];
    const o = i * c;
    const measured = opacity[i];
    const above = measured > ABOVE_MARK * fit.alpha;
    if (above && loose[fitOf[i]] && measured <= MAX_ALPHA) {
      // Photo beside the mark (beyond MAX_ALPHA it is more likely a near-opaque part of the mark, left lost).
      lost[i] = 0;
      used[i] = 0;
      recovered++;
      continue;
    }
    // Deep inside a wide stroke the smooth background guess is poor, so the measured opacity is noisy:
    // snap it to the region's opacity. Near the edge (thin strokes, anti-aliasing) the guess is good and
    // the measured opacity is kept, or edges would be over-corrected into dark outlines.
    const tolerance = depth[i] >= 3 ? 0.35 : 0.1;
    const snap = (above && !loose[fitOf[i]]) || Math.abs(measured - fit.alpha) <= tolerance * fit.alpha;
    const a = snap ? fit.alpha : measured;
    if (a > MAX_ALPHA) continue;
    // The blend must explain this pixel too: a second mark of another colour (text on a banner) does not fit.
    let res = 0;
    for (let k = 0; k < 3; k++) {
      const e = data[o + k] - background[o + k] - measured * (fit.color[k] - background[o + k]);
      res += e * e;
    }
    if (res > 3 * PIXEL_RESIDUAL * PIXEL_RESIDUAL) continue;
    if (a <= 0.02) {
      lost[i] = 0;
      used[i] = 0;
      recovered++;
      continue;
    }
    let ok = true;
    const inv = 1 / (1 - a);
    let clipped = 0;
    for (let k = 0; k < 3; k++) {
      const v = (data[o + k] - a * fit.color[k]) * inv;
      if (v < -20 || v > 275) ok = false;
      if ((data[o + k] >= 254 && fit.color[k] >= 250) || (data[o + k] <= 1 && fit.color[k] <= 5)) clipped++;
    }
    if (!ok || clipped === 3) continue;
    for (let k = 0; k < 3; k++) {
      const v = (data[o + k] - a * fit.color[k]) * inv;
      data[o + k] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
    lost[i] = 0;
    used[i] = a;
    recovered++;
  }
  if (final) {
    recovered -= rejectNoisyInversions(image, original, mask, lost);
    // After the roughness check, which judges the file's noise at the opacity the fit found.
    scaleOpacityByOutline(data, original, c, w, h, mask, lost, used, fits, fitOf);
  }
  recovered -= rejectForeignColours(image, original, mask, lost, used);
  for (let i = 0; i < lost.length; i++) if (lost[i]) used[i] = 1;
  return { lost, recovered, fits, alpha: used };
}

/** Per fit, whether the mask around its mark is loose: LOOSE_SHARE or more of its pixels look like photo. */
function looseFits(opacity: Float32Array, fits: BlendFit[], fitOf: Int32Array): boolean[] {
  const photo = new Float64Array(fits.length);
  const all = new Float64Array(fits.length);
  for (let i = 0; i < fitOf.length; i++) {
    const k = fitOf[i];
    if (k < 0) continue;
    all[k]++;
    if (opacity[i] < 0.5 * fits[k].alpha) photo[k]++;
  }
  return fits.map((_, k) => photo[k] >= LOOSE_SHARE * all[k]);
}

/** Recovered pixels this much rougher than their surroundings (ratio, plus 8-bit levels) are refilled. */
const NOISE_RATIO = 2.5;
const NOISE_FLOOR = 3;
const NOISE_RING = 6;

/**
 * Inverting a blend of opacity a multiplies the input's own noise by 1 / (1 - a): harmless on a lossless
 * file, but on a JPEG or WebP a near-opaque mark comes back as speckles (compression noise, and colour
 * kept at half resolution, blown up several times). Per group of nearby mask parts, compares the
 * roughness (mean absolute Laplacian over the three channels) of the recovered pixels with that of the
 * photo in a ring around the mask; where inversion made the pixels clearly rougher than the photo
 * around them, the group's original pixels are put back and marked lost, to be filled instead.
 * Returns how many recovered pixels were given up.
 */
function rejectNoisyInversions(
  image: FloatImage,
  original: Float32Array,
  mask: Uint8Array,
  lost: Uint8Array,
): number {
  const { width: w, height: h, channels: c, data } = image;
  const near = dilate(mask, w, h, NOISE_RING);
  const ring = distanceOutside(mask, w, h, NOISE_RING + 1);
  const { labels, count } = connectedComponents(near, w, h);
  const inSum = new Float64Array(count + 1);
  const inN = new Float64Array(count + 1);
  const outSum = new Float64Array(count + 1);
  const outN = new Float64Array(count + 1);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const id = labels[i];
      if (!id) continue;
      const inside = mask[i] === 1;
      if (inside) {
        if (lost[i] || lost[i - 1] || lost[i + 1] || lost[i - w] || lost[i + w]) continue;
      } else {
        if (ring[i] < 2 || near[i - 1] + near[i + 1] + near[i - w] + near[i + w] < 4) continue;
        if (mask[i - 1] || mask[i + 1] || mask[i - w] || mask[i + w]) continue;
      }
      let lap = 0;
      for (let k = 0; k < 3; k++) {
        const o = i * c + k;
        lap += Math.abs(4 * data[o] - data[o - c] - data[o + c] - data[o - w * c] - data[o + w * c]);
      }
      if (inside) {
        inSum[id] += lap;
        inN[id]++;
      } else {
        outSum[id] += lap;
        outN[id]++;
      }
    }
  }
  const reject = new Uint8Array(count + 1);
  let any = false;
  for (let id = 1; id <= count; id++) {
    if (inN[id] < 20 || outN[id] < 20) continue;
    const rin = inSum[id] / inN[id];
    const rout = outSum[id] / outN[id];
    if (rin > NOISE_RATIO * rout + NOISE_FLOOR) {
      reject[id] = 1;
      any = true;
    }
  }
  if (!any) return 0;
  let given = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || !reject[labels[i]]) continue;
    if (!lost[i]) given++;
    lost[i] = 1;
    for (let k = 0; k < c; k++) data[i * c + k] = original[i * c + k];
  }
  return given;
}

/**
 * The opacity of one pixel under a fit: the projection of its difference from the background onto the
 * overlay direction. Where the overlay is close to the photo it cannot be measured, but also barely
 * matters: the fit's own opacity is used.
 */
function opacityUnder(data: Float32Array, background: Float32Array, o: number, fit: BlendFit): number {
  const vx = fit.color[0] - background[o];
  const vy = fit.color[1] - background[o + 1];
  const vz = fit.color[2] - background[o + 2];
  const vv = vx * vx + vy * vy + vz * vz;
  return vv < 400 ? fit.alpha : alphaAt(data, background, o, fit.color, false);
}
