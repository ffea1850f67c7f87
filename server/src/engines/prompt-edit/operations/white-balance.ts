/**
 * White balance: the colour of the light is estimated from the photo's near-grey surfaces and divided out
 * (a von Kries diagonal, in linear light), with skin held to a natural hue and the cast the person named
 * always corrected. The light is read from the photo's grey things (a wall, a card, clouds), found as the
 * densest point of the pixels' chromaticities; without them, from grey-edge (van de Weijer 2007: the mean
 * of colour differences across edges is the light's colour), applied in part. Clipped pixels and faces are
 * left out: the light's colour there is unknown, or not grey.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { Face } from '../../../models/face/types';
import type { ColourCast } from '../edit-plan';
import { encodeLinear, LINEAR, LUMINANCE, withLuminanceKept, type Gains } from './linear-light';
import { holdSkin } from './skin-hold';

export interface CastCorrection {
  /** Faces in the photo: their skin is left out of the estimate and held to a natural hue after it. */
  faces?: readonly Face[];
  /** The cast the person named: the correction moves away from it whatever the estimate says. */
  cast?: ColourCast;
}

/** Direction of each cast in log-RGB, mean-free and unit length: what the light adds to a grey. */
const CAST_DIRECTION: Record<ColourCast, Gains> = {
  yellow: unit([1, 1, -2]),
  blue: unit([-1, -1, 2]),
  green: unit([-1, 2, -1]),
  magenta: unit([1, -2, 1]),
  red: unit([2, -1, -1]),
};
/** A named cast is corrected by at least this much (log units, about 4 Lab units of chroma on a grey). */
const NAMED_CAST_FLOOR = 0.05;
/** Nor by more than this, whatever the photo shows: beyond it the photo's own colours were misread. */
const NAMED_CAST_CEILING = 0.35;
/** No correction is larger than this (log units): a deep sunset stays warm. */
const MAX_CORRECTION = 0.7;
/** The log-chroma plane is binned over +-CHROMA_RANGE in CHROMA_BINS steps each side: 0.02 a bin. */
const CHROMA_RANGE = 1;
const CHROMA_BINS = 50;
/** The prior on the light's log-chroma: casts much past this are rarer than coloured scenes. */
const PRIOR_SPREAD = 0.45;
/** How far a named cast moves the prior's centre its way (log-chroma). */
const NAMED_PRIOR_SHIFT = 0.25;
/** Fewer pixels than this share at the densest point: no greys to go by. */
const MIN_GREY_SHARE = 0.01;
/** This share or more of the pixels at one point: sure (a wall, a card, a sky of clouds). */
const SURE_GREY_SHARE = 0.06;
/**
 * The share of the densest point's neighbourhood (+-0.12) that sits at the point itself: a grey card or
 * wall measured 0.9 to 1, a blue sky, water, wood or a toned print 0.2 to 0.45. Confidence ramps between.
 */
const LOOSE = 0.3;
const TIGHT = 0.7;
/** The confidence in grey-edge alone: a photo with no grey thing (a lawn, flowers) is only nudged. */
const UNSURE = 0.15;

/** The photo white-balanced: a new image, the input left as it is. Alpha is kept. */
export function correctColourCast(image: RawImage, { faces = [], cast }: CastCorrection = {}): RawImage {
  if (image.channels < 3) return { ...image, data: new Uint8Array(image.data) };
  const skip = faceMask(image, faces);
  const { light, confidence } = estimateLight(image, skip, cast);
  // An unsure estimate is applied in part: a wrong full correction looks worse than a cast left in.
  let gains = scaled(gainsOf(light), confidence);
  if (cast) gains = awayFrom(gains, cast, image, skip);
  gains = limited(gains);
  if (faces.length) gains = holdSkin(image, faces, gains);
  return applyGains(image, gains);
}

/**
 * The light's colour in linear RGB (any scale) and how sure the estimate is (0..1). Every grey surface shows
 * the light's own colour, whatever its lightness, so greys pile up at one point of the log-chroma plane
 * (log r/g, log b/g) while coloured surfaces spread out; the densest point near neutral (a prior favours
 * small casts) is the light. Its pixels' mean refines it. With few pixels there, the grey-edge estimate
 * steps in, with less confidence.
 */
