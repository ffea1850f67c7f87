import type { RawImage } from '../../lib/image/raw-image';

/**
 * Per-pixel evidence of marks drawn over a photo, each as a strong map (seeds of characters) and a weak one
 * (the same kind at half the contrast: anti-aliased edges and JPEG halo, kept only next to strong pixels).
 * bright: lighter than its surroundings (white or translucent white text); dark: darker (black text);
 * warm: saturated orange, red or yellow that stands out (camera date imprints).
 */
export type MapKind = 'bright' | 'dark' | 'warm';

export interface CandidateMap {
  kind: MapKind;
  strong: Uint8Array;
  weak: Uint8Array;
  /** Luma minus its local mean, shared by the maps of one image. */
  contrast: Float32Array;
}

/** Local contrast a stroke needs over the mean of its surroundings to seed a character (8-bit luma). */
const BRIGHT_CONTRAST = 30;
const DARK_CONTRAST = 55;

/** Radius of the surroundings: several stroke widths of text of a usual size for the photo. */
export function surroundRadius(width: number, height: number): number {
  return Math.max(8, Math.round(Math.max(width, height) / 90));
}

export function luma(image: RawImage): Float32Array {
  const { data, channels } = image;
  const n = image.width * image.height;
  const out = new Float32Array(n);
  if (channels === 1) {
    for (let i = 0; i < n; i++) out[i] = data[i];
    return out;
  }
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    out[i] = 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
  }
  return out;
}

/** Mean over a (2r+1)^2 box clipped to the image, by an integral image. */
export function boxMean(plane: Float32Array, width: number, height: number, r: number): Float32Array {
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += plane[y * width + x];
      sum[(y + 1) * w1 + x + 1] = sum[y * w1 + x + 1] + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const s = sum[y1 * w1 + x1] - sum[y0 * w1 + x1] - sum[y1 * w1 + x0] + sum[y0 * w1 + x0];
      out[y * width + x] = s / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}

/** A warm, saturated, fairly bright colour: 0 = not warm, up to about 1. */
function warmth(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max < 120 || r < g * 0.95 || max === 0) return 0;
  const sat = (max - min) / max;
  // Hue between red (g = b) and yellow (g = r): blue must be the smallest channel.
  if (b > g + 10) return 0;
  return sat;
}

export function candidateMaps(image: RawImage, kinds: readonly MapKind[]): CandidateMap[] {
  const { width, height, data, channels } = image;
  const n = width * height;
  const y = luma(image);
  const r = surroundRadius(width, height);
  const mean = boxMean(y, width, height, r);
  const contrast = new Float32Array(n);
  for (let i = 0; i < n; i++) contrast[i] = y[i] - mean[i];
  const maps: CandidateMap[] = [];
  if (kinds.includes('bright')) {
    const strong = new Uint8Array(n);
    const weak = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const d = y[i] - mean[i];
      if (d >= BRIGHT_CONTRAST && y[i] >= 100) strong[i] = 1;
      if (d >= BRIGHT_CONTRAST / 2) weak[i] = 1;
    }
    maps.push({ kind: 'bright', strong, weak, contrast });
  }
  if (kinds.includes('dark')) {
    const strong = new Uint8Array(n);
    const weak = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const d = mean[i] - y[i];
      if (d >= DARK_CONTRAST && y[i] <= 90) strong[i] = 1;
      if (d >= DARK_CONTRAST / 2) weak[i] = 1;
    }
    maps.push({ kind: 'dark', strong, weak, contrast });
  }
  if (kinds.includes('warm') && channels >= 3) {
    const warm = new Float32Array(n);
    const planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
    for (let i = 0, p = 0; i < n; i++, p += channels) {
      warm[i] = warmth(data[p], data[p + 1], data[p + 2]);
      for (let k = 0; k < 3; k++) planes[k][i] = data[p + k];
    }
    const warmMean = boxMean(warm, width, height, r);
    const [mr, mg, mb] = planes.map((plane) => boxMean(plane, width, height, r));
    const strong = new Uint8Array(n);
    const weak = new Uint8Array(n);
    for (let i = 0, p = 0; i < n; i++, p += channels) {
      // Saturated and either more so than its surroundings or of another colour than they are: a red
      // imprint over an orange blur is no more saturated than the blur, but redder.
      const shift = Math.hypot(data[p] - mr[i], data[p + 1] - mg[i], data[p + 2] - mb[i]);
      const standsOut = warm[i] - warmMean[i];
      if (warm[i] >= 0.5 && y[i] >= 90 && (standsOut >= 0.2 || shift >= 45)) strong[i] = 1;
      if (warm[i] >= 0.3 && (standsOut >= 0.1 || shift >= 22)) weak[i] = 1;
    }
    maps.push({ kind: 'warm', strong, weak, contrast });
  }
  return maps;
}
