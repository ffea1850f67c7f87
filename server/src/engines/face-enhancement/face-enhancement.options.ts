import type { RawImage } from '../../lib/image/raw-image';
import type { FaceEnhancementOptions } from '@common/schemas/mode-options';

/** What a person picks: how strong the retouch is, and whether skin is smoothed at all (schema in common). */
export { faceEnhancementOptionsSchema, type FaceEnhancementOptions } from '@common/schemas/mode-options';

export interface FaceEnhancementInput extends FaceEnhancementOptions {
  image: RawImage;
  /** The plan's cap on the result, in pixels. */
  maxOutputPixels: number;
}

export const NO_FACE_NOTE = 'No face found; enhanced the whole photo';
