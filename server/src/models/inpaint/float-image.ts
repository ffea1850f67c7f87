import type { RawImage } from '../../lib/image/raw-image';

/** Interleaved float pixels in 0..255, the working form of every inpainting step. */
export interface FloatImage {
  data: Float32Array;
  width: number;
  height: number;
  channels: number;
}

export function toFloat(raw: RawImage): FloatImage {
  const data = new Float32Array(raw.data.length);
  const src = raw.data;
  for (let i = 0; i < src.length; i++) data[i] = src[i];
  return { data, width: raw.width, height: raw.height, channels: raw.channels };
}

export function toRaw(image: FloatImage): RawImage {
  const out = new Uint8Array(image.data.length);
  for (let i = 0; i < out.length; i++) {
    const v = image.data[i];
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
  }
  return { data: out, width: image.width, height: image.height, channels: image.channels as 1 | 3 | 4 };
}

export function cropFloat(image: FloatImage, x0: number, y0: number, x1: number, y1: number): FloatImage {
  const { channels: c, width } = image;
  const w = x1 - x0;
  const h = y1 - y0;
  const data = new Float32Array(w * h * c);
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * width + x0) * c;
    data.set(image.data.subarray(from, from + w * c), y * w * c);
  }
  return { data, width: w, height: h, channels: c };
}

export function cropMask(
  mask: Uint8Array,
  width: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): Uint8Array {
  const w = x1 - x0;
  const out = new Uint8Array(w * (y1 - y0));
  for (let y = y0; y < y1; y++) out.set(mask.subarray(y * width + x0, y * width + x1), (y - y0) * w);
  return out;
}

/** Writes the `hole` pixels of `part` back into `image` at (x0, y0). */
export function pasteHole(
  image: FloatImage,
  part: FloatImage,
  hole: Uint8Array,
  x0: number,
  y0: number,
): void {
  const c = image.channels;
  for (let y = 0; y < part.height; y++) {
    for (let x = 0; x < part.width; x++) {
      const i = y * part.width + x;
      if (!hole[i]) continue;
      const o = ((y0 + y) * image.width + x0 + x) * c;
      for (let k = 0; k < c; k++) image.data[o + k] = part.data[i * c + k];
    }
  }
}

/**
 * Bilinear value of interleaved pixels (`w` x `h`, `c` channels) at (x, y) in pixel coordinates, clamped to
 * the image; written to `out[0..c)`.
 */
export function sampleBilinear(
  data: Float32Array,
  w: number,
  h: number,
  c: number,
  x: number,
  y: number,
  out: Float32Array | Float64Array,
): void {
  const fx = Math.min(w - 1, Math.max(0, x));
  const fy = Math.min(h - 1, Math.max(0, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const ax = fx - x0;
  const ay = fy - y0;
  for (let k = 0; k < c; k++) {
    const top = data[(y0 * w + x0) * c + k] * (1 - ax) + data[(y0 * w + x1) * c + k] * ax;
    const bottom = data[(y1 * w + x0) * c + k] * (1 - ax) + data[(y1 * w + x1) * c + k] * ax;
    out[k] = top * (1 - ay) + bottom * ay;
  }
}

/**
 * Rec. 601 luma of the pixels in the box (the whole image by default) written into `out` (one value per
 * pixel, width * height); a one-channel image gives its channel.
 */
export function lumaInto(
  image: FloatImage,
  out: Float32Array,
  box = { x0: 0, y0: 0, x1: image.width, y1: image.height },
): Float32Array {
  const { width: w, channels: c, data } = image;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      out[i] = c >= 3 ? 0.299 * data[i * c] + 0.587 * data[i * c + 1] + 0.114 * data[i * c + 2] : data[i * c];
    }
  return out;
}
