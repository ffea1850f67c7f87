import sharp from 'sharp';
import type { Backdrop } from '../../engines/background-removal/background-removal.options';
import { withoutAlpha, type RawImage } from '../../lib/image';
import { composeCutout } from './compose';
import type { IsnetModel } from './isnet.model';
import { subjectMatte } from '../person-matte/portrait';
import { refineMatte } from './matte';

export interface MatteImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface CutoutRequest {
  /** RGB; an alpha channel is ignored. */
  image: RawImage;
  backdrop: Backdrop;
  shadow: boolean;
  /** A matte from elsewhere (a cloud provider), at any size; without it the model predicts one. */
  matte?: MatteImage;
}

export interface CutoutResult {
  /** Absent when no subject was found. */
  png?: Uint8Array;
  /** Share of the photo inside the cut-out (alpha > 0.5). */
  coverage: number;
}

/** Below this share of the photo, the model found nothing worth cutting out. */
const MIN_COVERAGE = 0.001;

export function matteCoverage(alpha: Uint8Array): number {
  let inside = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i] > 127) inside++;
  return inside / alpha.length;
}

export async function encodeCutoutPng(image: RawImage): Promise<Uint8Array> {
  // Level 3 with adaptive filtering: measured within a few percent of level 6's size at a third of the time.
  const png = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .png({ compressionLevel: 3, adaptiveFiltering: true })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.length);
}

/** Matte (predicted, portrait-aware, or given), refine to full resolution, compose the backdrop, encode PNG. */
export async function runCutout(
  request: CutoutRequest,
  model: () => IsnetModel,
  progress: (fraction: number, message?: string) => void = () => {},
): Promise<CutoutResult> {
  const image = withoutAlpha(request.image);
  const alpha = request.matte
    ? await refineMatte(image, request.matte)
    : (await subjectMatte(image, model())).alpha;
  progress(0.7, 'matte ready');
  const coverage = matteCoverage(alpha);
  if (coverage < MIN_COVERAGE) return { coverage };
  const composed = await composeCutout(image, alpha, request);
  progress(0.85, 'composed');
  const png = await encodeCutoutPng(composed);
  progress(1, 'encoded');
  return { png, coverage };
}