export function estimateLight(
  image: RawImage,
  skip?: Uint8Array,
  cast?: ColourCast,
): { light: Gains; confidence: number } {
  const { rgb, count } = candidates(image, skip);
  const edge = greyEdge(image);
  if (count < 100) return { light: edge, confidence: UNSURE };
  // The prior's centre in log-chroma: neutral, or towards the cast the person named.
  const [dr, dg, db] = cast ? CAST_DIRECTION[cast] : [0, 0, 0];
  const centreU = NAMED_PRIOR_SHIFT * (dr - dg);
  const centreV = NAMED_PRIOR_SHIFT * (db - dg);
  const bins = 2 * CHROMA_BINS + 1;
  const histogram = new Float32Array(bins * bins);
  const cell = new Int32Array(count).fill(-1);
  for (let k = 0; k < count; k++) {
    const u = Math.round((Math.log(rgb[3 * k] / rgb[3 * k + 1]) / CHROMA_RANGE) * CHROMA_BINS) + CHROMA_BINS;
    const v =
      Math.round((Math.log(rgb[3 * k + 2] / rgb[3 * k + 1]) / CHROMA_RANGE) * CHROMA_BINS) + CHROMA_BINS;
    if (u < 0 || v < 0 || u >= bins || v >= bins) continue;
    cell[k] = v * bins + u;
    histogram[cell[k]]++;
  }
  let best = -1;
  let bestScore = 0;
  for (let v = 1; v < bins - 1; v++) {
    for (let u = 1; u < bins - 1; u++) {
      let around = 0;
      for (let dv = -1; dv <= 1; dv++)
        for (let du = -1; du <= 1; du++) around += histogram[(v + dv) * bins + u + du];
      const du = ((u - CHROMA_BINS) / CHROMA_BINS) * CHROMA_RANGE - centreU;
      const dv = ((v - CHROMA_BINS) / CHROMA_BINS) * CHROMA_RANGE - centreV;
      const score = around * Math.exp(-(du * du + dv * dv + (du - dv) * (du - dv)) / (2 * PRIOR_SPREAD ** 2));
      if (score > bestScore) [best, bestScore] = [v * bins + u, score];
    }
  }
  const sum = [0, 0, 0];
  let picked = 0;
  const bu = best % bins;
  const bv = Math.floor(best / bins);
  for (let k = 0; k < count; k++) {
    if (cell[k] < 0) continue;
    const u = cell[k] % bins;
    const v = Math.floor(cell[k] / bins);
    if (Math.abs(u - bu) > 1 || Math.abs(v - bv) > 1) continue;
    for (let c = 0; c < 3; c++) sum[c] += rgb[3 * k + c];
    picked++;
  }
  const share = picked / count;
  if (share < MIN_GREY_SHARE) return { light: edge, confidence: UNSURE };
  // Grey things show one chromaticity, shaded or lit; a blue sky or water, skin or wood a spread of them.
  let around = 0;
  for (let v = Math.max(0, bv - 6); v <= Math.min(bins - 1, bv + 6); v++)
    for (let u = Math.max(0, bu - 6); u <= Math.min(bins - 1, bu + 6); u++) around += histogram[v * bins + u];
  const tight = smoothstep(LOOSE, TIGHT, picked / around);
  return { light: sum as Gains, confidence: Math.min(1, share / SURE_GREY_SHARE) * tight };
}

/** Gains that turn the light grey with its luminance kept. */
function gainsOf(light: Gains): Gains {
  const luminance = LUMINANCE[0] * light[0] + LUMINANCE[1] * light[1] + LUMINANCE[2] * light[2];
  return light.map((c) => luminance / Math.max(c, 1e-6)) as Gains;
}

/**
 * The gains made to take at least NAMED_CAST_FLOOR of the named cast away: when the estimate removes less
 * of it (it found greys the cast had not reached, or none), the photo's mean colour along the cast says how
 * much there is, within the floor and ceiling.
 */
function awayFrom(gains: Gains, cast: ColourCast, image: RawImage, skip: Uint8Array | undefined): Gains {
  const direction = CAST_DIRECTION[cast];
  const correction = meanFree(gains.map(Math.log));
  // The gains take the cast away where their log points against it.
  const removed = -dot(correction, direction);
  if (removed >= NAMED_CAST_FLOOR) return gains;
  const mean = meanFree(greyWorld(image, skip).map(Math.log));
  const present = Math.min(NAMED_CAST_CEILING, Math.max(NAMED_CAST_FLOOR, dot(mean, direction)));
  const adjusted = correction.map((c, i) => c - (present - removed) * direction[i]);
  return withLuminanceKept(adjusted.map(Math.exp) as Gains);
}

/** The correction's log scaled by `share`. */
function scaled(gains: Gains, share: number): Gains {
  return withLuminanceKept(meanFree(gains.map(Math.log)).map((c) => Math.exp(c * share)) as Gains);
}

/** The correction scaled down to MAX_CORRECTION (log units, mean-free) when it is larger. */
function limited(gains: Gains): Gains {
  const log = meanFree(gains.map(Math.log));
  const size = Math.hypot(...log);
  if (size <= MAX_CORRECTION) return gains;
  return withLuminanceKept(log.map((c) => Math.exp((c * MAX_CORRECTION) / size)) as Gains);
}

