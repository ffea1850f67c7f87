import type { RawImage } from '../../lib/image/raw-image';
import { connectedComponents } from '../../lib/image/bitmap';
import { median } from '../../lib/median';

/** A connected blob of a candidate map that is shaped like a character (or a few joined ones). */
export interface Glyph {
  id: number;
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
  pixels: number;
  /** Mean stroke width, 2 * area / perimeter. */
  stroke: number;
  colour: [number, number, number];
}

export interface GlyphSet {
  glyphs: Glyph[];
  /** Component id per pixel (of the closed strong map), 0 = none. */
  labels: Int32Array;
  /** Every component's box, glyph or not, by id - 1. */
  boxes: { x0: number; y0: number; x1: number; y1: number }[];
  /** Every component's mean colour over its strong pixels, 3 per id (index id * 3). */
  colours: Float32Array;
  /** Every component's pixel count, by id - 1. */
  sizes: number[];
}

export interface GlyphLimits {
  minHeight: number;
  maxHeight: number;
}

/** Characters of marks are 8 px tall at least and at most a seventh of the photo's short side. */
export function glyphLimits(width: number, height: number): GlyphLimits {
  return { minHeight: 8, maxHeight: Math.max(24, Math.round(Math.min(width, height) / 7)) };
}

/**
 * Blobs of the strong map that look like strokes of text: sized as characters, neither solid (a lamp, a
 * highlight) nor threadlike (a twig), strokes thin for their height. The map is first grown by 2 pixels up
 * and down and 1 across, so the separate upper and lower bars of a seven-segment digit become one glyph
 * while neighbouring letters, side by side, mostly stay apart.
 */
export function findGlyphs(strong: Uint8Array, image: RawImage, limits: GlyphLimits): GlyphSet {
  const { width, height, data, channels } = image;
  const closed = growRect(strong, width, height, 1, 2);
  const { labels, count, boxes, sizes } = connectedComponents(closed, width, height);
  const pixels = new Float64Array(count + 1);
  const edge = new Float64Array(count + 1);
  const sums = new Float64Array((count + 1) * 3);
  // Shape is measured on the map itself: the closing fattens strokes and fills the gaps of an E.
  for (let i = 0; i < labels.length; i++) {
    const id = labels[i];
    if (!id || !strong[i]) continue;
    pixels[id]++;
    const x = i % width;
    if (
      x === 0 ||
      x === width - 1 ||
      i < width ||
      i >= labels.length - width ||
      !strong[i - 1] ||
      !strong[i + 1] ||
      !strong[i - width] ||
      !strong[i + width]
    ) {
      edge[id]++;
    }
    const p = i * channels;
    sums[id * 3] += data[p];
    sums[id * 3 + 1] += data[p + (channels >= 3 ? 1 : 0)];
    sums[id * 3 + 2] += data[p + (channels >= 3 ? 2 : 0)];
  }
  const strongCount = pixels;
  const glyphs: Glyph[] = [];
  for (let id = 1; id <= count; id++) {
    const b = boxes[id - 1];
    const w = b.x1 - b.x0;
    const h = b.y1 - b.y0;
    if (h < limits.minHeight || h > limits.maxHeight || w > 10 * h || pixels[id] < 20) continue;
    const fill = pixels[id] / (w * h);
    const stroke = (2 * pixels[id]) / Math.max(1, edge[id]);
    // Bars (l, i, 1) are solid but narrow.
    const maxFill = w < 0.35 * h ? 1 : 0.8;
    if (fill < 0.12 || fill > maxFill || stroke > 0.4 * h || stroke > 0.8 * w) continue;
    const s = Math.max(1, strongCount[id]);
    glyphs.push({
      id,
      ...b,
      pixels: pixels[id],
      stroke,
      colour: [sums[id * 3] / s, sums[id * 3 + 1] / s, sums[id * 3 + 2] / s],
    });
  }
  const colours = new Float32Array((count + 1) * 3);
  for (let id = 1; id <= count; id++) {
    const n = Math.max(1, strongCount[id]);
    for (let k = 0; k < 3; k++) colours[id * 3 + k] = sums[id * 3 + k] / n;
  }
  return { glyphs, labels, boxes, colours, sizes };
}

