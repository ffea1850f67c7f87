import type { FloatImage } from './float-image';
import { connectedComponents, dilate, distanceInside, distanceOutside } from './mask';
import { teleaInpaint } from './telea';

/**
 * Watermark-aware restoration. A watermark is usually alpha-blended over the photo:
 *   observed = (1 - a) * photo + a * overlay
 * with one overlay colour and one opacity for the whole mark (lower only on its anti-aliased edges).
 * Given a smooth estimate of the photo under the mask (`background`, from diffusion), we fit the overlay
 * colour and opacity that best explain the masked pixels, then invert the blend per pixel. This recovers
 * the real photo, texture included, where the mark was translucent. Pixels the fit cannot explain, that are
 * (nearly) opaque or clipped, are returned as `lost`, to be filled by completion.
 *
 * Past 400 lines while the blend fit, its inversion and the lost-pixel rules are one model; the per-region
 * mark model of the watermark-robustness work splits it.
 */
export interface BlendFit {
  color: [number, number, number];
  /** Opacity of the mark's interior. */
  alpha: number;
  /** Residual of the fit relative to the signal; low means the blend model explains the pixels. */
  residual: number;
}

export interface WatermarkResult {
  /** Pixels still to fill (1), a subset of the mask. */
  lost: Uint8Array;
  /** Pixels that were recovered by inverting the blend. */
  recovered: number;
  fits: BlendFit[];
}

const MAX_ALPHA = 0.88;
const MAX_RESIDUAL = 0.45;
/** Per-channel RMS misfit (in 8-bit levels) above which a pixel is not taken as blended. */
const PIXEL_RESIDUAL = 40;

export function invertWatermark(
  image: FloatImage,
  mask: Uint8Array,
  background: Float32Array,
): WatermarkResult {
  const { width: w, height: h, channels: c, data } = image;
  const lost = mask.slice();
  const fits: BlendFit[] = [];
  if (c < 3) return { lost, recovered: 0, fits };
  const original = data.slice();
  const { labels, count, sizes } = connectedComponents(mask, w, h);
  const depth = distanceInside(mask, w, h);
  const all = collect(mask, labels, 0, 6000);
  const global = fitBlend(data, background, c, all);
  const fitById = new Map<number, BlendFit>();
  const alpha = new Float32Array(w * h);
  for (let id = 1; id <= count; id++) {
    let fit = global;
    if (sizes[id - 1] >= 150) {
      const own = fitBlend(data, background, c, collect(mask, labels, id, 3000));
      if (!global || (own && own.residual < global.residual * 0.8)) fit = own;
    }
    if (!fit || fit.alpha > MAX_ALPHA || fit.residual > MAX_RESIDUAL) continue;
    if (!fits.includes(fit)) fits.push(fit);
    fitById.set(id, fit);
    perPixelAlpha(data, background, c, labels, id, fit, alpha);
  }
  let recovered = 0;
  for (let i = 0; i < w * h; i++) {
    const id = labels[i];
    if (!id) continue;
    const fit = fitById.get(id);
    if (!fit) continue;
    // Deep inside a wide stroke the smooth background guess is poor, so the measured opacity is noisy:
    // snap it to the mark's opacity. Near the edge (thin strokes, anti-aliasing) the guess is good and
    // the measured opacity is kept, or edges would be over-corrected into dark outlines.
    const tolerance = depth[i] >= 3 ? 0.35 : 0.1;
    const a = Math.abs(alpha[i] - fit.alpha) <= tolerance * fit.alpha ? fit.alpha : alpha[i];
    if (a > MAX_ALPHA) continue;
    const o = i * c;
    // The blend must explain this pixel too: a second mark of another colour (text on a banner) does not fit.
    let res = 0;
    for (let k = 0; k < 3; k++) {
      const e = data[o + k] - background[o + k] - alpha[i] * (fit.color[k] - background[o + k]);
      res += e * e;
    }
    if (res > 3 * PIXEL_RESIDUAL * PIXEL_RESIDUAL) continue;
    if (a <= 0.02) {
      lost[i] = 0;
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
    recovered++;
  }
  recovered -= rejectNoisyInversions(image, original, mask, lost);
  return { lost, recovered, fits };
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

/** Up to `limit` pixel indexes of component `id` (0 = every component), evenly spaced. */
function collect(mask: Uint8Array, labels: Int32Array, id: number, limit: number): Int32Array {
  let total = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] && (id === 0 || labels[i] === id)) total++;
  const stride = Math.max(1, total / limit);
  const out = new Int32Array(Math.min(total, limit));
  let seen = 0;
  let n = 0;
  let next = 0;
  for (let i = 0; i < mask.length && n < out.length; i++) {
    if (!mask[i] || (id !== 0 && labels[i] !== id)) continue;
    if (seen >= next) {
      out[n++] = i;
      next += stride;
    }
    seen++;
  }
  return out.subarray(0, n);
}

