import type { RawImage } from '../../lib/image';
import { findTextMarks, type TextMarkLine } from '../text-marks';
import { findLattice, MIN_STRENGTH, periodicMask } from './tiling';

/** What the detector found, for tests, logs and the benchmark. */
export interface WatermarkFindings {
  /** Lines of text (captions, web addresses, logo lettering, date stamps), by the text-marks finder. */
  textLines: number;
  /** Whether a mark tiled over the photo was found by its repetition. */
  tiled: boolean;
}

/**
 * A 0/1 mask (the image's size) of the watermarks on a photo, or null when it has none: lines of text
 * drawn over it anywhere (light, dark or warm, opaque or translucent: captions, logo lettering, web
 * addresses, date stamps) and marks tiled over the whole photo, found by their repetition.
 */
export function findWatermark(image: RawImage, found?: WatermarkFindings): Uint8Array | null {
  const lines: TextMarkLine[] = [];
  const text = findTextMarks(image, 'watermark', lines);
  const lattice = findLattice(image);
  const tiled = lattice && lattice.strength >= MIN_STRENGTH ? periodicMask(image, lattice) : null;
  if (found) {
    found.textLines = text ? lines.length : 0;
    found.tiled = tiled !== null;
  }
  if (!text) return tiled;
  if (tiled) for (let i = 0; i < text.length; i++) text[i] |= tiled[i];
  return text;
}