/** A run of glyphs along one baseline. */
export interface TextLine {
  glyphs: Glyph[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Median glyph height. */
  height: number;
}

/**
 * Glyphs of about one height, side by side on one baseline, of one colour, close enough to be a line
 * (the gap under 2 glyph heights, so one lost glyph, merged into a highlight behind it, does not split it). Natural texture makes glyph-like blobs, but rarely many of the same
 * height and colour sitting on one straight line.
 */
export function groupLines(glyphs: readonly Glyph[], colourTolerance = 60): TextLine[] {
  const parent = glyphs.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const sorted = glyphs.map((g, i) => ({ g, i })).sort((a, b) => a.g.x0 - b.g.x0);
  for (let a = 0; a < sorted.length; a++) {
    const ga = sorted[a].g;
    const ha = ga.y1 - ga.y0;
    for (let b = a + 1; b < sorted.length; b++) {
      const gb = sorted[b].g;
      const hb = gb.y1 - gb.y0;
      const maxH = Math.max(ha, hb);
      if (gb.x0 - ga.x1 > 2 * maxH) {
        if (gb.x0 - ga.x1 > 12 * maxH) break;
        continue;
      }
      if (maxH / Math.min(ha, hb) > 1.6) continue;
      // Sharing a baseline (lower case), a middle (digits, capitals) or a top line (descenders).
      const tol = 0.2 * maxH;
      if (
        Math.abs(ga.y1 - gb.y1) > tol &&
        Math.abs(ga.y0 + ga.y1 - gb.y0 - gb.y1) / 2 > tol &&
        Math.abs(ga.y0 - gb.y0) > tol
      ) {
        continue;
      }
      if (colourDistance(ga.colour, gb.colour) > colourTolerance) continue;
      parent[find(sorted[a].i)] = find(sorted[b].i);
    }
  }
  const groups = new Map<number, Glyph[]>();
  glyphs.forEach((g, i) => {
    const root = find(i);
    const list = groups.get(root) ?? [];
    list.push(g);
    groups.set(root, list);
  });
  const lines: TextLine[] = [];
  for (const group of groups.values()) {
    const members = pruneOffLine(group);
    const heights = members.map((g) => g.y1 - g.y0).sort((a, b) => a - b);
    lines.push({
      glyphs: members,
      x0: Math.min(...members.map((g) => g.x0)),
      y0: Math.min(...members.map((g) => g.y0)),
      x1: Math.max(...members.map((g) => g.x1)),
      y1: Math.max(...members.map((g) => g.y1)),
      height: heights[heights.length >> 1],
    });
  }
  return lines;
}

/**
 * Chained pairs can drift: a blob of background next to the text links to one glyph and pulls the group
 * off its line. Glyphs far off the group's median baseline and middle, or of another height, are dropped.
 */
function pruneOffLine(group: Glyph[]): Glyph[] {
  if (group.length < 3) return group;
  const h = median(group.map((g) => g.y1 - g.y0));
  const bottom = median(group.map((g) => g.y1));
  const middle = median(group.map((g) => (g.y0 + g.y1) / 2));
  const kept = group.filter((g) => {
    const gh = g.y1 - g.y0;
    if (gh > 1.6 * h || gh < h / 1.8) return false;
    return Math.abs(g.y1 - bottom) <= 0.2 * h || Math.abs((g.y0 + g.y1) / 2 - middle) <= 0.2 * h;
  });
  return kept.length > 0 ? kept : group;
}

export function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Dilation by a (2rx+1) x (2ry+1) rectangle, as two separable passes. */
export function growRect(
  mask: Uint8Array,
  width: number,
  height: number,
  rx: number,
  ry: number,
): Uint8Array {
  const across = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!mask[row + x]) continue;
      for (let k = Math.max(0, x - rx); k <= Math.min(width - 1, x + rx); k++) across[row + k] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!across[y * width + x]) continue;
      for (let k = Math.max(0, y - ry); k <= Math.min(height - 1, y + ry); k++) out[k * width + x] = 1;
    }
  }
  return out;
}
