import type { RawImage } from '../../lib/image';
import { connectedComponents, dilate, type Box } from '../inpaint/mask';

/** A region of the segmenter's map is the pixels of at least this probability, connected (tuning part). */
const REGION = 0.5;
/**
 * A region stands on its own, meeting nothing found, when its mean probability is at least this and it covers
 * at least this share of the photo (tuning part, the project's other photos and the unit tests' photos, with
 * the segmenter of the fourth run): marks nothing else found (gradient logos' emblems: 2.1-2.7 % of the photo,
 * mean 0.875-0.91) pass; the photo's own regions the segmenter sees (the astronaut's suit: 1.2-1.5 %, mean
 * 0.865-0.91; one on the ladybird photo: 3.2 %, mean 0.76) do not. The mean alone does not tell them apart.
 * Kept for the seventh run's segmenter, which gives those emblems 2.65-3.2 % at 0.90, the tuning part's
 * overlapping shapes 3.2 % at 0.876, the suit 1.15 % at 0.86, and the ladybird no region (docs/decisions.md,
 * part 20).
 */
const ALONE_MEAN = 0.87;
const ALONE_AREA = 0.02;
/**
 * The parts of a logo beside the one found: a region level with a part (centres apart by at most `level` of
 * the part's height), no further from it than `gap` of that height, of a height and width within the ranges
 * (in the part's heights), and of at least `mean` probability, is the logo's other part. A region on the part
 * itself is not: over a photo's own lettering the segmenter sees letters around the ones taken. With
 * `touching`, a region that meets the part at one end and lies mostly past it is beside it too when its mean
 * is at least that (an emblem drawn against its word, which the map joins to the first letter). Chosen on the
 * tuning part, endless-sky's and opencv-doc's photos (docs/decisions.md, part 21).
 */
interface LogoPart {
  mean: number;
  touching?: number;
  gap: number;
  level: number;
  height: [number, number];
  width: [number, number];
}
/** The emblem beside a line of lettering taken as a mark: about as tall as its letters or a few times taller. */
const EMBLEM_BESIDE_WORD: LogoPart = {
  mean: 0.7,
  touching: 0.85,
  gap: 1.5,
  level: 0.4,
  height: [0.6, 3.5],
  width: [0.4, 5],
};
/** The letters beside a region taken as an emblem: a letter or a few, smaller than the emblem. */
const LETTERS_BESIDE_EMBLEM: LogoPart = {
  mean: 0.8,
  gap: 1.5,
  level: 0.25,
  height: [0.1, 0.6],
  width: [0.05, 2],
};
/** Of a region, the pixels of at least this probability are taken: its hesitant rim is mostly photo. */
const TAKEN = 0.7;
/**
 * Nothing is added within this many pixels of lettering the other finders drew stroke by stroke: at the
 * segmenter's half scale a word is one blob, gaps between letters included, and their strokes are exact.
 */
const LETTERING_MARGIN = 6;

/**
 * What the mark segmenter adds to what the other finders found, as a 0/1 mask at the image's size, or null,
 * from its `probability` map (mark-probability.ts): its regions that meet a shape or banner they found
 * (`found`), and its confident regions alone. Over textured photo the outline finder fills a shape only up to
 * the photo's own edges under it; the segmenter adds the rest of the shape, and of the shapes overlapping it. A
 * small or hesitant region that meets nothing found, or only lettering, is left alone (on photos the segmenter
 * also sees a photo's own badges, signs and saturated petals), unless it sits as a logo's emblem beside one of
 * the `lines` of lettering taken as a mark, or as the letters beside a region taken. Nothing is added near
 * `lettering` (the marks the other finders drew stroke by stroke: text, tiled text, date imprints), whose
 * strokes are exact. The segmenter runs on every photo: 0.8 s on a 12-megapixel photo (measured with the third
 * run's network, of the same size).
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
  for (let i = 0; i < inRegion.length; i++) inRegion[i] = probability[i] >= REGION ? 1 : 0;
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
    const alone = mean(label) >= ALONE_MEAN && regions.sizes[label - 1] >= ALONE_AREA * width * height;
    if (alone || besideAny(label, lines, EMBLEM_BESIDE_WORD)) taken[label] = 1;
  }
  const emblems = regions.boxes.filter((_, k) => taken[k + 1]);
  for (let label = 1; label <= regions.count; label++)
    if (!taken[label] && besideAny(label, emblems, LETTERS_BESIDE_EMBLEM)) taken[label] = 1;
  const mask = new Uint8Array(width * height);
  let any = false;
  for (let i = 0; i < mask.length; i++) {
    const label = regions.labels[i];
    if (label && taken[label] && probability[i] >= TAKEN && !nearLettering?.[i]) {
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
  const within = (size: number, [least, most]: [number, number]) =>
    size >= least * unit && size <= most * unit;
  return (
    apart &&
    gap <= rule.gap * unit &&
    offset <= rule.level * unit &&
    within(region.y1 - region.y0, rule.height) &&
    within(region.x1 - region.x0, rule.width)
  );
}
