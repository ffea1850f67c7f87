import type { RawImage } from '../../lib/image/raw-image';
import { connectedComponents, dilate, type Box } from '../../lib/image/bitmap';
import { isMarkLine, lineScore, type LineFacts } from './line-score';
import { growIntoMark, ringShift } from './mark-growth';
import { photoBehind } from './photo-behind';
import { forEachInBox, lineStrokes, type LineStrokes, type TextLine } from './line-strokes';
import type { TextProbability } from './text-probability';
import { LARGE_LETTERING, LEAK_REACH, OVERLAY_TESTS, STROKE_GROWTH } from './tuned-thresholds';

/** What decided each line of text the detector saw, for tuning and logs. */
export interface TextLineEvidence {
  box: Box;
  /** The detector's mean probability over the line's core. */
  confidence: number;
  /** Length over height of the line's core (its principal axes). */
  elongation: number;
  /** Mean colour shift of the strokes from the photo around them, along the mark's colour (0..441). */
  contrast: number;
  /** Share of the line's area that is stroke. */
  fill: number;
  /** Stroke width over the line's unclip distance (about a third of its height). */
  thickness: number;
  /** Mean step at the strokes' edges over their contrast. */
  sharpness: number;
  /** How far the strokes are from one colour blended at one opacity over the photo behind, over contrast. */
  misfit: number;
  /** Share of the pixels just outside the line shifted like its strokes, over the share inside. */
  leak: number;
  /** How far the line's other pixels sit on the far side of the photo behind, over contrast. */
  rest: number;
  /** For a line that passed the overlay tests: what its final judgement weighed (line-score.ts), and its score. */
  facts?: LineFacts;
  score?: number;
  /** Its strokes, grown, at the image's size, when asked for (`keepStrokes`): to fit the line score. */
  strokes?: Uint8Array;
  accepted: boolean;
}

export interface TextStrokesOptions {
  /** Each line the detector saw is added here, with what decided it. */
  evidence?: TextLineEvidence[];
  /** Lines meeting these pixels (what an earlier pass took) are skipped. */
  taken?: Uint8Array | null;
  /** The map is the detector's coarse pass, for large lettering: its lines must also look like large lettering. */
  large?: boolean;
  /** Keep each judged line's strokes in its evidence. */
  keepStrokes?: boolean;
  /** A tiled mark was found on the photo (line-score.ts's isMarkLine). */
  tiled?: boolean;
}

/** A pixel is in a line's core above this probability (PaddleOCR's own binarisation threshold). */
const CORE = 0.3;
/**
 * Whether a line the detector saw is lettering laid over the photo rather than something of the photo's own
 * (OVERLAY_TESTS, tuned-thresholds.ts). The detector must be sure of the line's core. Ink fills a share of a
 * line, never most of it; strokes are thinner than the line; their edges are steep, though JPEG's halved
 * colour resolution softens a saturated mark's edge, so softer edges are taken where the strokes fill little
 * of the line, as letters do; the photo around the line does not look like its strokes (the mark ends where
 * the line does); and strokes that fill half the line with soft edges are a surface of the photo the detector
 * took for text (a horizon).
 */
function isOverlaidText(line: TextLine, strokes: LineStrokes): boolean {
  const t = OVERLAY_TESTS;
  // A shape without lettering (an emblem, a tile) is taken only when it ends sharply where the line does.
  const shaped =
    line.elongation >= t.shapedElongation ||
    (strokes.leak <= t.shapedMaxLeak && strokes.sharpness >= t.shapedMinSharpness);
  return (
    shaped &&
    line.confidence >= t.minConfidence &&
    (strokes.sharpness >= t.minSharpness ||
      (strokes.sharpness >= t.softSharpness && strokes.fill <= t.softMaxFill)) &&
    strokes.contrast >= t.minContrast &&
    strokes.fill > t.minFill &&
    strokes.fill <= t.maxFill &&
    strokes.leak <= t.maxLeak &&
    strokes.thickness <= t.maxThickness * Math.max(1, line.radius) &&
    !(strokes.fill > t.surfaceFill && strokes.sharpness < t.surfaceSharpness)
  );
}

/**
 * A line the coarse pass (find-watermark's large lettering) sees must also be lettering's: strokes filling a
 * good share of it, and thick for their line (LARGE_LETTERING): at that scale the outlines of a group of
 * overlapping shapes pass the other tests, with thin strokes filling little of the line.
 */
