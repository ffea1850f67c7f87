import type { RawImage } from '../../lib/image/raw-image';
import { connectedComponents, dilate, type Box } from '../../lib/image/bitmap';
import {
  EMBLEM_BESIDE_WORD,
  LETTERING_MARGIN,
  LETTERS_BESIDE_EMBLEM,
  SEGMENT_ALONE,
  SEGMENT_REGION,
  SEGMENT_TAKEN,
} from './tuned-thresholds';

/**
 * The parts of a logo beside the one found (EMBLEM_BESIDE_WORD, LETTERS_BESIDE_EMBLEM in tuned-thresholds.ts): a
 * region level with a part (centres apart by at most `level` of the part's height), no further from it than
 * `gap` of that height, of a height and width within the ranges (in the part's heights), and of at least `mean`
 * probability, is the logo's other part. A region on the part itself is not: over a photo's own lettering the
 * segmenter sees letters around the ones taken. With `touching`, a region that meets the part at one end and
 * lies mostly past it is beside it too when its mean is at least that (an emblem drawn against its word, which
 * the map joins to the first letter).
 */
interface LogoPart {
  mean: number;
  touching?: number;
  gap: number;
  level: number;
  height: readonly number[];
  width: readonly number[];
}

/**
 * What the mark segmenter adds to what the other finders found, as a 0/1 mask at the image's size, or null,
 * from its `probability` map (mark-probability.ts): its regions that meet a shape or banner they found
 * (`found`), and its confident regions alone. Over textured photo the outline finder fills a shape only up to
 * the photo's own edges under it; the segmenter adds the rest of the shape, and of the shapes overlapping it. A
 * small or hesitant region that meets nothing found, or only lettering, is left alone (on photos the segmenter
 * also sees a photo's own badges, signs and saturated petals), unless it sits as a logo's emblem beside one of
 * the `lines` of lettering taken as a mark, or as the letters beside a region taken. Nothing is added near
 * `lettering` (the marks the other finders drew stroke by stroke: text, tiled text, date imprints), whose
 * strokes are exact. The segmenter runs on every photo (its cost: docs/BENCHMARKS.md, "Find watermark").
 */
export function segmentedMarks(
  image: RawImage,
  probability: Float32Array,
  found: Uint8Array | null,
  lettering: Uint8Array | null,
  lines: Box[],
): Uint8Array | null {
  const { width, height } = image;
  const nearLettering = lettering ? dilate(lettering, width, height, LETTERING_MARGIN) : null;
  const inRegion = new Uint8Array(width * height);
  for (let i = 0; i < inRegion.length; i++) inRegion[i] = probability[i] >= SEGMENT_REGION ? 1 : 0;
  const regions = connectedComponents(inRegion, width, height);
  const taken = new Uint8Array(regions.count + 1);
  if (found) for (let i = 0; i < found.length; i++) if (found[i]) taken[regions.labels[i]] = 1;
  const sum = new Float64Array(regions.count + 1);
  for (let i = 0; i < inRegion.length; i++) sum[regions.labels[i]] += probability[i];
  const mean = (label: number) => sum[label] / regions.sizes[label - 1];
  const besideAny = (label: number, parts: Box[], rule: LogoPart) =>
    mean(label) >= rule.mean &&
    parts.some((part) => isBeside(regions.boxes[label - 1], mean(label), part, rule));
  for (let label = 1; label <= regions.count; label++) {
    const alone =
      mean(label) >= SEGMENT_ALONE.mean && regions.sizes[label - 1] >= SEGMENT_ALONE.area * width * height;
    if (alone || besideAny(label, lines, EMBLEM_BESIDE_WORD)) taken[label] = 1;
  }
  const emblems = regions.boxes.filter((_, k) => taken[k + 1]);
  for (let label = 1; label <= regions.count; label++)
    if (!taken[label] && besideAny(label, emblems, LETTERS_BESIDE_EMBLEM)) taken[label] = 1;
  const mask = new Uint8Array(width * height);
  let any = false;
  for (let i = 0; i < mask.length; i++) {
    const label = regions.labels[i];
    if (label && taken[label] && probability[i] >= SEGMENT_TAKEN && !nearLettering?.[i]) {
      mask[i] = 1;
      any = true;
    }
  }
  return any ? mask : null;
}

/** Whether a region's box sits beside a logo's `part` as `rule` says: level with it, near it, not on it. */
function isBeside(region: Box, mean: number, part: Box, rule: LogoPart): boolean {
  const unit = part.y1 - part.y0;
  const gap = Math.max(part.x0 - region.x1, region.x0 - part.x1);
  const centre = (region.x0 + region.x1) / 2;
  const pastOneEnd = (centre < part.x0 && region.x1 <= part.x1) || (centre > part.x1 && region.x0 >= part.x0);
  const apart = gap > 0 || (rule.touching !== undefined && mean >= rule.touching && pastOneEnd);
  const offset = Math.abs(region.y0 + region.y1 - part.y0 - part.y1) / 2;
  const within = (size: number, [least, most]: readonly number[]) =>
    size >= least * unit && size <= most * unit;
  return (
    apart &&
    gap <= rule.gap * unit &&
    offset <= rule.level * unit &&
    within(region.y1 - region.y0, rule.height) &&
    within(region.x1 - region.x0, rule.width)
  );
}
