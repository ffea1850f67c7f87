/**
 * Light recovery, a local tone mapping: the photo's lightness is split into a smooth base (the light falling
 * on each area) and detail (the texture on it). Only the base is remapped, bright areas brought down and dark
 * ones lifted, and the detail is put back on top, a little stronger where the base was compressed, so a sky
 * gets its clouds back and a shadowed face its features while local contrast stays. The base is an
 * edge-preserving fast guided filter of lightness (He and Sun 2015) at a scale relative to the photo, so at a
 * strong edge it follows the edge instead of bleeding across it: no halo. Each pixel's colour is scaled by
 * one gain, so colour ratios (hue, saturation) are kept.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import { boxMean } from '../../../models/guided-filter/guided-filter';

export interface LightRecovery {
  /** 0..1: how far bright areas come down. */
  highlights: number;
  /** 0..1: how far dark areas are lifted. */
  shadows: number;
}

/** The long side the base is computed at: the base is smooth, so a small copy holds it. */
const BASE_SIDE = 512;
/** The base's window radius, as a share of the long side: areas, not textures. */
const BASE_RADIUS = 0.03;
/** Lightness variance (0..1 units) above which a window holds an edge the base must follow: steps over ~0.15. */
const BASE_EPS = 0.005;
/**
 * Shadows: bases darker than SHADOW_REACH are lifted, a near-black one up to 1 + SHADOW_LIFT times, fading
 * out as a cube so midtones barely move. Highlights mirror it from white: bases within HIGHLIGHT_REACH of white
 * come down by up to HIGHLIGHT_PULL times their distance from it, white itself staying white.
 */
const SHADOW_LIFT = 3;
const SHADOW_REACH = 0.55;
const HIGHLIGHT_PULL = 2.5;
const HIGHLIGHT_REACH = 0.6;
/** Extra detail where the base was compressed most (highlights) or lifted most (shadows), at full amount. */
const HIGHLIGHT_DETAIL = 0.6;
const SHADOW_DETAIL = 0.3;
const LUT_SIZE = 1024;

/** The photo with its highlights and shadows recovered; a new image, the input is left as it is. */
export function recoverLight(image: RawImage, { highlights, shadows }: LightRecovery): RawImage {
  const { width, height, channels, data } = image;
  const out: RawImage = { ...image, data: new Uint8Array(data) };
  if (highlights <= 0 && shadows <= 0) return out;
  const base = baseCoefficients(image);
  const { curve, detail } = toneTables(highlights, shadows);
  const { i0: sx0, i1: sx1, f: fx } = taps(width, base.width);
  const { i0: sy0, i1: sy1, f: fy } = taps(height, base.height);
  const colour = channels >= 3;
  const rowA = new Float32Array(base.width);
  const rowB = new Float32Array(base.width);
  for (let y = 0; y < height; y++) {
    // The coefficients' row at this height, then each pixel between two of its columns.
    for (let c = 0, r0 = sy0[y] * base.width, r1 = sy1[y] * base.width; c < base.width; c++) {
      rowA[c] = base.a[r0 + c] + fy[y] * (base.a[r1 + c] - base.a[r0 + c]);
      rowB[c] = base.b[r0 + c] + fy[y] * (base.b[r1 + c] - base.b[r0 + c]);
    }
    for (let x = 0, i = y * width * channels; x < width; x++, i += channels) {
      const c0 = sx0[x];
      const c1 = sx1[x];
      const a = rowA[c0] + fx[x] * (rowA[c1] - rowA[c0]);
      const b0 = rowB[c0] + fx[x] * (rowB[c1] - rowB[c0]);
      const r = data[i];
      const g = colour ? data[i + 1] : r;
      const b = colour ? data[i + 2] : r;
      const light = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
      const smooth = Math.min(1, Math.max(0, a * light + b0));
      const k = Math.round(smooth * (LUT_SIZE - 1));
      const target = curve[k] + detail[k] * (light - smooth);
      // One gain for the three channels keeps the colour; a channel that would clip caps the gain instead.
      const most = r > g ? (r > b ? r : b) : g > b ? g : b;
      const gain = Math.min((Math.max(0, target) + 0.002) / (light + 0.002), 255 / Math.max(1, most));
      out.data[i] = Math.round(r * gain);
      if (!colour) continue;
      out.data[i + 1] = Math.round(g * gain);
      out.data[i + 2] = Math.round(b * gain);
    }
  }
  return out;
}

