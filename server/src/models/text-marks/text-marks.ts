import type { RawImage } from '../../lib/image/raw-image';
import { dilate } from '../../lib/image/bitmap';
import { enlargeMask, shrinkArea } from '../../lib/image/area-resample';
import { findGlyphs, glyphLimits, groupLines, colourDistance, type GlyphSet, type TextLine } from './glyphs';
import { findFilmImprint, type ImprintRow } from './film-imprint';
import { candidateMaps, type CandidateMap, type MapKind } from './maps';

export type TextMarkTarget = 'date-stamp' | 'warm-date-stamp' | 'text' | 'watermark';

/** What was found, for tests and logs; `film-imprint`: a film camera's glowing imprint, by its light. */
export interface TextMarkLine {
  kind: MapKind | 'film-imprint';
  box: { x: number; y: number; width: number; height: number };
  glyphs: number;
}

const KINDS: Record<TextMarkTarget, MapKind[]> = {
  'date-stamp': ['warm', 'bright'],
  // A camera's imprint alone (its LEDs are orange): bright lines in a landscape's corners are grass and rock.
  'warm-date-stamp': ['warm'],
  text: ['bright', 'dark', 'warm'],
  watermark: ['bright', 'dark', 'warm'],
};
const IN_A_CORNER: TextMarkTarget[] = ['date-stamp', 'warm-date-stamp'];
/**
 * A film camera's imprint glows and its digits run into their glow and into busy photo behind them, which the
 * maps above lose; the film-imprint finder looks for the light its LEDs added instead, and masks the glow too.
 */
const FILM_IMPRINT: TextMarkTarget[] = ['date-stamp'];

/**
 * A 0/1 mask (the image's size) of text marks drawn over a photo, grown a little over anti-aliasing and JPEG
 * halo; null when there is none. A date stamp is a line of warm or bright digits near a corner, or a film
 * camera's glowing imprint in a lower corner with its glow (a warm date stamp: warm digits only); text and
 * watermarks are lines of glyphs anywhere, light, dark or warm, opaque or translucent.
 */
export function findTextMarks(
  image: RawImage,
  target: TextMarkTarget,
  found: TextMarkLine[] = [],
): Uint8Array | null {
  const scale = WORK_SIDE / Math.max(image.width, image.height);
  if (scale >= 1) return findAtWorkSize(image, target, found);
  const small = shrinkArea(
    image,
    Math.max(1, Math.round(image.width * scale)),
    Math.max(1, Math.round(image.height * scale)),
  );
  const mask = findAtWorkSize(small, target, found);
  if (!mask) return null;
  for (const line of found) {
    line.box = {
      x: line.box.x / scale,
      y: line.box.y / scale,
      width: line.box.width / scale,
      height: line.box.height / scale,
    };
  }
  // Nearest enlargement leaves a stair of up to one work pixel; a grown rim covers it.
  const big = enlargeMask(mask, small.width, small.height, image.width, image.height);
  return dilate(big, image.width, image.height, Math.floor(1 / scale));
}

/**
 * Marks are found at most this size on the long side: the thresholds were set on photos of 1200 px, text
 * scales with the photo, and a 4-megapixel photo took 6 s at full size.
 */
const WORK_SIDE = 1200;

function findAtWorkSize(image: RawImage, target: TextMarkTarget, found: TextMarkLine[]): Uint8Array | null {
  const { width, height } = image;
  const limits = glyphLimits(width, height);
  const mask = new Uint8Array(width * height);
  const accepted: { line: TextLine; set: GlyphSet; map: CandidateMap }[] = [];
  for (const map of candidateMaps(image, KINDS[target])) {
    const set = findGlyphs(map.strong, image, limits);
    for (const line of groupLines(set.glyphs, colourTolerance(map.kind))) {
      if (whyNotText(line, set, map, width)) continue;
      if (IN_A_CORNER.includes(target) && !nearCorner(line, width, height)) continue;
      accepted.push({ line, set, map });
    }
  }
  const kept = dropEchoes(accepted, width);
  for (const { line, set, map } of kept) {
    paintLine(mask, line, set, map, width, height);
    found.push({
      kind: map.kind,
      box: { x: line.x0, y: line.y0, width: line.x1 - line.x0, height: line.y1 - line.y0 },
      glyphs: line.glyphs.length,
    });
  }
  const rows: ImprintRow[] = [];
  const masked = kept.map(({ line }) => ({
    x: line.x0,
    y: line.y0,
    width: line.x1 - line.x0,
    height: line.y1 - line.y0,
  }));
  const imprint = FILM_IMPRINT.includes(target) ? findFilmImprint(image, { found: rows, masked }) : null;
  if (imprint) for (let i = 0; i < mask.length; i++) mask[i] |= imprint[i];
  for (const row of rows) found.push({ kind: 'film-imprint', box: row.box, glyphs: row.glyphs });
  return kept.length > 0 || imprint ? mask : null;
}

