import type { RawImage } from '../../lib/image/raw-image';
import { connectedComponents, dilate, distanceOutside } from '../../lib/image/bitmap';
import { addedLight, isImprintStroke, type AddedLight } from './added-light';
import { digitBlobs, fillBand, groupRows, whyNotImprint, type Row } from './imprint-rows';
import { boxMean } from './maps';
import { median } from '../../lib/median';

/**
 * A film camera's date imprint ('98 7 14, 12 25 '03): seven-segment digits burned into the film by orange,
 * red or yellow LEDs, soft and glowing, in a lower corner. Found by the light they add to the photo
 * (`added-light.ts`), as a row of digit-sized blobs of one hue, aligned top and bottom, clear of the frame's
 * edge, with little else of that light around them (`imprint-rows.ts`); the mask is the strokes and the glow
 * around them, so that the fill removes the halo as well.
 */

/** A row of digits, for tests and logs: its box in the image searched and its number of blobs. */
export interface ImprintRow {
  box: { x: number; y: number; width: number; height: number };
  glyphs: number;
  /** The blobs (box and hue), for tuning. */
  detail?: string;
}

/** The share of the photo's height, from the bottom, searched: imprints sit in the lowest quarter or so. */
const BAND = 0.4;

/**
 * A 0/1 mask (the image's size) of the film date imprints in the photo's lower corners, strokes and glow, or
 * null. Expects the image at the text-marks finder's working size (at most 1200 px on the long side).
 */
export function findFilmImprint(image: RawImage, options: FilmImprintOptions = {}): Uint8Array | null {
  const { found = [], masked = [], trace } = options;
  const { width, height } = image;
  const top = Math.floor(height * (1 - BAND));
  // Wider than a bloomed stroke of the largest imprints (5 % of the height, strokes a sixth of that).
  const radius = Math.max(5, Math.round(Math.min(width, height) / 70));
  const light = addedLight(image, top, radius);
  const n = light.width * light.height;
  // Digits are sought on the rise smoothed over 3 x 3 pixels (steadier over busy photo), and their strokes
  // painted from the photo's own pixels (a smoothed stroke is a pixel wider).
  const smoothed = {
    ...light,
    rise: light.rise.map((r) => boxMean(r, light.width, light.height, 1)) as AddedLight['rise'],
  };
  const strong = new Uint8Array(n);
  const lit = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    strong[i] = isImprintStroke(smoothed, i) ? 1 : 0;
    lit[i] = isImprintStroke(light, i) ? 1 : 0;
  }
  const blobs = digitBlobs(strong, light, height);
  const rows = groupRows(blobs)
    .map((row) => (row.blobs.length >= 2 ? fillBand(row, strong, light) : row))
    .filter((row) => {
      const why = whyNotImprint(row, light, strong, width, height);
      trace?.(rowBox(row, top), why);
      return why === null;
    });
  if (rows.length === 0) return null;
  const mask = new Uint8Array(width * height);
  for (const row of rows) {
    const box = rowBox(row, top);
    paintRow(
      mask,
      row,
      light,
      lit,
      image,
      masked.some((m) => overlaps(m, box.box)),
    );
    found.push(box);
  }
  return mask;
}

export interface FilmImprintOptions {
  /** Each row taken, its box at the image's size. */
  found?: ImprintRow[];
  /**
   * Boxes of digits another finder has masked already: a row over one of them adds its strokes and glow only
   * when it glows (the other finder's mask of crisp digits is the tighter).
   */
  masked?: ImprintRow['box'][];
  /** Every row considered and why it was not taken (null: taken), for tuning. */
  trace?: (row: ImprintRow, why: string | null) => void;
}

/** Whether two boxes share more than half of the smaller one. */
function overlaps(a: ImprintRow['box'], b: ImprintRow['box']): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 && w * h > 0.5 * Math.min(a.width * a.height, b.width * b.height);
}

function rowBox(row: Row, top: number): ImprintRow {
  return {
    box: { x: row.x0, y: row.y0 + top, width: row.x1 - row.x0, height: row.y1 - row.y0 },
    glyphs: row.blobs.length,
    detail: row.blobs
      .map((b) => `${b.x0},${b.y0 + top}-${b.x1},${b.y1 + top} g${b.green.toFixed(2)}`)
      .join(' '),
  };
}

/** Pixels a glow's mask is grown by past its faded edge. */
const GROW = 1;

/**
 * The row's strokes: the strong pixels in its blobs' boxes, and the small bits of strong map that lie wholly
 * in its band, from a little before its first blob (the apostrophe) to a little after its last; not a streak
 * of the photo that crosses the band (a petal's rim, a lit fold).
 */
