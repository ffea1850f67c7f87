/**
 * The whole-photo restoration before the 2x: JPEG block and ringing removal and noise reduction, tuned to the
 * quality the photo was saved at (measured from its pixels) and to its noise.
 */
import type { RawImage } from '../../lib/image';
import { deblockPlane, noiseSigma } from './deblock';
import { CHROMA_TABLE, estimateJpegQuality, LUMA_TABLE, quantTable } from './jpeg-quality';
import { fromYcc, toYcc } from './planes';

export interface RestoreReport {
  /** The JPEG quality the photo was measured at, or null when it shows no JPEG grid. */
  jpegQuality: number | null;
  /** Luma noise, standard deviation in 0..255 levels. */
  noise: number;
}

/**
 * Fraction of each quantisation step under which a coefficient counts as an artefact: 0.45 up to quality 50
 * (tuned on quality-40 faces), easing to 0.2 at 85 and above, where the steps are small and a misread
 * quality (a photo saved twice) would cost real detail.
 */
export function jpegThreshold(quality: number): number {
  return 0.45 - (0.25 * Math.min(35, Math.max(0, quality - 50))) / 35;
}
/** Multiple of the noise sigma under which a coefficient counts as noise. */
export const NOISE_THRESHOLD = 2.2;

export function restorePhoto(image: RawImage): { image: RawImage; report: RestoreReport } {
  const planes = toYcc(image);
  const { width, height } = planes;
  const jpegQuality = estimateJpegQuality(planes.y, width, height);
  const noise = noiseSigma(planes.y, width, height);
  const report = { jpegQuality, noise };
  // A JPEG's own texture reads as noise to the estimator, so the noise floor serves photos with no JPEG grid.
  const floor = jpegQuality === null && noise > 1.5 ? NOISE_THRESHOLD * noise : 0;
  if (jpegQuality === null && floor === 0) return { image, report };
  const fraction = jpegQuality === null ? 0 : jpegThreshold(jpegQuality);
  const thresholds = (table: Uint8Array) => {
    const steps = jpegQuality === null ? null : quantTable(table, jpegQuality);
    return Float32Array.from({ length: 64 }, (_, k) => Math.max(steps ? fraction * steps[k] : 0, floor));
  };
  // Luma on 16 grids; chroma, which JPEG stores at half resolution and coarser, on 4.
  const pixels = width * height;
  const lumaStep = pixels > 4_000_000 ? 4 : 2;
  planes.y = deblockPlane(planes.y, width, height, thresholds(LUMA_TABLE), lumaStep);
  const chroma = thresholds(CHROMA_TABLE);
  planes.cb = deblockPlane(planes.cb, width, height, chroma, 4);
  planes.cr = deblockPlane(planes.cr, width, height, chroma, 4);
  return { image: fromYcc(planes, image.channels === 1 ? 1 : image.channels), report };
}