/**
 * White text raises the local mean, so the gaps between its letters read as dark glyphs on the same spot
 * (and black text's gaps as light ones). Where lines of opposite kinds overlap, the text is the one with
 * more contrast summed over its strokes (the echo's gaps are only as dark as the background; a mean would
 * favour whichever map's threshold is higher). Warm and bright lines on one spot are the same orange digits,
 * or white text whose edges turned warm over a red ground; the stronger one stays there too.
 */
function dropEchoes<T extends { line: TextLine; set: GlyphSet; map: CandidateMap }>(
  lines: T[],
  width: number,
): T[] {
  const strength = new Map(lines.map((e) => [e, lineContrast(e.line, e.set, e.map, width)]));
  return lines.filter((a) =>
    lines.every((b) => {
      if (a === b || a.map.kind === b.map.kind) return true;
      const w = Math.min(a.line.x1, b.line.x1) - Math.max(a.line.x0, b.line.x0);
      const h = Math.min(a.line.y1, b.line.y1) - Math.max(a.line.y0, b.line.y0);
      if (w <= 0 || h <= 0) return true;
      const area = (l: TextLine) => (l.x1 - l.x0) * (l.y1 - l.y0);
      if (w * h < 0.3 * Math.min(area(a.line), area(b.line))) return true;
      return strength.get(a)! >= strength.get(b)!;
    }),
  );
}

/** Sum of |luma - local mean| over the strong pixels of the line's glyphs. */
function lineContrast(line: TextLine, set: GlyphSet, map: CandidateMap, width: number): number {
  const ids = new Set(line.glyphs.map((g) => g.id));
  let sum = 0;
  let n = 0;
  for (let y = line.y0; y < line.y1; y++) {
    for (let x = line.x0; x < line.x1; x++) {
      const i = y * width + x;
      if (map.strong[i] && ids.has(set.labels[i])) {
        sum += Math.abs(map.contrast[i]);
        n++;
      }
    }
  }
  return n ? sum : 0;
}

/**
 * Evidence that a run of glyphs is lettering rather than texture that happens to line up: null when it is,
 * else the test it failed (for tuning and logs).
 */
export function whyNotText(line: TextLine, set: GlyphSet, map: CandidateMap, width: number): string | null {
  const { glyphs, height: h } = line;
  const lineWidth = line.x1 - line.x0;
  // Two glyphs make a line only as two joined words.
  const words = glyphs.length === 2 && lineWidth >= 5 * h && glyphs.every((g) => g.x1 - g.x0 >= 1.5 * h);
  if (glyphs.length < 3 && !words) return 'few glyphs';
  if (lineWidth < 3.5 * h) return 'short';
  // One baseline or one middle line (digits and capitals share both; lower case shares the baseline).
  const bottoms = glyphs.map((g) => g.y1);
  const middles = glyphs.map((g) => (g.y0 + g.y1) / 2);
  if (medianDeviation(bottoms) > 0.12 * h && medianDeviation(middles) > 0.12 * h) return 'not aligned';
  // One stroke width and one colour.
  const strokes = glyphs.map((g) => g.stroke).sort((a, b) => a - b);
  const ms = strokes[strokes.length >> 1];
  if (glyphs.filter((g) => g.stroke > 2.2 * ms || g.stroke < ms / 2.2).length > glyphs.length / 4) {
    return 'strokes differ';
  }
  const mean = [0, 1, 2].map((k) => glyphs.reduce((s, g) => s + g.colour[k], 0) / glyphs.length);
  if (glyphs.some((g) => colourDistance(g.colour, mean) > 0.75 * colourTolerance(map.kind))) {
    return 'colours differ';
  }
  // A long run of like glyphs is evidence enough to stand some clutter (translucent text over flowers).
  const c = clutter(line, set, map, width);
  const allowed = Math.min(1.2, 0.5 + 0.1 * (glyphs.length - 3));
  return c < allowed ? null : `cluttered ${c.toFixed(2)}`;
}

/**
 * Strong pixels of the same kind around the line but not in it, per pixel of the line: lettering sits on
 * its background; glyph-like texture (leaves, raindrops, grass) sits among more of itself. Long streaks
 * (wood grain, a horizon, the rim of a cup) are not counted: they are not what fakes text.
 */
function clutter(line: TextLine, set: GlyphSet, map: CandidateMap, width: number): number {
  const ids = new Set(line.glyphs.map((g) => g.id));
  const h = line.height;
  const pad = line.height;
  const height = map.strong.length / width;
  const x0 = Math.max(0, line.x0 - pad);
  const x1 = Math.min(width, line.x1 + pad);
  const y0 = Math.max(0, line.y0 - pad);
  const y1 = Math.min(height, line.y1 + pad);
  let inside = 0;
  let outside = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      if (!map.strong[i]) continue;
      const id = set.labels[i];
      if (ids.has(id)) {
        inside++;
        continue;
      }
      const b = set.boxes[id - 1];
      const streak = b.x1 - b.x0 > 5 * h && (b.y1 - b.y0) * 3 < b.x1 - b.x0;
      if (!streak) outside++;
    }
  }
  return outside / Math.max(1, inside);
}

