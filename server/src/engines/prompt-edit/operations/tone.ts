import type { RawImage } from '../../../lib/image/raw-image';

/**
 * Colour and light, pixel by pixel. Each operation is a colour map (a look-up table per channel, or a 3x3
 * colour matrix) made from statistics of the picture as the operations before it left it. A run of operations
 * is applied in as few passes as possible: look-up tables compose into one, and a matrix takes the tables
 * before it into its own pass, so "brighter, more contrast, warmer" reads and writes a 12-megapixel photo once.
 * Statistics come from a sample of pixels taken through the same maps. Alpha is never touched.
 */

type Lut = Uint8Array;
type Luts = [Lut, Lut, Lut];
export type ColourMap = { luts: Luts } | { matrix: number[][] };
/** An operation: its map, from a sample of the picture as the operations before it left it. */
export type ColourOp = (sample: RawImage) => ColourMap;

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function lutOf(fn: (x: number) => number): Lut {
  const lut = new Uint8Array(256);
  for (let x = 0; x < 256; x++) lut[x] = clamp8(fn(x));
  return lut;
}
const same = (lut: Lut): ColourMap => ({ luts: [lut, lut, lut] });

/** Rec. 601 luma, the weights people's eyes give red, green and blue. */
const LUMA = [0.299, 0.587, 0.114] as const;

/**
 * Brighter or darker by a gamma curve rather than a gain: midtones move most, black stays black and white
 * stays white, so brightening never burns the sky out. amount +0.2 lifts mid-grey by about 17 %.
 */
export const brightness =
  (amount: number): ColourOp =>
  () => {
    const gamma = amount >= 0 ? 1 / (1 + 1.5 * amount) : 1 + 1.5 * -amount;
    return same(lutOf((x) => 255 * (x / 255) ** gamma));
  };

/** Stretches (or flattens) tones around the photo's own mean lightness, so contrast does not shift exposure. */
export const contrast =
  (amount: number): ColourOp =>
  (sample) => {
    const mean = meanLuma(sample);
    return same(lutOf((x) => mean + (x - mean) * (1 + amount)));
  };

/** Moves each colour away from (or towards) its own grey: -1 is black and white, +0.4 is vivid. */
export const saturation =
  (amount: number): ColourOp =>
  () => {
    const g = 1 + amount;
    const [wr, wg, wb] = LUMA;
    return {
      matrix: [
        [wr + g * (1 - wr), wg * (1 - g), wb * (1 - g)],
        [wr * (1 - g), wg + g * (1 - wg), wb * (1 - g)],
        [wr * (1 - g), wg * (1 - g), wb + g * (1 - wb)],
      ],
    };
  };

export const grayscale: ColourOp = saturation(-1);

/** The classic sepia toning matrix: warm browns of an old print, from the photo's own tones. */
export const sepia: ColourOp = () => ({
  matrix: [
    [0.393, 0.769, 0.189],
    [0.349, 0.686, 0.168],
    [0.272, 0.534, 0.131],
  ],
});

/** Warmer (towards amber) for a positive amount, cooler (towards blue) for a negative one. */
export const warmth =
  (amount: number): ColourOp =>
  () => {
    const k = 0.25 * amount;
    return { luts: [lutOf((x) => x * (1 + k)), lutOf((x) => x * (1 + k / 5)), lutOf((x) => x * (1 - k))] };
  };

/**
 * Auto levels: the darkest and lightest half per cent of the pixels become black and white, one curve for all
 * channels so colours keep their hue; a photo that stays dark in the middle gets its midtones lifted too.
 */
