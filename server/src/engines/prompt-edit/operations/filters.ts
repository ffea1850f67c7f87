import { boxMean } from '../../../models/guided-filter/guided-filter';
import type { RawImage } from '../../../lib/image/raw-image';
import { viaSharp } from './pixels';

/** Blur and sharpening radii follow the photo's size, so "a bit" means the same on a phone shot and a scan. */
const scaleOf = (image: RawImage) => Math.max(image.width, image.height) / 1000;

/** Unsharp masking on lightness only (libvips), so sharpening adds no colour fringes. */
export function sharpen(image: RawImage, amount: number): Promise<RawImage> {
  const sigma = Math.max(0.5, (0.6 + amount) * Math.max(1, scaleOf(image)));
  return viaSharp(image, (p) => p.sharpen({ sigma, m1: 0.5, m2: 1 + 4 * amount }));
}

export function blur(image: RawImage, amount: number): Promise<RawImage> {
  const sigma = Math.max(0.5, (1 + 20 * amount) * scaleOf(image));
  return viaSharp(image, (p) => p.blur(sigma));
}

/**
 * Noise reduction that keeps edges: lightness through a self-guided filter (flat areas are averaged, edges
 * are kept because there the window's variance outweighs eps), colour noise averaged over a wider window,
 * since the eye forgives soft colour far more than soft detail.
 */
export function denoise(image: RawImage, amount: number): RawImage {
  const { data, width, height, channels } = image;
  const n = width * height;
  const y = new Float32Array(n);
  const cb = new Float32Array(n);
  const cr = new Float32Array(n);
  for (let p = 0, i = 0; p < n; p++, i += channels) {
    const r = data[i];
    const g = channels === 1 ? r : data[i + 1];
    const b = channels === 1 ? r : data[i + 2];
    y[p] = 0.299 * r + 0.587 * g + 0.114 * b;
    cb[p] = b - y[p];
    cr[p] = r - y[p];
  }
  const radius = Math.max(2, Math.round(2 * scaleOf(image)));
  const eps = (6 + 24 * amount) ** 2;
  const smooth = selfGuided(y, width, height, radius, eps);
  const softCb = boxMean(cb, width, height, radius * 2);
  const softCr = boxMean(cr, width, height, radius * 2);
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  for (let p = 0, i = 0; p < n; p++, i += channels) {
    const l = smooth[p];
    if (channels === 1) {
      data[i] = clamp(l);
      continue;
    }
    const r = l + softCr[p];
    const b = l + softCb[p];
    data[i] = clamp(r);
    data[i + 1] = clamp((l - 0.299 * r - 0.114 * b) / 0.587);
    data[i + 2] = clamp(b);
  }
  return image;
}

/** He et al.'s guided filter with the signal as its own guide: an edge-aware local mean. */
function selfGuided(src: Float32Array, width: number, height: number, r: number, eps: number): Float32Array {
  const sq = new Float32Array(src.length);
  for (let i = 0; i < src.length; i++) sq[i] = src[i] * src[i];
  const mean = boxMean(src, width, height, r);
  const meanSq = boxMean(sq, width, height, r);
  const a = sq; // reused: the source's squares are no longer needed
  const b = new Float32Array(src.length);
  for (let i = 0; i < src.length; i++) {
    const variance = meanSq[i] - mean[i] * mean[i];
    a[i] = variance / (variance + eps);
    b[i] = mean[i] * (1 - a[i]);
  }
  const meanA = boxMean(a, width, height, r);
  const meanB = boxMean(b, width, height, r);
  for (let i = 0; i < src.length; i++) meanA[i] = meanA[i] * src[i] + meanB[i];
  return meanA;
}
