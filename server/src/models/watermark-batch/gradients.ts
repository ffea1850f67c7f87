import type { RawImage } from '../../lib/image/raw-image';

/**
 * Horizontal and vertical differences (central, halved) of each colour channel of one photo, as Dekel et al.
 * take them: a mark whose colour steps from the photos' while its luma does not (a red disc over green and brown
 * photos) shows only in the channels. `channels` planes of width * height values, one after another.
 */
export interface Gradients {
  gx: Float32Array;
  gy: Float32Array;
  width: number;
  height: number;
  channels: number;
}

/** Every photo gives three planes (a grey one its single channel three times), so any batch stacks. */
export const PLANES = 3;

export function colourGradients(image: RawImage): Gradients {
  const { width: w, height: h, channels: c, data } = image;
  const n = w * h;
  const gx = new Float32Array(n * PLANES);
  const gy = new Float32Array(n * PLANES);
  for (let k = 0; k < PLANES; k++) {
    const ch = Math.min(k, c - 1);
    const at = (i: number) => data[i * c + ch];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        gx[k * n + i] = x > 0 && x < w - 1 ? (at(i + 1) - at(i - 1)) / 2 : 0;
        gy[k * n + i] = y > 0 && y < h - 1 ? (at(i + w) - at(i - w)) / 2 : 0;
      }
  }
  return { gx, gy, width: w, height: h, channels: PLANES };
}

/** The length of the gradient at each pixel, over all the planes. */
export function magnitudes({ gx, gy, width, height, channels }: Gradients): Float32Array {
  const n = width * height;
  const out = new Float32Array(n);
  for (let k = 0; k < channels; k++)
    for (let i = 0; i < n; i++) out[i] += gx[k * n + i] ** 2 + gy[k * n + i] ** 2;
  for (let i = 0; i < n; i++) out[i] = Math.sqrt(out[i]);
  return out;
}

/**
 * The per-pixel median over the photos of each gradient component (Dekel et al. 2017): a photo's own edges
 * fall anywhere, the mark's fall in the same place on every photo, so the median keeps only the mark's.
 */
export function medianGradients(stack: Gradients[]): Gradients {
  const { width, height, channels } = stack[0];
  const n = stack.length;
  const size = stack[0].gx.length;
  const gx = new Float32Array(size);
  const gy = new Float32Array(size);
  const values = new Float32Array(n);
  for (const [from, to] of [
    ['gx', gx],
    ['gy', gy],
  ] as const) {
    for (let i = 0; i < size; i++) {
      // Insertion sort: a dozen or two values, millions of times (TypedArray.sort costs a call each).
      for (let k = 0; k < n; k++) {
        const v = stack[k][from][i];
        let j = k;
        for (; j > 0 && values[j - 1] > v; j--) values[j] = values[j - 1];
        values[j] = v;
      }
      to[i] = n % 2 ? values[(n - 1) / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
  }
  return { gx, gy, width, height, channels };
}

/**
 * The median over the photos of their gradients blurred by `radius`, computed a band of rows at a time: the whole
 * stack of a batch's colour gradients (6 planes of floats a photo) would hold gigabytes for 30 large photos.
 */
export function blurredMedian(photos: RawImage[], radius: number): Gradients {
  const { width: w, height: h } = photos[0];
  const n = w * h;
  const gx = new Float32Array(n * PLANES);
  const gy = new Float32Array(n * PLANES);
  for (let y0 = 0; y0 < h; y0 += BAND) {
    const y1 = Math.min(h, y0 + BAND);
    // Rows enough around the band for its blur, and one more for the differences at their edge.
    const from = Math.max(0, y0 - radius - 1);
    const to = Math.min(h, y1 + radius + 1);
    const stack = photos.map((photo) =>
      blurGradients(
        colourGradients({
          ...photo,
          data: photo.data.subarray(from * w * photo.channels, to * w * photo.channels),
          height: to - from,
        }),
        radius,
      ),
    );
    const median = medianGradients(stack);
    const rows = to - from;
    for (let k = 0; k < PLANES; k++) {
      const at = k * rows * w + (y0 - from) * w;
      gx.set(median.gx.subarray(at, at + (y1 - y0) * w), k * n + y0 * w);
      gy.set(median.gy.subarray(at, at + (y1 - y0) * w), k * n + y0 * w);
    }
  }
  return { gx, gy, width: w, height: h, channels: PLANES };
}

const BAND = 64;

export function blurGradients(g: Gradients, radius: number): Gradients {
  const { width: w, height: h, channels } = g;
  const gx = new Float32Array(g.gx.length);
  const gy = new Float32Array(g.gy.length);
  const tmp = new Float32Array(w * h);
  for (let ch = 0; ch < channels; ch++) {
    const plane = (values: Float32Array) => values.subarray(ch * w * h, (ch + 1) * w * h);
    boxBlur(plane(g.gx), tmp, plane(gx), w, h, radius);
    boxBlur(plane(g.gy), tmp, plane(gy), w, h, radius);
  }
  return { gx, gy, width: w, height: h, channels };
}

/** A separable box blur of `values` into `out` (clamped at the borders), by running sums. */
function boxBlur(
  values: Float32Array,
  tmp: Float32Array,
  out: Float32Array,
  w: number,
  h: number,
  r: number,
) {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    for (let d = -r; d <= r; d++) sum += values[row + Math.min(w - 1, Math.max(0, d))];
    for (let x = 0; x < w; x++) {
      tmp[row + x] = sum * norm;
      sum += values[row + Math.min(w - 1, x + r + 1)] - values[row + Math.max(0, x - r)];
    }
  }
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let d = -r; d <= r; d++) sum += tmp[Math.min(h - 1, Math.max(0, d)) * w + x];
    for (let y = 0; y < h; y++) {
      out[y * w + x] = sum * norm;
      sum += tmp[Math.min(h - 1, y + r + 1) * w + x] - tmp[Math.max(0, y - r) * w + x];
    }
  }
}