/**
 * Finds the overlay colour by a coarse-to-fine grid search that minimises the robust misfit of the
 * blend model, then the interior opacity as the mode of the per-pixel opacities under that colour.
 */
export function fitBlend(
  data: Float32Array,
  background: Float32Array,
  c: number,
  pixels: Int32Array,
): BlendFit | null {
  if (pixels.length < 8) return null;
  let signal = 0;
  for (let n = 0; n < pixels.length; n++) {
    const o = pixels[n] * c;
    for (let k = 0; k < 3; k++) {
      const d = data[o + k] - background[o + k];
      signal += Math.min(d * d, 3 * 900);
    }
  }
  if (signal / pixels.length < 25) return null;
  let best: [number, number, number] = [255, 255, 255];
  let bestErr = Infinity;
  let bestAlpha = 0;
  const search = (center: [number, number, number], step: number, span: number) => {
    const base = best;
    for (let r = center[0] - span; r <= center[0] + span; r += step) {
      for (let g = center[1] - span; g <= center[1] + span; g += step) {
        for (let b = center[2] - span; b <= center[2] + span; b += step) {
          if (r < 0 || g < 0 || b < 0 || r > 255 || g > 255 || b > 255) continue;
          const fit = residualOf(data, background, c, pixels, r, g, b);
          if (fit.err < bestErr) {
            bestErr = fit.err;
            bestAlpha = fit.alpha;
            best = [r, g, b];
          }
        }
      }
    }
    return base;
  };
  search([127.5, 127.5, 127.5], 31.875, 127.5);
  search(best, 8, 24);
  search(best, 2, 6);
  // The interior opacity is the most common per-pixel opacity under that colour; a mode, unlike the
  // least-squares value, is not pulled by a second mark inside the same region (text on a banner).
  const hist = new Float32Array(101);
  for (let n = 0; n < pixels.length; n++) {
    const a = alphaAt(data, background, pixels[n] * c, best, true);
    if (a >= 0.05) hist[Math.min(100, Math.round(a * 100))] += 1;
  }
  let mode = Math.round(bestAlpha * 100);
  let modeCount = 0;
  for (let i = 5; i <= 100; i++) {
    const v = hist[i - 1] * 0.5 + hist[i] + (i < 100 ? hist[i + 1] * 0.5 : 0);
    if (v > modeCount) {
      modeCount = v;
      mode = i;
    }
  }
  return { color: best, alpha: mode / 100, residual: bestErr / signal };
}

/**
 * Robust misfit of D = a (C - B) with a free opacity per pixel. A free opacity tolerates several marks
 * of one colour and different opacities in one region (a grid of lines under a word); the colour is still
 * pinned down because B varies from pixel to pixel.
 */
function residualOf(
  data: Float32Array,
  background: Float32Array,
  c: number,
  pixels: Int32Array,
  r: number,
  g: number,
  b: number,
): { err: number; alpha: number } {
  let err = 0;
  let sumA = 0;
  for (let n = 0; n < pixels.length; n++) {
    const o = pixels[n] * c;
    const bx = background[o];
    const by = background[o + 1];
    const bz = background[o + 2];
    const vx = r - bx;
    const vy = g - by;
    const vz = b - bz;
    const dx = data[o] - bx;
    const dy = data[o + 1] - by;
    const dz = data[o + 2] - bz;
    const vv = vx * vx + vy * vy + vz * vz;
    let a = vv > 1 ? (dx * vx + dy * vy + dz * vz) / vv : 0;
    a = a < 0 ? 0 : a > 1 ? 1 : a;
    sumA += a;
    const ex = dx - a * vx;
    const ey = dy - a * vy;
    const ez = dz - a * vz;
    err += Math.min(ex * ex + ey * ey + ez * ez, 3 * 900);
  }
  return { err, alpha: sumA / Math.max(1, pixels.length) };
}

function alphaAt(
  data: Float32Array,
  background: Float32Array,
  o: number,
  color: number[],
  strict: boolean,
): number {
  const vx = color[0] - background[o];
  const vy = color[1] - background[o + 1];
  const vz = color[2] - background[o + 2];
  const vv = vx * vx + vy * vy + vz * vz;
  if (strict && vv < 900) return -1;
  if (vv < 1) return 0;
  const a =
    ((data[o] - background[o]) * vx +
      (data[o + 1] - background[o + 1]) * vy +
      (data[o + 2] - background[o + 2]) * vz) /
    vv;
  return a < 0 ? 0 : a > 1 ? 1 : a;
}

/**
 * Per-pixel opacity of component `id`: the projection of the difference onto the overlay direction,
 * snapped to the fitted interior opacity when close to it (so the photo's own texture, which the smooth
 * background lacks, does not leak into the opacity), kept as is on anti-aliased edges.
 */
