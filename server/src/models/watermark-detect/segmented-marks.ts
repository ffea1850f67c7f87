import type { RawImage } from '../../lib/image';
import { connectedComponents, dilate } from '../inpaint/mask';
import { markProbability } from './mark-probability';

/** A region of the segmenter's map is the pixels of at least this probability, connected (tuning part). */
const REGION = 0.5;
/** Of a region, the pixels of at least this probability are taken: its hesitant rim is mostly photo. */
const TAKEN = 0.7;
/**
 * Nothing is added within this many pixels of lettering the other finders drew stroke by stroke: at the
 * segmenter's half scale a word is one blob, gaps between letters included, and their strokes are exact.
 */
const LETTERING_MARGIN = 6;

/**
 * What the mark segmenter (mark-probability.ts) adds to the shapes and banners the other finders found
 * (`found`): its regions that meet them, as a 0/1 mask at the image's size, or null. Over textured photo the
 * outline finder fills a shape only up to the photo's own edges under it; the segmenter adds the rest of the
 * shape, and of the shapes overlapping it. A region that meets nothing found, or only lettering, is left
 * alone: on photos the segmenter also sees a photo's own badges, signs and saturated petals, and one of those
 * beside a word would be taken with it. Nothing is added near `lettering` (the marks the other finders drew
 * stroke by stroke: text, tiled text, date imprints), whose strokes are exact.
 */
export async function segmentedMarks(
  image: RawImage,
  found: Uint8Array | null,
  lettering: Uint8Array | null,
): Promise<Uint8Array | null> {
  if (!found) return null;
  const { width, height } = image;
  const nearLettering = lettering ? dilate(lettering, width, height, LETTERING_MARGIN) : null;
  const probability = await markProbability(image);
  const inRegion = new Uint8Array(width * height);
  for (let i = 0; i < inRegion.length; i++) inRegion[i] = probability[i] >= REGION ? 1 : 0;
  const regions = connectedComponents(inRegion, width, height);
  const meets = new Uint8Array(regions.count + 1);
  for (let i = 0; i < found.length; i++) if (found[i]) meets[regions.labels[i]] = 1;
  const mask = new Uint8Array(width * height);
  let any = false;
  for (let i = 0; i < mask.length; i++) {
    const label = regions.labels[i];
    if (label && meets[label] && probability[i] >= TAKEN && !nearLettering?.[i]) {
      mask[i] = 1;
      any = true;
    }
  }
  return any ? mask : null;
}