/**
 * The base's curve and the detail's gain, by base lightness 0..1: b + s L b (1 - b/R)^3 below R, and the
 * mirror of that from white. The slope of b (1 - b/R)^3 is (1 - u)^2 (1 - 4u) with u = b/R, never below -1/4,
 * so the curve keeps its order (no tone reversal) while L stays under 4.
 */
function toneTables(highlights: number, shadows: number) {
  const curve = new Float32Array(LUT_SIZE);
  const detail = new Float32Array(LUT_SIZE);
  for (let k = 0; k < LUT_SIZE; k++) {
    const b = k / (LUT_SIZE - 1);
    const dark = b < SHADOW_REACH ? (1 - b / SHADOW_REACH) ** 3 : 0;
    const u = 1 - b;
    const bright = u < HIGHLIGHT_REACH ? (1 - u / HIGHLIGHT_REACH) ** 3 : 0;
    curve[k] = b + shadows * SHADOW_LIFT * b * dark - highlights * HIGHLIGHT_PULL * u * bright;
    detail[k] = 1 + highlights * HIGHLIGHT_DETAIL * bright + shadows * SHADOW_DETAIL * dark;
  }
  return { curve, detail };
}

/**
 * The guided filter's linear coefficients (base = a * lightness + b) of the photo's lightness with itself as
 * guide, averaged over each window, on a copy shrunk by block means to about BASE_SIDE.
 */
function baseCoefficients(image: RawImage) {
  const { width, height, channels, data } = image;
  const factor = Math.max(1, Math.round(Math.max(width, height) / BASE_SIDE));
  const w = Math.max(1, Math.floor(width / factor));
  const h = Math.max(1, Math.floor(height / factor));
  const light = new Float32Array(w * h);
  const scale = 1 / (255 * factor * factor);
  for (let y = 0; y < h * factor; y++) {
    const row = Math.floor(y / factor) * w;
    for (let x = 0, i = y * width * channels; x < w * factor; x++, i += channels) {
      const v = channels >= 3 ? 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2] : data[i];
      light[row + Math.floor(x / factor)] += v * scale;
    }
  }
  const r = Math.max(2, Math.round(BASE_RADIUS * Math.max(w, h)));
  const mean = boxMean(light, w, h, r);
  const square = light.map((v) => v * v);
  const meanSquare = boxMean(square, w, h, r);
  const a = square; // reused: the squares are no longer needed
  const b = new Float32Array(w * h);
  for (let i = 0; i < a.length; i++) {
    const variance = Math.max(0, meanSquare[i] - mean[i] * mean[i]);
    a[i] = variance / (variance + BASE_EPS);
    b[i] = mean[i] * (1 - a[i]);
  }
  return { a: boxMean(a, w, h, r), b: boxMean(b, w, h, r), width: w, height: h };
}

/** For each of `dst` pixels, the two source pixels either side of its centre and the weight of the second. */
function taps(dst: number, src: number) {
  const i0 = new Int32Array(dst);
  const i1 = new Int32Array(dst);
  const f = new Float32Array(dst);
  for (let x = 0; x < dst; x++) {
    const s = Math.min(src - 1, Math.max(0, ((x + 0.5) * src) / dst - 0.5));
    i0[x] = Math.floor(s);
    i1[x] = Math.min(src - 1, i0[x] + 1);
    f[x] = s - i0[x];
  }
  return { i0, i1, f };
}
