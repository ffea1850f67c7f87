import type { RawImage } from '../../lib/image/raw-image';
import { dilate } from '../../lib/image/bitmap';
import { findTextMarks, type TextMarkLine } from '../text-marks';
import { cornerTextProbability, textProbability } from './text-probability';
import { bannerMask, findBanner } from './banner';
import { findDateImprint } from './date-imprint';
import { markProbability } from './mark-probability';
import { findOverlayShapes } from './overlay-shapes';
import { segmentedMarks } from './segmented-marks';
import { textStrokes, type TextLineEvidence } from './text-strokes';
import { findLattice, MIN_STRENGTH, periodicMask } from './tiling';
import { BANNER_SEEN, LARGE_TEXT_SIDE, LETTERING_GROWTH, SHAPES_SEEN } from './tuned-thresholds';

/** What the detector found, for tests, logs and the benchmark. */
export interface WatermarkFindings {
  /** Lines of a camera's orange date stamp in a corner, by the text-marks finder. */
  textLines: number;
  /** Whether a mark tiled over the photo was found by its repetition. */
  tiled: boolean;
  /** Whether a semi-opaque band across the photo was found, and the mark segmenter sees it. */
  banner?: boolean;
  /** Whether a camera's orange date imprint was found in a corner by its colours. */
  dateImprint?: boolean;
  /**
   * Whether translucent shapes (a logo's emblem, coloured tiles) were found by their outlines, and the mark
   * segmenter sees them.
   */
  shapes?: boolean;
  /**
   * Whether the mark segmenter added regions: the rest of translucent shapes the outline finder saw in part,
   * a large, confident region of its own (a logo or shapes nothing else found), or a logo's emblem or word
   * beside a part found.
   */
  segmented?: boolean;
  /** Every line the text detector saw, and whether it was taken as lettering laid over the photo. */
  lettering?: TextLineEvidence[];
  /** Set by the caller: keep each judged line's strokes in `lettering` (to fit the line score). */
  keepStrokes?: boolean;
}

/**
 * A 0/1 mask (the image's size) of the watermarks on a photo, or null when it has none: lettering laid over
 * it at any angle and in any colour (PaddleOCR's text detector, at two scales and on the corners enlarged,
 * kept where the photo shows an overlay and the mark segmenter sees its strokes; with its outline, shadow and
 * halo), a date stamp's orange
 * digits in a corner (the text-marks finder), marks tiled over the whole photo, found by their repetition, a
 * semi-opaque band across it, a camera's orange date imprint on a warm photo, by its colours, and translucent
 * shapes by their outlines (a band or shapes the mark segmenter sees nothing of are left); then the segmenter's
 * regions that meet a shape or banner those found (the rest of the shapes), its large, confident regions on
 * their own, and the parts of a logo beside those or beside lettering (an emblem beside its word, a word beside
 * its emblem).
 */
export async function findWatermark(image: RawImage, report?: WatermarkFindings): Promise<Uint8Array | null> {
  const evidence: TextLineEvidence[] = [];
  const mark = await markProbability(image);
  const lattice = findLattice(image);
  const tiled = lattice && lattice.strength >= MIN_STRENGTH ? periodicMask(image, lattice) : null;
  const options = { evidence, keepStrokes: report?.keepStrokes, tiled: tiled !== null };
  const fine = textStrokes(image, await textProbability(image), mark, options);
  // Large words (a stock photo's preview across a face) that the detector misses at its own scale it sees at
  // half of it; a line there that meets lettering already taken is left, since the coarse strokes are looser.
  const coarse = await textProbability(image, LARGE_TEXT_SIDE);
  const large = textStrokes(image, coarse, mark, { ...options, taken: fine, large: true });
  // Small credit lines in a corner (a condensed face at 20 px) it sees only enlarged: its corners at twice its scale.
  const corners = await cornerTextProbability(image);
  const small = textStrokes(image, corners, mark, { ...options, taken: union([fine, large]) });
  const strokes = union([fine, large, small]);
  // Grown as a person paints a little past a stroke; the other finders grow their own masks.
  const lettering = strokes && dilate(strokes, image.width, image.height, LETTERING_GROWTH);
  const lines: TextMarkLine[] = [];
  // The text-marks finder only for a camera's orange date stamp in a corner: its lines anywhere else, and its
  // bright lines in corners, were most of the proposals on unmarked photos (sea, mountains, a painting's
  // strokes, grass in a landscape's corner), while the text detector's lettering finds the laid-over words.
  const text = findTextMarks(image, 'warm-date-stamp', lines);
  const banner = findBanner(image);
  const band = seen(banner && bannerMask(image, banner), mark, BANNER_SEEN);
  const imprint = findDateImprint(image);
  const shapes = seen(findOverlayShapes(image), mark, SHAPES_SEEN);
  if (report) {
    report.textLines = text ? lines.length : 0;
    report.tiled = tiled !== null;
    report.banner = band !== null;
    report.dateImprint = imprint !== null;
    report.shapes = shapes !== null;
    report.lettering = evidence;
  }
  const drawnByStroke = union([lettering, text, tiled, imprint]);
  const words = evidence.filter((line) => line.accepted).map((line) => line.box);
  const segmented = segmentedMarks(image, mark, union([band, shapes]), drawnByStroke, words);
  if (report) report.segmented = segmented !== null;
  return union([drawnByStroke, band, shapes, segmented]);
}

/**
 * The mask, or null when the segmenter's mean `probability` over it is below `floor` (or it is null). A band or
 * shapes the mark segmenter sees nothing of are the photo's own (a blurred horizon, a shop's sign, a cloud's
 * rim): BANNER_SEEN and SHAPES_SEEN, docs/lab/watermark-detect.md, part 22.
 */
function seen(mask: Uint8Array | null, probability: Float32Array, floor: number): Uint8Array | null {
  if (!mask) return null;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    sum += probability[i];
    count++;
  }
  return count > 0 && sum / count >= floor ? mask : null;
}

/** The union of the masks that are there, or null when none is. */
function union(masks: (Uint8Array | null)[]): Uint8Array | null {
  const parts = masks.filter((m): m is Uint8Array => m !== null);
  if (parts.length === 0) return null;
  const out = parts[0].slice();
  for (const part of parts.slice(1)) for (let i = 0; i < out.length; i++) out[i] |= part[i];
  return out;
}
