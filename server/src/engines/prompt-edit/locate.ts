import type { RawImage } from '../../lib/image/raw-image';
import type { Box } from '../../models/detect';
import type { Face } from '../../models/face';
import type { ObjectSelector } from './edit-plan';

/** Where the things to remove are: a 0/1 mask at the image's size, or what was seen instead. */
export type Located = { mask: Uint8Array; count: number } | { mask: null; seen: string[] };

/** The detectors, as the plan executor needs them; the composition root gives it the real ones. */
export interface Locator {
  /** The named COCO object(s) chosen by the selector, with a mask that covers them and their soft edges. */
  objects(image: RawImage, label: string, select: ObjectSelector, signal: AbortSignal): Promise<Located>;
  /** Date stamps, overlaid text or watermarks; null when there are none. */
  textMarks(
    image: RawImage,
    target: 'date-stamp' | 'text' | 'watermark',
    signal: AbortSignal,
  ): Promise<Uint8Array | null>;
  /** Every face with its landmarks, largest first. */
  faces(image: RawImage, signal: AbortSignal): Promise<Face[]>;
  /** What a crop must keep whole: faces, people and the main object, most important first. */
  subjects(image: RawImage, signal: AbortSignal): Promise<Box[]>;
}