function rowStrokes(row: Row, light: AddedLight, strong: Uint8Array): Uint8Array {
  const { width, height } = light;
  const h = row.height;
  const out = new Uint8Array(width * height);
  for (const b of row.blobs) {
    for (let y = Math.max(0, b.y0 - 1); y < Math.min(height, b.y1 + 1); y++) {
      for (let x = Math.max(0, b.x0 - 1); x < Math.min(width, b.x1 + 1); x++)
        out[y * width + x] = strong[y * width + x];
    }
  }
  const x0 = Math.max(0, Math.floor(row.x0 - 0.6 * h));
  const x1 = Math.min(width, Math.ceil(row.x1 + 0.3 * h));
  const y0 = Math.max(0, Math.floor(row.y0 - 0.15 * h));
  const y1 = Math.min(height, Math.ceil(row.y1 + 0.15 * h));
  const w = x1 - x0;
  const band = new Uint8Array(w * (y1 - y0));
  for (let y = y0; y < y1; y++) band.set(strong.subarray(y * width + x0, y * width + x1), (y - y0) * w);
  const { labels, boxes, sizes } = connectedComponents(band, w, y1 - y0);
  for (let i = 0; i < band.length; i++) {
    const id = labels[i];
    if (!id) continue;
    const b = boxes[id - 1];
    if (b.y0 > 0 && b.y1 < y1 - y0 && sizes[id - 1] <= 0.3 * h * h)
      out[(Math.floor(i / w) + y0) * width + (i % w) + x0] = 1;
  }
  return out;
}

/**
 * The strokes and their glow: the strokes grown as far as the glow shows, over the pixels where it does. The
 * glow is light added over the photo without it, here an opening by a square wider than the whole glowing row
 * (2.6 digit heights), so that the glow is not taken for the photo; its reach is the distance from the strokes
 * up to which the median rise of red, at each distance, stays at least GLOW_LEVEL (a median over a ring does
 * not follow a petal or a blade that crosses it). Within that reach, pixels whose rise is not of the LEDs'
 * colours or under GLOW_LEVEL (a petal's own red, a lamp, JPEG's colour bleed) are left out, except those touching
 * the strokes; digits without a glow (one that does not reach MIN_GLOW) are masked as their strokes.
 */
function paintRow(
  mask: Uint8Array,
  row: Row,
  light: AddedLight,
  lit: Uint8Array,
  image: RawImage,
  onlyGlow: boolean,
): void {
  const { width, top } = light;
  const h = row.height;
  const far = Math.ceil(1.3 * h);
  const x0 = Math.max(0, Math.floor(row.x0 - 2 * far));
  const x1 = Math.min(width, Math.ceil(row.x1 + 2 * far));
  const y0 = Math.max(0, Math.floor(row.y0 + top - 2 * far));
  const y1 = Math.min(image.height, Math.ceil(row.y1 + top + 2 * far));
  const w = x1 - x0;
  const local = {
    width: w,
    height: y1 - y0,
    channels: image.channels,
    data: crop(image, x0, y0, w, y1 - y0),
  };
  const wide = addedLight(local, 0, far, 1);
  const strokes = new Uint8Array(w * (y1 - y0));
  const all = rowStrokes(row, light, lit);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++)
      if (y >= top && all[(y - top) * width + x]) strokes[(y - y0) * w + x - x0] = 1;
  }
  const distance = distanceOutside(strokes, w, y1 - y0, far + 1);
  // The glow's rise of red where it has the LEDs' colours, else none.
  const glow = new Float32Array(strokes.length);
  for (let i = 0; i < glow.length; i++) {
    const [r, g, b] = [wide.rise[0][i], wide.rise[1][i], wide.rise[2][i]];
    glow[i] = g <= 0.9 * r + 3 && b <= 0.45 * r + 3 ? r : 0;
  }
  const rings: number[][] = Array.from({ length: far + 1 }, () => []);
  for (let i = 0; i < strokes.length; i++) {
    const d = distance[i];
    if (d > 0 && d <= far) rings[Math.ceil(d)].push(glow[i]);
  }
  let reach = 0;
  while (reach < far && rings[reach + 1].length > 0 && median(rings[reach + 1]) >= GLOW_LEVEL) reach++;
  // JPEG bleeds a stroke's colour over a pixel or two; a glow shows further out.
  if (reach < MIN_GLOW) reach = 0;
  if (reach === 0 && onlyGlow) return;
  const part = new Uint8Array(strokes.length);
  for (let i = 0; i < strokes.length; i++) {
    const d = distance[i];
    // Within the reach (0 without a glow: the strokes alone, whose JPEG bleed the stroke test already takes).
    if (d <= reach && (d === 0 || (d <= 1 && reach > 0) || glow[i] >= GLOW_LEVEL)) part[i] = 1;
  }
  // A glow's edge fades out; the mask goes a little past it, as a person paints past it.
  const grown = reach > 0 ? dilate(part, w, y1 - y0, GROW) : part;
  for (let i = 0; i < grown.length; i++)
    if (grown[i]) mask[(Math.floor(i / w) + y0) * width + (i % w) + x0] = 1;
}

/** The least reach of a glow, pixels: JPEG's colour bleed round crisp digits reaches 2. */
const MIN_GLOW = 3;

/** The glow's least rise of red over the photo without it, 8-bit levels (tuning part). */
const GLOW_LEVEL = 12;

function crop(image: RawImage, x0: number, y0: number, w: number, h: number): Uint8Array {
  const { channels } = image;
  const out = new Uint8Array(w * h * channels);
  for (let y = 0; y < h; y++) {
    const from = ((y + y0) * image.width + x0) * channels;
    out.set(image.data.subarray(from, from + w * channels), y * w * channels);
  }
  return out;
}
