import type { RawImage } from './raw-image';
import { dilate } from './bitmap';

/**
 * Area-average shrink (each output pixel is the mean of the input pixels it covers, fractions weighted),
 * separable: marks are found at a working size, and averaging keeps thin strokes' contrast as well as it can.
 */
export function shrinkArea(image: RawImage, width: number, height: number): RawImage {
  const { channels } = image;
  const across = resampleAxis(image.data, image.width, image.height, channels, width, true);
  const data = resampleAxis(across, width, image.height, channels, height, false);
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Math.round(data[i]);
  return { data: out, width, height, channels };
}

function resampleAxis(
  src: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
  size: number,
  horizontal: boolean,
): Float32Array {
  const srcLen = horizontal ? width : height;
  const outW = horizontal ? size : width;
  const outH = horizontal ? height : size;
  const out = new Float32Array(outW * outH * channels);
  const scale = srcLen / size;
  // Each output position's source positions and their weights, in order: `first[o]` to `first[o + 1]`.
  const first = new Int32Array(size + 1);
  const from: number[] = [];
  const weights: number[] = [];
  for (let o = 0; o < size; o++) {
    const start = o * scale;
    const end = start + scale;
    for (let s = Math.floor(start); s < Math.min(srcLen, Math.ceil(end)); s++) {
      const weight = (Math.min(end, s + 1) - Math.max(start, s)) / scale;
      if (weight <= 0) continue;
      from.push(s);
      weights.push(weight);
    }
    first[o + 1] = from.length;
  }
  if (horizontal) {
    // Along each row in turn, which reads the photo in order (each output pixel's sum in the same order).
    for (let l = 0; l < height; l++) {
      const row = l * width;
      for (let o = 0; o < size; o++) {
        const oi = (l * outW + o) * channels;
        for (let t = first[o]; t < first[o + 1]; t++) {
          const si = (row + from[t]) * channels;
          const weight = weights[t];
          for (let k = 0; k < channels; k++) out[oi + k] += src[si + k] * weight;
        }
      }
    }
    return out;
  }
  for (let o = 0; o < size; o++)
    for (let t = first[o]; t < first[o + 1]; t++) {
      const weight = weights[t];
      const s = from[t];
      for (let l = 0; l < width; l++) {
        const si = (s * width + l) * channels;
        const oi = (o * outW + l) * channels;
        for (let k = 0; k < channels; k++) out[oi + k] += src[si + k] * weight;
      }
    }
  return out;
}

/** Nearest-neighbour enlargement of a 0/1 mask, each output pixel reading the work pixel it falls in. */
export function enlargeMask(
  mask: Uint8Array,
  w: number,
  h: number,
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const xs = new Int32Array(width);
  for (let x = 0; x < width; x++) xs[x] = Math.min(w - 1, Math.floor(((x + 0.5) * w) / width));
  for (let y = 0; y < height; y++) {
    const row = Math.min(h - 1, Math.floor(((y + 0.5) * h) / height)) * w;
    for (let x = 0; x < width; x++) out[y * width + x] = mask[row + xs[x]];
  }
  return out;
}

/**
 * A finder run at a working size: a photo larger than `side` on its longer side is shrunk to it (area
 * average), and the 0/1 mask found there enlarged back and grown by one working pixel so it still covers the
 * mark's edge.
 */
export function findAtSide(
  image: RawImage,
  side: number,
  find: (image: RawImage) => Uint8Array | null,
): Uint8Array | null {
  const scale = side / Math.max(image.width, image.height);
  if (scale >= 1) return find(image);
  const small = shrinkArea(
    image,
    Math.max(1, Math.round(image.width * scale)),
    Math.max(1, Math.round(image.height * scale)),
  );
  const mask = find(small);
  if (!mask) return null;
  const big = enlargeMask(mask, small.width, small.height, image.width, image.height);
  return dilate(big, image.width, image.height, Math.floor(1 / scale));
}