/**
 * Warm imprints keep their colour; light and dark text, often translucent, takes on the colour of what is
 * behind it, so its glyphs agree less.
 */
function colourTolerance(kind: MapKind): number {
  return kind === 'warm' ? 60 : 80;
}

/** Camera date imprints sit in a corner: the outer 40 % across and the outer 25 % up or down. */
function nearCorner(line: TextLine, width: number, height: number): boolean {
  const cx = (line.x0 + line.x1) / 2 / width;
  const cy = (line.y0 + line.y1) / 2 / height;
  return (cx < 0.4 || cx > 0.6) && (cy < 0.25 || cy > 0.75);
}

/**
 * The line's strong pixels, plus the weak ones touching them (anti-aliased edges, JPEG ringing, the faint
 * part of translucent strokes), grown by one pixel. Worked in the line's box so the cost follows the line.
 */
function paintLine(
  mask: Uint8Array,
  line: TextLine,
  set: GlyphSet,
  map: CandidateMap,
  width: number,
  height: number,
): void {
  const ids = extendLine(line, set, colourTolerance(map.kind));
  const strokes = line.glyphs.map((g) => g.stroke).sort((a, b) => a - b);
  const reach = Math.max(2, Math.round(strokes[strokes.length >> 1] / 2));
  const pad = reach + 2;
  let bx0 = line.x0;
  let bx1 = line.x1;
  for (const id of ids) {
    bx0 = Math.min(bx0, set.boxes[id - 1].x0);
    bx1 = Math.max(bx1, set.boxes[id - 1].x1);
  }
  const x0 = Math.max(0, bx0 - pad);
  const y0 = Math.max(0, line.y0 - pad);
  const w = Math.min(width, bx1 + pad) - x0;
  const h = Math.min(height, line.y1 + pad) - y0;
  const core = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y + y0) * width + x + x0;
      if (map.strong[i] && ids.has(set.labels[i])) core[y * w + x] = 1;
    }
  }
  const near = dilate(core, w, h, reach);
  const part = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const j = y * w + x;
      if (core[j] || (near[j] && map.weak[(y + y0) * width + x + x0])) part[j] = 1;
    }
  }
  const grown = dilate(part, w, h, 1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) if (grown[y * w + x]) mask[(y + y0) * width + x + x0] = 1;
  }
}

/**
 * The line's glyphs and the other glyphs and punctuation-sized blobs of the same map inside its band, of
 * the line's colour (other lines' glyphs, dots, hyphens), reached from either end in steps of 1.5 glyph
 * heights: a web address
 * keeps its dots and its last word.
 */
function extendLine(line: TextLine, set: GlyphSet, tolerance: number): Set<number> {
  const ids = new Set(line.glyphs.map((g) => g.id));
  const h = line.height;
  const colour = [0, 1, 2].map((k) => line.glyphs.reduce((s, g) => s + g.colour[k], 0) / line.glyphs.length);
  const strokes = line.glyphs.map((g) => g.stroke).sort((a, b) => a - b);
  const stroke = strokes[strokes.length >> 1];
  // Glyphs of the line's own height and stroke only: blades of grass beside a date are glyph-like too.
  const likeGlyph = new Set(
    set.glyphs
      .filter(
        (g) =>
          g.y1 - g.y0 >= 0.6 * h &&
          g.y1 - g.y0 <= 1.4 * h &&
          g.stroke <= 1.6 * stroke &&
          g.stroke >= stroke / 1.6,
      )
      .map((g) => g.id),
  );
  const top = line.y0 - 0.25 * h;
  const bottom = line.y1 + 0.25 * h;
  const inBand = set.boxes
    .map((b, i) => ({ b, id: i + 1 }))
    .filter(
      ({ b, id }) =>
        b.y0 >= top &&
        b.y1 <= bottom &&
        b.x1 - b.x0 <= 4 * h &&
        (likeGlyph.has(id) || (set.sizes[id - 1] <= 0.25 * h * h && b.y1 - b.y0 <= 0.6 * h)) &&
        b.x1 >= line.x0 - 20 * h &&
        b.x0 <= line.x1 + 20 * h &&
        colourDistance(Array.from(set.colours.subarray(id * 3, id * 3 + 3)), colour) <= tolerance,
    );
  let x0 = line.x0;
  let x1 = line.x1;
  for (let grew = true; grew;) {
    grew = false;
    for (const { b, id } of inBand) {
      if (ids.has(id) || b.x1 < x0 - 1.5 * h || b.x0 > x1 + 1.5 * h) continue;
      ids.add(id);
      x0 = Math.min(x0, b.x0);
      x1 = Math.max(x1, b.x1);
      grew = true;
    }
  }
  return ids;
}

function medianDeviation(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted[sorted.length >> 1];
  const dev = values.map((v) => Math.abs(v - m)).sort((a, b) => a - b);
  return dev[dev.length >> 1];
}