function isLargeLettering(line: TextLine, strokes: LineStrokes): boolean {
  return (
    strokes.fill >= LARGE_LETTERING.minFill &&
    strokes.thickness >= LARGE_LETTERING.minThickness * Math.max(1, line.radius)
  );
}

/** DB's unclip ratio: the core is grown by area x ratio / perimeter to cover the whole line. */
const UNCLIP = 1.5;

/**
 * The strokes of the text lines the detector sees over a photo, at the image's size, or null when none.
 * Each line's core is grown back to the whole line; inside it, the photo behind is estimated from the pixels
 * around the lines, and the strokes are the pixels shifted from it along one colour: a mark's overlay moves
 * every pixel it covers towards its own colour, whatever the photo is. A line that passes the overlay tests is
 * judged last with the mark segmenter's probability map (`mark`, at the image's size): line-score.ts.
 */
export function textStrokes(
  image: RawImage,
  text: TextProbability,
  mark: Float32Array,
  { evidence = [], taken, large = false, keepStrokes = false, tiled = false }: TextStrokesOptions = {},
): Uint8Array | null {
  const { width, height } = image;
  const lines = textLines(text, width, height).filter((line) => !(taken && meets(line, taken, width)));
  if (lines.length === 0) return null;
  const anyLine = new Uint8Array(width * height);
  let reach = 4;
  for (const line of lines) {
    forEachInBox(line.box, width, (i) => (anyLine[i] |= line.area[i]));
    reach = Math.max(reach, Math.ceil(2 * line.radius) + 4);
  }
  const behind = photoBehind(image, anyLine, Math.min(reach, 64));
  const out = new Uint8Array(width * height);
  let found = false;
  for (const line of lines) {
    const strokes = lineStrokes(
      image,
      behind,
      line,
      Math.max(LEAK_REACH.leastPx, Math.round(LEAK_REACH.unclip * line.radius)),
    );
    const overlaid = isOverlaidText(line, strokes) && (!large || isLargeLettering(line, strokes));
    let facts: LineFacts | undefined;
    if (overlaid) {
      dropSpecks(strokes.mask, width, line.box, Math.max(6, 0.1 * line.radius * line.radius));
      const noise = ringShift(image, behind, line.area, STROKE_GROWTH.aboveRing);
      growIntoMark(
        image,
        behind,
        strokes.mask,
        Math.ceil(STROKE_GROWTH.reach * line.radius),
        Math.max(STROKE_GROWTH.shift * strokes.contrast, noise),
      );
      facts = lineFacts(line, strokes, mark, width, large);
    }
    const score = facts && lineScore(facts);
    const accepted = facts !== undefined && isMarkLine(facts, tiled);
    evidence.push({
      box: line.box,
      confidence: line.confidence,
      elongation: line.elongation,
      contrast: strokes.contrast,
      fill: strokes.fill,
      thickness: strokes.thickness / Math.max(1, line.radius),
      sharpness: strokes.sharpness,
      misfit: strokes.misfit,
      leak: strokes.leak,
      rest: strokes.rest,
      facts,
      score,
      strokes: keepStrokes && facts ? strokes.mask : undefined,
      accepted,
    });
    if (!accepted) continue;
    found = true;
    for (let i = 0; i < out.length; i++) out[i] |= strokes.mask[i];
  }
  return found ? out : null;
}

/** Whether any pixel of the line is set in `mask` (the line's pixels all lie in its box). */
function meets(line: TextLine, mask: Uint8Array, width: number): boolean {
  const { x0, y0, x1, y1 } = line.box;
  for (let y = y0; y < y1; y++)
    for (let i = y * width + x0; i < y * width + x1; i++) if (mask[i] && line.area[i]) return true;
  return false;
}

/** What line-score.ts judges a line on: the detector's view of it, its leak, the segmenter's map over it. */
function lineFacts(
  line: TextLine,
  strokes: LineStrokes,
  mark: Float32Array,
  width: number,
  coarse: boolean,
): LineFacts {
  const { x0, y0, x1, y1 } = line.box;
  let inBox = 0;
  // The box's far edges are exclusive: a line along the photo's bottom edge ends at its last row.
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) inBox += mark[y * width + x];
  let onStrokes = 0;
  let count = 0;
  for (let i = 0; i < strokes.mask.length; i++) {
    if (!strokes.mask[i]) continue;
    onStrokes += mark[i];
    count++;
  }
  return {
    confidence: line.confidence,
    elongation: line.elongation,
    leak: strokes.leak,
    markInBox: inBox / ((x1 - x0) * (y1 - y0)),
    markOnStrokes: count ? onStrokes / count : 0,
    coarse,
    strokeShare: count / strokes.mask.length,
  };
}

