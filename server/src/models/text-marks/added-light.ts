import type { RawImage } from '../../lib/image/raw-image';
import { boxMean } from './maps';

/**
 * The light a film camera's date imprint adds to the photo. Its LEDs exposed the film from behind, so the
 * digits are the photo plus an orange, red or yellow light: each channel rises, red most, blue hardly at all.
 * The photo without that light is estimated by a morphological opening per channel (the largest values under
 * the photo that fit a square wider than a bloomed stroke): it follows texture and shading coarser than the
 * square and drops the thin strokes and their glow. What the photo rises above it, channel by channel, is the
 * added light; its colour tells an imprint's LEDs from a white lamp, a highlight or green grass.
 */
export interface AddedLight {
  width: number;
  /** The band's rows, from `top` of the photo to its bottom. */
  height: number;
  top: number;
  /** The rise of red, green and blue over the photo without the light, 8-bit levels, per pixel of the band. */
  rise: [Float32Array, Float32Array, Float32Array];
  /** The photo's red, for the test of a clipped core. */
  red: Float32Array;
}

/**
 * The added light of the photo's band from row `top` down, the opening's square `2 * radius + 1` across. The
 * photo without the light is smooth, so it is estimated at half the size (each pixel the mean of four, which
 * also calms film grain and sensor noise: an opening of noise sits under the photo by about the noise's
 * spread, which would read as light added everywhere) and enlarged again. The rise is taken from the photo's
 * own pixels, or from its planes smoothed over `smooth` pixels either way where a faint glow is measured.
 */
export function addedLight(image: RawImage, top: number, radius: number, smooth = 0): AddedLight {
  const { width, data, channels } = image;
  const height = image.height - top;
  const n = width * height;
  const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)] as const;
  for (let i = 0, p = top * width * channels; i < n; i++, p += channels) {
    for (let k = 0; k < 3; k++) planes[k][i] = data[p + Math.min(k, channels - 1)];
  }
  const hw = Math.max(1, width >> 1);
  const hh = Math.max(1, height >> 1);
  const half = Math.max(1, Math.round(radius / 2));
  const rise = planes.map((raw) => {
    const plane = smooth > 0 ? boxMean(raw, width, height, smooth) : raw;
    const small = boxMean(opening(halve(raw, width, height), hw, hh, half), hw, hh, Math.max(1, half >> 1));
    const under = enlarge(small, hw, hh, width, height);
    for (let i = 0; i < n; i++) under[i] = plane[i] - under[i];
    return under;
  }) as AddedLight['rise'];
  return { width, height, top, rise, red: planes[0] };
}

/** Half the size, each pixel the mean of the 2 x 2 it covers (an odd last row or column is dropped). */
function halve(plane: Float32Array, width: number, height: number): Float32Array {
  const hw = Math.max(1, width >> 1);
  const hh = Math.max(1, height >> 1);
  const out = new Float32Array(hw * hh);
  for (let y = 0; y < hh; y++) {
    const a = Math.min(2 * y, height - 1) * width;
    const b = Math.min(2 * y + 1, height - 1) * width;
    for (let x = 0; x < hw; x++) {
      const x0 = Math.min(2 * x, width - 1);
      const x1 = Math.min(2 * x + 1, width - 1);
      out[y * hw + x] = (plane[a + x0] + plane[a + x1] + plane[b + x0] + plane[b + x1]) / 4;
    }
  }
  return out;
}

/** Bilinear enlargement from `w` x `h` to `width` x `height`, pixel centres aligned. */
function enlarge(plane: Float32Array, w: number, h: number, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const sx = w / width;
  const sy = h / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      const top = plane[y0 * w + x0] * (1 - tx) + plane[y0 * w + x1] * tx;
      const bottom = plane[y1 * w + x0] * (1 - tx) + plane[y1 * w + x1] * tx;
      out[y * width + x] = top * (1 - ty) + bottom * ty;
    }
  }
  return out;
}

/**
 * Whether the added light at band pixel i is an imprint's stroke: bright, and of the LEDs' hues, green up to
 * 0.85 of red (red to yellow-orange) and blue under half of it; where red is clipped at the core, green catches
 * up (a hot stroke turns yellowish white), so there green may reach red.
 */
export function isImprintStroke(light: AddedLight, i: number): boolean {
  const [r, g, b] = [light.rise[0][i], light.rise[1][i], light.rise[2][i]];
  if (r < STROKE_RISE || light.red[i] < 110) return false;
  const clipped = light.red[i] >= 248;
  return g <= (clipped ? 1.02 : 0.85) * r && b <= (clipped ? 0.6 : 0.45) * r;
}

/** Rise of red (8-bit levels) of a stroke's core (tuning part). */
const STROKE_RISE = 30;

/**
 * Grey-level opening (erosion then dilation) by a square, each as two 1-D passes of van Herk and Gil-Werman's
 * running extremum: three comparisons per pixel and pass, whatever the radius.
 */
export function opening(plane: Float32Array, width: number, height: number, radius: number): Float32Array {
  const eroded = extremum(
    extremum(plane, width, height, radius, true, false),
    width,
    height,
    radius,
    false,
    false,
  );
  return extremum(extremum(eroded, width, height, radius, true, true), width, height, radius, false, true);
}

function extremum(
  src: Float32Array,
  width: number,
  height: number,
  radius: number,
  across: boolean,
  max: boolean,
): Float32Array {
  const length = across ? width : height;
  const lines = across ? height : width;
  const step = across ? 1 : width;
  const out = new Float32Array(src.length);
  const size = 2 * radius + 1;
  const padded = length + 2 * radius;
  // Negated for the minimum, so one loop of maxima serves both.
  const sign = max ? 1 : -1;
  const line = new Float32Array(padded);
  const forward = new Float32Array(padded);
  const backward = new Float32Array(padded);
  for (let l = 0; l < lines; l++) {
    const start = across ? l * width : l;
    // Edges padded with the nearest pixel, so the border is not pulled towards a constant.
    for (let k = 0; k < padded; k++) {
      const at = k < radius ? 0 : k - radius >= length ? length - 1 : k - radius;
      line[k] = sign * src[start + at * step];
    }
    for (let k = 0, j = 0; k < padded; k++, j = j === size - 1 ? 0 : j + 1) {
      const v = line[k];
      forward[k] = j === 0 || forward[k - 1] < v ? v : forward[k - 1];
    }
    // Blocks start at multiples of `size`; the last one may be short.
    for (let k = padded - 1; k >= 0; k--) {
      const v = line[k];
      backward[k] = k === padded - 1 || (k + 1) % size === 0 || backward[k + 1] < v ? v : backward[k + 1];
    }
    for (let k = 0; k < length; k++) {
      const a = backward[k];
      const b = forward[k + size - 1];
      out[start + k * step] = sign * (a > b ? a : b);
    }
  }
  return out;
}