/**
 * The gains applied in linear light. A pixel clipped in every channel was white in the scene and stays white
 * (fading in from 235), and a colour pushed past white is scaled back whole, so it keeps its hue.
 */
export function applyGains(image: RawImage, [gr, gg, gb]: Gains): RawImage {
  const { data, channels } = image;
  const out = new Uint8Array(data);
  for (let i = 0; i < data.length; i += channels) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    let R = LINEAR[r] * gr;
    let G = LINEAR[g] * gg;
    let B = LINEAR[b] * gb;
    const most = Math.max(R, G, B);
    if (most > 1) [R, G, B] = [R / most, G / most, B / most];
    const least = Math.min(r, g, b);
    if (least > 235) {
      const t = Math.min(1, (least - 235) / 17);
      [R, G, B] = [R + t * (LINEAR[r] - R), G + t * (LINEAR[g] - G), B + t * (LINEAR[b] - B)];
    }
    out[i] = encodeLinear(R);
    out[i + 1] = encodeLinear(G);
    out[i + 2] = encodeLinear(B);
  }
  return { ...image, data: out };
}

/** Up to about 200,000 pixels, in linear light, that are neither near black nor clipped nor in a face. */
function candidates(image: RawImage, skip?: Uint8Array) {
  const { data, channels, width, height } = image;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 200_000)));
  const rgb = new Float32Array(3 * Math.ceil(width / step) * Math.ceil(height / step));
  let count = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const p = y * width + x;
      const i = p * channels;
      if (skip?.[p] || (channels === 4 && data[i + 3] < 128)) continue;
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      if (Math.max(r, g, b) >= 250 || Math.min(r, g, b) < 12) continue;
      rgb[3 * count] = LINEAR[r];
      rgb[3 * count + 1] = LINEAR[g];
      rgb[3 * count + 2] = LINEAR[b];
      count++;
    }
  }
  return { rgb, count };
}

/**
 * Grey-edge (first order, Minkowski norm 6): per channel, the 6-norm of the differences between neighbours
 * two pixels apart, in linear light. Surfaces' colours cancel at their edges more than they do in their means.
 */
function greyEdge(image: RawImage): Gains {
  const { data, channels, width, height } = image;
  const sums = [0, 0, 0];
  const step = Math.max(2, 2 * Math.floor(Math.sqrt((width * height) / 400_000)));
  for (let y = 0; y + step < height; y += step) {
    for (let x = 0; x + step < width; x += step) {
      const i = (y * width + x) * channels;
      const right = i + step * channels;
      const below = i + step * width * channels;
      for (let c = 0; c < 3; c++) {
        const dx = LINEAR[data[right + c]] - LINEAR[data[i + c]];
        const dy = LINEAR[data[below + c]] - LINEAR[data[i + c]];
        sums[c] += (dx * dx + dy * dy) ** 3;
      }
    }
  }
  return sums.map((s) => Math.max(1e-9, s) ** (1 / 6)) as Gains;
}

/** The mean colour (linear) of the photo's candidate pixels: what the photo as a whole leans towards. */
function greyWorld(image: RawImage, skip?: Uint8Array): Gains {
  const { rgb, count } = candidates(image, skip);
  const sum = [1e-6, 1e-6, 1e-6];
  for (let k = 0; k < count; k++) for (let c = 0; c < 3; c++) sum[c] += rgb[3 * k + c];
  return sum as Gains;
}

/** 1 over each face's box grown by a fifth: skin, hair and eyes are no grey to balance by. */
function faceMask(image: RawImage, faces: readonly Face[]): Uint8Array | undefined {
  if (!faces.length) return undefined;
  const { width, height } = image;
  const mask = new Uint8Array(width * height);
  for (const { box } of faces) {
    const margin = 0.2 * Math.max(box.width, box.height);
    const x0 = Math.max(0, Math.floor(box.x - margin));
    const x1 = Math.min(width, Math.ceil(box.x + box.width + margin));
    for (
      let y = Math.max(0, Math.floor(box.y - margin));
      y < Math.min(height, box.y + box.height + margin);
      y++
    )
      mask.fill(1, y * width + x0, y * width + x1);
  }
  return mask;
}

function unit(v: Gains): Gains {
  const size = Math.hypot(...v);
  return v.map((c) => c / size) as Gains;
}
const meanFree = (v: number[]): Gains => {
  const mean = (v[0] + v[1] + v[2]) / 3;
  return [v[0] - mean, v[1] - mean, v[2] - mean];
};
const smoothstep = (from: number, to: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - from) / (to - from)));
  return t * t * (3 - 2 * t);
};
const dot = (a: readonly number[], b: readonly number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