function perPixelAlpha(
  data: Float32Array,
  background: Float32Array,
  c: number,
  labels: Int32Array,
  id: number,
  fit: BlendFit,
  alpha: Float32Array,
): void {
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] !== id) continue;
    const o = i * c;
    const vx = fit.color[0] - background[o];
    const vy = fit.color[1] - background[o + 1];
    const vz = fit.color[2] - background[o + 2];
    const vv = vx * vx + vy * vy + vz * vz;
    // Where the overlay is close to the photo, the opacity cannot be measured but also barely matters.
    alpha[i] = vv < 400 ? fit.alpha : alphaAt(data, background, o, fit.color, false);
  }
}

/** Bands (pixels outside the mask) examined for a halo, and the strongest halo followed. */
const HALO_BANDS = 5;
const HALO_MAX_GROW = 3;
/** Share of the mark's effect that must be colour, not brightness, for a halo to be looked for. */
const HALO_MIN_CHROMA = 0.3;
/** Chroma shift (8-bit levels) of the first band that counts as a halo; later bands need HALO_NEXT. */
const HALO_FIRST = 6;
const HALO_NEXT = 3;

/**
 * Lossy storage smears a mark beyond its own edge: JPEG and WebP keep colour at half resolution, so a
 * saturated mark tints the 1-3 pixels around it even when the mask follows the mark exactly. Filled from
 * that tinted edge, the mark comes back as a faint ghost. Per group of nearby mask parts, this measures
 * how far the pixels of each band outside the mask stray, in the direction in which the mark changes the
 * photo, from a diffusion guess made from farther out, and returns the mask grown over the bands where a
 * halo shows: a strong first band that fades quickly. Photo texture averages out over a band, and a halo
 * is told from structure that merely continues past the mask by that fast fall-off. Unchanged when no
 * halo is found (lossless inputs with exact masks).
 */
export function growOverHalo(image: FloatImage, mask: Uint8Array, background: Float32Array): Uint8Array {
  const { width: w, height: h, channels: c, data } = image;
  if (c < 3) return mask;
  const near = dilate(mask, w, h, HALO_BANDS);
  const guess = data.slice();
  teleaInpaint({ ...image, data: guess }, near, 4);
  const band = distanceOutside(mask, w, h, HALO_BANDS + 1);
  const { labels, count } = connectedComponents(near, w, h);
  const dir = new Float64Array((count + 1) * 3);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || !labels[i]) continue;
    for (let k = 0; k < 3; k++) dir[labels[i] * 3 + k] += data[i * c + k] - background[i * c + k];
  }
  // Only the colour (chroma) of the halo is measured: lossy formats keep brightness at full resolution,
  // so a neutral mark leaves no halo, and brightness changes are mostly the photo's own structure.
  for (let id = 1; id <= count; id++) {
    const o = id * 3;
    const mean = (dir[o] + dir[o + 1] + dir[o + 2]) / 3;
    const full = Math.hypot(dir[o], dir[o + 1], dir[o + 2]);
    for (let k = 0; k < 3; k++) dir[o + k] -= mean;
    const chroma = Math.hypot(dir[o], dir[o + 1], dir[o + 2]);
    if (chroma < HALO_MIN_CHROMA * full) dir.fill(0, o, o + 3);
    else for (let k = 0; k < 3; k++) dir[o + k] /= chroma;
  }
  const sums = new Float64Array((count + 1) * (HALO_BANDS + 1));
  const counts = new Float64Array((count + 1) * (HALO_BANDS + 1));
  for (let i = 0; i < mask.length; i++) {
    const id = labels[i];
    if (!id || mask[i]) continue;
    const b = Math.ceil(band[i] - 1e-3);
    if (b < 1 || b > HALO_BANDS) continue;
    let p = 0;
    for (let k = 0; k < 3; k++) p += (data[i * c + k] - guess[i * c + k]) * dir[id * 3 + k];
    sums[id * (HALO_BANDS + 1) + b] += p;
    counts[id * (HALO_BANDS + 1) + b]++;
  }
  const grow = new Uint8Array(count + 1);
  let any = false;
  for (let id = 1; id <= count; id++) {
    const p = (b: number) => sums[id * (HALO_BANDS + 1) + b] / Math.max(1, counts[id * (HALO_BANDS + 1) + b]);
    if (p(1) < HALO_FIRST || p(1) < 1.5 * p(2)) continue;
    let g = 1;
    while (g < HALO_MAX_GROW && p(g + 1) >= HALO_NEXT) g++;
    grow[id] = g;
    any = true;
  }
  if (!any) return mask;
  const out = mask.slice();
  for (let i = 0; i < mask.length; i++) {
    const id = labels[i];
    if (!id || mask[i] || !grow[id]) continue;
    if (band[i] <= grow[id] + 1e-3) out[i] = 1;
  }
  return out;
}
