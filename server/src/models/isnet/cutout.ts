import type { Backdrop } from '@common/schemas/mode-options';
import { sharedPixels, withAlpha, withoutAlpha, type RawImage } from '../../lib/image/raw-image';
import { composeCutout, type ComposedCutout } from './compose';
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
  /** RGB over a backdrop, RGBA on transparency; absent when no subject was found. */
  image?: RawImage;
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

/**
 * A composed cut-out as one image: its colours as they are, or joined to its alpha (RGBA) for a transparent
 * backdrop, in shared memory so that it leaves the inference thread without a copy.
 */
export function cutoutImage({ rgb, alpha }: ComposedCutout): RawImage {
  return alpha ? withAlpha(sharedPixels(rgb), alpha) : sharedPixels(rgb);
}

/**
 * Matte (predicted, portrait-aware, or given), refine to full resolution, compose the backdrop.
 * An RGB photo's pixels are used up: the result is composed over them.
 */
export async function runCutout(
  request: CutoutRequest,
  model: () => IsnetModel,
  progress: (fraction: number, message?: string) => void = () => {},
): Promise<CutoutResult> {
  // Shared memory (as the server's worker receives it already), so the pixel work can run in bands.
  const image = sharedPixels(withoutAlpha(request.image));
  const alpha = request.matte
    ? await refineMatte(image, request.matte)
    : (await subjectMatte(image, model())).alpha;
  progress(0.7, 'matte ready');
  const coverage = matteCoverage(alpha);
  if (coverage < MIN_COVERAGE) return { coverage };
  const composed = await composeCutout(image, alpha, request);
  progress(0.85, 'composed');
  progress(1);
  return { image: cutoutImage(composed), coverage };
}
