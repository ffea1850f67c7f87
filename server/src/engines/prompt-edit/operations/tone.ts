import type { RawImage } from '../../../lib/image';

/**
 * Colour and light, pixel by pixel, in place. Each operation reads the colour channels only, so a cut-out's
 * alpha survives any of them. Look-up tables keep a 12-megapixel photo to a few tens of milliseconds each.
 */

type Lut = Uint8Array;

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

function lutOf(fn: (x: number) => number): Lut {
  const lut = new Uint8Array(256);
  for (let x = 0; x < 256; x++) lut[x] = clamp8(fn(x));
  return lut;
}

/** The same curve on every colour channel: light changes, hue stays. */
function applyLut(image: RawImage, lut: Lut): void {
  if (image.channels === 4) return applyLuts(image, [lut, lut, lut]);
  const { data } = image;
  for (let i = 0; i < data.length; i++) data[i] = lut[data[i]];
}

function applyLuts(image: RawImage, luts: [Lut, Lut, Lut]): void {
  const { data, channels } = image;
  if (channels === 1) {
    for (let i = 0; i < data.length; i++) data[i] = luts[0][data[i]];
    return;
  }
  const [r, g, b] = luts;
  for (let i = 0; i < data.length; i += channels) {
    data[i] = r[data[i]];
    data[i + 1] = g[data[i + 1]];
    data[i + 2] = b[data[i + 2]];
  }
}

/** Rec. 601 luma, the weights people's eyes give red, green and blue. */
const LUMA = [0.299, 0.587, 0.114] as const;
const luma = (r: number, g: number, b: number) => LUMA[0] * r + LUMA[1] * g + LUMA[2] * b;

/**
 * Brighter or darker by a gamma curve rather than a gain: midtones move most, black stays black and white
 * stays white, so brightening never burns the sky out. amount +0.2 lifts mid-grey by about 17 %.
 */
export function adjustBrightness(image: RawImage, amount: number): void {
  const gamma = amount >= 0 ? 1 / (1 + 1.5 * amount) : 1 + 1.5 * -amount;
  applyLut(
    image,
    lutOf((x) => 255 * (x / 255) ** gamma),
  );
}

/** Stretches (or flattens) tones around the photo's own mean lightness, so contrast does not shift exposure. */
export function adjustContrast(image: RawImage, amount: number): void {
  const mean = meanLuma(image);
  const gain = 1 + amount;
  applyLut(
    image,
    lutOf((x) => mean + (x - mean) * gain),
  );
}

/** Moves each colour away from (or towards) its own grey: -1 is black and white, +0.4 is vivid. */
export function adjustSaturation(image: RawImage, amount: number): void {
  const g = 1 + amount;
  const [wr, wg, wb] = LUMA;
  applyMatrix(image, [
    [wr + g * (1 - wr), wg * (1 - g), wb * (1 - g)],
    [wr * (1 - g), wg + g * (1 - wg), wb * (1 - g)],
    [wr * (1 - g), wg * (1 - g), wb + g * (1 - wb)],
  ]);
}

/** Warmer (towards amber) for a positive amount, cooler (towards blue) for a negative one. */
export function adjustWarmth(image: RawImage, amount: number): void {
  const k = 0.25 * amount;
  applyLuts(image, [lutOf((x) => x * (1 + k)), lutOf((x) => x * (1 + k / 5)), lutOf((x) => x * (1 - k))]);
}

export function toGrayscale(image: RawImage): void {
  adjustSaturation(image, -1);
}

/** The classic sepia toning matrix: warm browns of an old print, from the photo's own tones. */
export function toSepia(image: RawImage): void {
  applyMatrix(image, [
    [0.393, 0.769, 0.189],
    [0.349, 0.686, 0.168],
    [0.272, 0.534, 0.131],
  ]);
}

/** A 3x3 colour matrix on every pixel; the clamped view rounds and clips for free. */
function applyMatrix(image: RawImage, m: number[][]): void {
  const { channels } = image;
  if (channels === 1) return;
  const data = clamped(image);
  const [[a, b, c], [d, e, f], [g, h, k]] = m;
  for (let i = 0; i < data.length; i += channels) {
    const r = data[i];
    const gr = data[i + 1];
    const bl = data[i + 2];
    data[i] = a * r + b * gr + c * bl;
    data[i + 1] = d * r + e * gr + f * bl;
    data[i + 2] = g * r + h * gr + k * bl;
  }
}

const clamped = (image: RawImage) =>
  new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);

/**
 * Auto levels: the darkest and lightest half per cent of the pixels become black and white, one curve for all
 * channels so colours keep their hue; a photo that stays dark in the middle gets its midtones lifted too.
 */
export function autoLevels(image: RawImage): void {
  const histogram = lumaHistogram(image);
  const total = histogram.reduce((a, b) => a + b, 0);
  const lo = percentile(histogram, total, 0.005);
  const hi = percentile(histogram, total, 0.995);
  if (hi - lo < 16) return; // a flat picture: stretching would only amplify noise
  const median = (percentile(histogram, total, 0.5) - lo) / (hi - lo);
  // Lift a dark median towards 0.42 of the range, never more than a gamma of 0.6.
  const gamma = median > 0 && median < 0.35 ? Math.max(0.6, Math.log(0.42) / Math.log(median)) : 1;
  applyLut(
    image,
    lutOf((x) => 255 * Math.min(1, Math.max(0, (x - lo) / (hi - lo))) ** gamma),
  );
}

/**
 * Auto white balance by the grey-world assumption, over pixels that are neither near black nor clipped, with
 * gains limited so a photo that really is mostly one colour (a sunset, a forest) is only nudged.
 */
export function autoWhiteBalance(image: RawImage): void {
  const { data, channels } = image;
  if (channels === 1) return;
  const sums = [0, 0, 0];
  let count = 0;
  const step = channels * Math.max(1, Math.floor(data.length / channels / 500_000));
  for (let i = 0; i < data.length; i += step) {
    const y = luma(data[i], data[i + 1], data[i + 2]);
    if (y < 16 || y > 240) continue;
    sums[0] += data[i];
    sums[1] += data[i + 1];
    sums[2] += data[i + 2];
    count++;
  }
  if (count < 100) return;
  const means = sums.map((s) => s / count);
  const grey = (means[0] + means[1] + means[2]) / 3;
  const gains = means.map((m) => Math.min(1.35, Math.max(0.75, grey / Math.max(m, 1))));
  applyLuts(image, [lutOf((x) => x * gains[0]), lutOf((x) => x * gains[1]), lutOf((x) => x * gains[2])]);
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
  if (channels === 1) {
    for (let i = 0; i < data.length; i++) histogram[data[i]]++;
    return histogram;
  }
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
