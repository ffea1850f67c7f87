import type { RawImage } from '../../lib/image/raw-image';
import { findTextMarks, type TextMarkTarget } from './text-marks';

export interface TextMarksPayload {
  image: RawImage;
  target: TextMarkTarget;
}

/** Worker task `text-marks`: the mask of date stamps, text or watermarks, or null when there are none. */
export default function textMarksTask({ image, target }: TextMarksPayload): { mask: Uint8Array | null } {
  return { mask: findTextMarks(image, target) };
}
