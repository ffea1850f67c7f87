import type { RawImage } from '../../lib/image';
import { dilate } from '../inpaint/mask';
import { findTextMarks, type TextMarkLine } from '../text-marks';
import { textProbability, type TextProbability } from './text-probability';
import { textStrokes, type TextLineEvidence } from './text-strokes';
import { bannerMask, findBanner } from './banner';
import { findLattice, MIN_STRENGTH, periodicMask } from './tiling';

/** What the detector found, for tests, logs and the benchmark. */
export interface WatermarkFindings {
  /** Lines of text (captions, web addresses, logo lettering, date stamps), by the text-marks finder. */
  textLines: number;
  /** Whether a mark tiled over the photo was found by its repetition. */
  tiled: boolean;
  /** Every line the text detector saw, and whether it was taken as lettering laid over the photo. */
  lettering?: TextLineEvidence[];
}

/**
 * Pixels the lettering's strokes are grown by, as a person paints a little past a stroke; the other finders
 * grow their own masks.
 */
const GROW = 2;

/**
 * A 0/1 mask (the image's size) of the watermarks on a photo, or null when it has none: lettering laid over
 * it at any angle and in any colour (PaddleOCR's text detector, kept where the photo shows an overlay),
 * lines of light, dark or warm text (the text-marks finder: captions, date stamps) and marks tiled over the
 * whole photo, found by their repetition.
 */
export async function findWatermark(image: RawImage, found?: WatermarkFindings): Promise<Uint8Array | null> {
  const evidence: TextLineEvidence[] = [];
  const probability = await textProbability(image);
  const lines: TextMarkLine[] = [];
  const text = findTextMarks(image, 'watermark', lines);
  const lattice = findLattice(image);
  const tiled = lattice && lattice.strength >= MIN_STRENGTH ? periodicMask(image, lattice) : null;
  const union = combine(image, probability, text, tiled, evidence);
  if (found) {
    found.textLines = text ? lines.length : 0;
    found.tiled = tiled !== null;
    found.lettering = evidence;
  }
  return union;
}

/** The finders' masks joined, given the text detector's map and the text-marks and tiled-mark masks. */
export function combine(
  image: RawImage,
  probability: TextProbability,
  text: Uint8Array | null,
  tiled: Uint8Array | null,
  evidence: TextLineEvidence[] = [],
): Uint8Array | null {
  const strokes = textStrokes(image, probability, evidence);
  const lettering = strokes && dilate(strokes, image.width, image.height, GROW);
  const banner = findBanner(image);
  const band = banner && bannerMask(image, banner);
  const parts = [lettering, text, tiled, band].filter((m): m is Uint8Array => m !== null);
  if (parts.length === 0) return null;
  const union = parts[0].slice();
  for (const part of parts.slice(1)) for (let i = 0; i < union.length; i++) union[i] |= part[i];
  return union;
}
