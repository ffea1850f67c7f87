/**
 * The whole-photo restoration before the 2x: the colour's JPEG blocks and ringing removed at the quality the
 * photo was saved at (measured from its pixels; the learned 2x cleans the luma itself), and noise reduced on a
 * photo without a JPEG grid.
 */
import type { RawImage } from '../../lib/image/raw-image';
import { deblockPlane, noiseSigma } from './deblock';
import { CHROMA_TABLE, estimateJpegQuality, quantTable } from './jpeg-quality';
import { fromYcc, toYcc } from './planes';

export interface RestoreReport {
  /** The JPEG quality the photo was measured at, or null when it shows no JPEG grid. */
  jpegQuality: number | null;
  /** Luma noise, standard deviation in 0..255 levels. */
  noise: number;
}

/**
 * Fraction of each quantisation step under which a colour coefficient counts as an artefact: 0.35 up to
 * quality 50 (tuned on the bench's quality-40 tuning faces, when it also cleaned the luma), easing to 0.2 at 85 and above, where the steps are small and a misread
 * quality (a photo saved twice) would cost real detail.
 */
export function jpegThreshold(quality: number): number {
  return 0.35 - (0.15 * Math.min(35, Math.max(0, quality - 50))) / 35;
}
/** Multiple of the noise sigma under which a coefficient counts as noise. */
export const NOISE_THRESHOLD = 2.2;

/** The JPEG quality and noise of a photo, measured from its pixels. */
export function measurePhoto(image: RawImage): RestoreReport {
  const { y, width, height } = toYcc(image);
  return { jpegQuality: estimateJpegQuality(y, width, height), noise: noiseSigma(y, width, height) };
}

/**
 * Restores `image`, at the quality and noise `measured` (by default measured here; a strip of a photo is
 * given the whole photo's, so that its strips are cleaned alike and meet without a seam).
 */
export function restorePhoto(
  image: RawImage,
  measured?: RestoreReport,
): { image: RawImage; report: RestoreReport } {
  const planes = toYcc(image);
  const { width, height } = planes;
  const report = measured ?? measurePhoto(image);
  const { jpegQuality, noise } = report;
  // A JPEG's own texture reads as noise to the estimator, so the noise floor serves photos with no JPEG grid.
  const floor = jpegQuality === null && noise > 1.5 ? NOISE_THRESHOLD * noise : 0;
  if (jpegQuality === null && floor === 0) return { image, report };
  const fraction = jpegQuality === null ? 0 : jpegThreshold(jpegQuality);
  const thresholds = (table: Uint8Array) => {
    const steps = jpegQuality === null ? null : quantTable(table, jpegQuality);
    return Float32Array.from({ length: 64 }, (_, k) => Math.max(steps ? fraction * steps[k] : 0, floor));
  };
  // Noise on 16 grids (4 above 4 megapixels); a JPEG's luma goes to the learned 2x as it is. Chroma, which
  // JPEG usually stores at half resolution, at half resolution on 16 grids, its change enlarged back.
  if (jpegQuality === null) {
    const step = width * height > 4_000_000 ? 4 : 2;
    planes.y = deblockPlane(planes.y, width, height, new Float32Array(64).fill(floor), step);
  }
  const chroma = thresholds(CHROMA_TABLE);
  planes.cb = deblockChroma(planes.cb, width, height, chroma);
  planes.cr = deblockChroma(planes.cr, width, height, chroma);
  return { image: fromYcc(planes, image.channels === 1 ? 1 : image.channels), report };
}

function deblockChroma(
  plane: Float32Array,
  width: number,
  height: number,
  thresholds: Float32Array,
): Float32Array {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  if (w < 8 || h < 8) return deblockPlane(plane, width, height, thresholds, 2);
  const half = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const x0 = 2 * x;
      const y0 = 2 * y;
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      half[y * w + x] =
        (plane[y0 * width + x0] + plane[y0 * width + x1] + plane[y1 * width + x0] + plane[y1 * width + x1]) /
        4;
    }
  const cleaned = deblockPlane(half, w, h, thresholds, 2);
  const out = new Float32Array(plane.length);
  for (let y = 0; y < height; y++) {
    // Pixel centres of the full grid on the half grid: (y + 0.5) / 2 - 0.5.
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = sx - x0;
      const d = (i: number) => cleaned[i] - half[i];
      const change =
        (1 - fy) * ((1 - fx) * d(y0 * w + x0) + fx * d(y0 * w + x1)) +
        fy * ((1 - fx) * d(y1 * w + x0) + fx * d(y1 * w + x1));
      out[y * width + x] = plane[y * width + x] + change;
    }
  }
  return out;
}
