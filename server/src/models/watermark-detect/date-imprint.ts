import type { RawImage } from '../../lib/image/raw-image';
import { dilate } from '../../lib/image/bitmap';
import { findGlyphs, glyphLimits, groupLines, type TextLine } from '../text-marks/glyphs';
import { boxMean, luma, type CandidateMap } from '../text-marks/maps';
import { findAtSide } from '../../lib/image/area-resample';
import { whyNotText } from '../text-marks/text-marks';
import { IMPRINT_STANDS_OUT } from './tuned-thresholds';

/**
 * A camera's date imprint: a short line of orange digits in a corner, glowing from the LEDs that burned it
 * into the film. On a warm photo (grass in evening light, wood) the text-marks finder's warm map takes the
 * photo for the imprint and the digits are lost among it; but the imprint is one narrow family of colours
 * (red well above green, green well above blue, bright) and brighter or redder than the warm photo around
 * it, so a map of that family, against its own surroundings, brings out the digits.
 */

/** The imprint's colours: green a share of red (orange to red-orange), blue far below, red bright. */
const GREEN_SHARE = [0.38, 0.68];
const MAX_BLUE_SHARE = 0.45;
const MIN_RED = 170;

/** How much a colour looks like an imprint's: 0 (not at all) to 1. */
export function imprintLikeness(r: number, g: number, b: number): number {
  if (r < MIN_RED - 40) return 0;
  const share = g / r;
  const mid = (GREEN_SHARE[0] + GREEN_SHARE[1]) / 2;
  const half = (GREEN_SHARE[1] - GREEN_SHARE[0]) / 2;
  const hue = Math.max(0, 1 - Math.abs(share - mid) / half);
  const blue = Math.max(0, 1 - b / r / MAX_BLUE_SHARE);
  const bright = Math.min(1, Math.max(0, (r - (MIN_RED - 40)) / 60));
  return Math.min(1, 1.5 * hue) * Math.min(1, 1.5 * blue) * bright;
}

/** The imprint map: strong where a pixel is imprint-like and more so than around it. */
export function imprintMap(image: RawImage): CandidateMap {
  const { width, height, data, channels } = image;
  const n = width * height;
  const like = new Float32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += channels)
    like[i] = imprintLikeness(
      data[p],
      data[p + Math.min(1, channels - 1)],
      data[p + Math.min(2, channels - 1)],
    );
  const radius = Math.max(4, Math.round(Math.min(width, height) / 60));
  const around = boxMean(like, width, height, radius);
  const y = luma(image);
  const meanY = boxMean(y, width, height, radius);
  const strong = new Uint8Array(n);
  const weak = new Uint8Array(n);
  const contrast = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    contrast[i] = y[i] - meanY[i];
    const lift = like[i] - around[i];
    if (like[i] >= 0.5 && lift >= IMPRINT_STANDS_OUT) strong[i] = 1;
    if (like[i] >= 0.3 && lift >= IMPRINT_STANDS_OUT / 2) weak[i] = 1;
  }
  return { kind: 'warm', strong, weak, contrast };
}

/** Pixels of glow around the digits' cores (the LEDs' blur, JPEG's softened colour). */
const GLOW = 3;

/** Imprints sit in a corner: the outer 40 % across and the outer 25 % up or down. */
function nearCorner(line: TextLine, width: number, height: number): boolean {
  const cx = (line.x0 + line.x1) / 2 / width;
  const cy = (line.y0 + line.y1) / 2 / height;
  return (cx < 0.4 || cx > 0.6) && (cy < 0.25 || cy > 0.75);
}

/** An imprint's digits are narrower than tall (two may run together); the photo's warm streaks lie long. */
function digitShaped(line: TextLine): boolean {
  const widths = line.glyphs.map((g) => g.x1 - g.x0).sort((a, b) => a - b);
  return widths[widths.length >> 1] <= 0.9 * line.height;
}

/** Photos are searched at most this size on the long side, as the text-marks finder does (its glyph limits). */
const WORK_SIDE = 1200;

/** A 0/1 mask of the date imprints in the photo's corners (each line's box, grown over the glow), or null. */
export function findDateImprint(image: RawImage): Uint8Array | null {
  return findAtSide(image, WORK_SIDE, findAtWorkSize);
}

function findAtWorkSize(image: RawImage): Uint8Array | null {
  const { width, height } = image;
  const map = imprintMap(image);
  const set = findGlyphs(map.strong, image, glyphLimits(width, height));
  const mask = new Uint8Array(width * height);
  let found = false;
  for (const line of groupLines(set.glyphs, 60)) {
    if (!nearCorner(line, width, height) || !digitShaped(line)) continue;
    // A date is short ('91 10 6); its glyphs may merge with the photo's warm streaks, so a run of three
    // is enough here, where the map already holds only imprint colours.
    const why = whyNotText(line, set, map, width);
    if (why && !(why === 'short' && line.glyphs.length >= 3 && line.x1 - line.x0 >= 2.2 * line.height))
      continue;
    found = true;
    // The digits: the map's blobs in the line's band, as far as a date reaches either side. A digit that
    // ran into a warm streak of the photo made no glyph; of such a blob only the part in the band is kept.
    const reach = 1.5 * line.height;
    const slack = 0.25 * line.height;
    for (let y = line.y0; y < line.y1; y++) {
      for (let x = Math.max(0, Math.round(line.x0 - reach)); x < Math.min(width, line.x1 + reach); x++) {
        const i = y * width + x;
        const id = set.labels[i];
        if (!id || !map.strong[i]) continue;
        const b = set.boxes[id - 1];
        const inBand = b.y0 >= line.y0 - slack && b.y1 <= line.y1 + slack;
        if (inBand || (y >= line.y0 + slack && y < line.y1 - slack)) mask[i] = 1;
      }
    }
  }
  if (!found) return null;
  // And their glow: the weak map next to them, grown a little as a person paints past it.
  const near = dilate(mask, width, height, GLOW);
  for (let i = 0; i < mask.length; i++) mask[i] = mask[i] || (near[i] && map.weak[i]) ? 1 : 0;
  return dilate(mask, width, height, 2);
}