/** Each connected core of the probability map, grown back by DB's unclip distance, at the image's size. */
function textLines(text: TextProbability, width: number, height: number): TextLine[] {
  const { map, width: w, height: h } = text;
  const core = new Uint8Array(w * h);
  for (let i = 0; i < core.length; i++) core[i] = map[i] > CORE ? 1 : 0;
  const components = connectedComponents(core, w, h);
  const lines: TextLine[] = [];
  for (let id = 1; id <= components.count; id++) {
    const size = components.sizes[id - 1];
    if (size < 12) continue;
    const b = components.boxes[id - 1];
    const one = new Uint8Array(w * h);
    let perimeter = 0;
    let sum = 0;
    let mx = 0;
    let my = 0;
    let mxx = 0;
    let myy = 0;
    let mxy = 0;
    for (let y = b.y0; y < b.y1; y++) {
      for (let x = b.x0; x < b.x1; x++) {
        const i = y * w + x;
        if (components.labels[i] !== id) continue;
        one[i] = 1;
        sum += map[i];
        mx += x;
        my += y;
        mxx += x * x;
        myy += y * y;
        mxy += x * y;
        const edge =
          x === 0 ||
          y === 0 ||
          x === w - 1 ||
          y === h - 1 ||
          components.labels[i - 1] !== id ||
          components.labels[i + 1] !== id ||
          components.labels[i - w] !== id ||
          components.labels[i + w] !== id;
        if (edge) perimeter++;
      }
    }
    // The core's elongation: the ratio of its principal axes, from its second moments.
    const cx = mx / size;
    const cy = my / size;
    const vxx = mxx / size - cx * cx;
    const vyy = myy / size - cy * cy;
    const vxy = mxy / size - cx * cy;
    const half = Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy * vxy);
    const elongation = Math.sqrt(((vxx + vyy) / 2 + half) / Math.max(1e-6, (vxx + vyy) / 2 - half));
    const grow = (size * UNCLIP) / Math.max(1, perimeter);
    const grown = dilate(one, w, h, Math.max(1, grow));
    const area = new Uint8Array(width * height);
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    // Only the image rows and columns that fall in the grown core's box at the map's size can be set.
    const reach = Math.ceil(Math.max(1, grow)) + 1;
    const [fromY, toY] = imageSpan(b.y0 - reach, b.y1 + reach, text.scaleY, height);
    const [fromX, toX] = imageSpan(b.x0 - reach, b.x1 + reach, text.scaleX, width);
    for (let y = fromY; y < toY; y++) {
      const row = Math.min(h - 1, Math.floor((y + 0.5) * text.scaleY)) * w;
      for (let x = fromX; x < toX; x++) {
        if (!grown[row + Math.min(w - 1, Math.floor((x + 0.5) * text.scaleX))]) continue;
        area[y * width + x] = 1;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
    }
    lines.push({
      area,
      box: { x0, y0, x1, y1 },
      confidence: sum / size,
      elongation,
      radius: grow / text.scaleX,
    });
  }
  return lines;
}

/**
 * The image positions (from, to: exclusive) whose centres fall in map positions [lo, hi) at `scale` map pixels
 * per image pixel, widened by one on each side against rounding.
 */
function imageSpan(lo: number, hi: number, scale: number, size: number): [number, number] {
  return [Math.max(0, Math.floor(lo / scale) - 1), Math.min(size, Math.ceil(hi / scale) + 1)];
}

/**
 * Clears the mask's pieces smaller than `minSize` pixels: texture caught by the split, never a letter. The
 * mask is empty outside `box` (a line's strokes lie in its box), so the pieces are found there alone.
 */
function dropSpecks(mask: Uint8Array, width: number, box: Box, minSize: number): void {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const inBox = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++)
    inBox.set(mask.subarray((box.y0 + y) * width + box.x0, (box.y0 + y) * width + box.x1), y * bw);
  const parts = connectedComponents(inBox, bw, bh);
  for (let j = 0; j < inBox.length; j++) {
    const id = parts.labels[j];
    if (id && parts.sizes[id - 1] < minSize)
      mask[(box.y0 + Math.floor(j / bw)) * width + box.x0 + (j % bw)] = 0;
  }
}