export const autoLevels: ColourOp = (sample) => {
  const histogram = lumaHistogram(sample);
  const total = histogram.reduce((a, b) => a + b, 0);
  const lo = percentile(histogram, total, 0.005);
  const hi = percentile(histogram, total, 0.995);
  if (hi - lo < 16) return same(lutOf((x) => x)); // a flat picture: stretching would only amplify noise
  const median = (percentile(histogram, total, 0.5) - lo) / (hi - lo);
  // Lift a dark median towards 0.42 of the range, never more than a gamma of 0.6.
  const gamma = median > 0 && median < 0.35 ? Math.max(0.6, Math.log(0.42) / Math.log(median)) : 1;
  return same(lutOf((x) => 255 * Math.min(1, Math.max(0, (x - lo) / (hi - lo))) ** gamma));
};

/** Applies the operations in order, in place, with one pass over the pixels per matrix and one at the end. */
export function applyColourOps(image: RawImage, ops: readonly ColourOp[]): void {
  if (image.channels === 1) throw new Error('colour operations need a colour image');
  const sample = sampleOf(image);
  let pending: Luts | null = null;
  for (const op of ops) {
    const map = op(sample);
    mapPixels(sample, null, map); // the sample already carries the maps before this one
    if ('luts' in map) pending = pending ? compose(pending, map.luts) : map.luts;
    else {
      mapPixels(image, pending, map);
      pending = null;
    }
  }
  if (pending) mapPixels(image, pending, null);
}

/** One pass: the pending tables, then the matrix if any; the clamped view rounds and clips for free. */
function mapPixels(image: RawImage, luts: Luts | null, map: ColourMap | null): void {
  const { channels } = image;
  const data = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  const [lr, lg, lb] = luts ?? [IDENTITY, IDENTITY, IDENTITY];
  const both = map && 'luts' in map ? compose([lr, lg, lb], map.luts) : null;
  if (!map || both) {
    const [r, g, b] = both ?? [lr, lg, lb];
    for (let i = 0; i < data.length; i += channels) {
      data[i] = r[data[i]];
      data[i + 1] = g[data[i + 1]];
      data[i + 2] = b[data[i + 2]];
    }
    return;
  }
  const [[a, b, c], [d, e, f], [g, h, k]] = (map as { matrix: number[][] }).matrix;
  for (let i = 0; i < data.length; i += channels) {
    const red = lr[data[i]];
    const green = lg[data[i + 1]];
    const blue = lb[data[i + 2]];
    data[i] = a * red + b * green + c * blue;
    data[i + 1] = d * red + e * green + f * blue;
    data[i + 2] = g * red + h * green + k * blue;
  }
}

const IDENTITY = lutOf((x) => x);

function compose(first: Luts, then: Luts): Luts {
  return [0, 1, 2].map((c) => first[c].map((v) => then[c][v])) as Luts;
}

/** About a quarter of a million pixels spread over the picture, for the statistics. */
function sampleOf(image: RawImage): RawImage {
  const { data, channels, width, height } = image;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 250_000)));
  const w = Math.ceil(width / step);
  const h = Math.ceil(height / step);
  const out = new Uint8Array(w * h * channels);
  let o = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * channels;
      for (let c = 0; c < channels; c++) out[o++] = data[i + c];
    }
  }
  return { data: out, width: w, height: h, channels };
}

export function meanLuma(image: RawImage): number {
  const histogram = lumaHistogram(image);
  let sum = 0;
  let count = 0;
  for (let v = 0; v < 256; v++) {
    sum += v * histogram[v];
    count += histogram[v];
  }
  return count ? sum / count : 128;
}

function lumaHistogram(image: RawImage): Float64Array {
  const { data, channels } = image;
  const histogram = new Float64Array(256);
  const opaque = channels === 4;
  for (let i = 0; i < data.length; i += channels) {
    if (opaque && data[i + 3] < 128) continue; // a cut-out's transparent part has no light to balance
    histogram[(77 * data[i] + 150 * data[i + 1] + 29 * data[i + 2]) >> 8]++;
  }
  return histogram;
}

function percentile(histogram: Float64Array, total: number, fraction: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen >= total * fraction) return v;
  }
  return 255;
}
