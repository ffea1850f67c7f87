import { connectedComponents } from '../../lib/image/bitmap';
import type { AddedLight } from './added-light';
import { growRect } from './glyphs';
import { median } from '../../lib/median';

/**
 * The digits of a film date imprint as blobs of the strong map (the LEDs' light, `added-light.ts`) and rows of
 * them: digit-sized, side by side, of one hue, aligned top and bottom, in a lower corner, with little else of
 * that light around them.
 */

export interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The added light's green as a share of its red, over the blob's strong pixels. */
  green: number;
}

export interface Row {
  blobs: Blob[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Median blob height. */
  height: number;
}

/**
 * Blobs of the strong map sized as a digit or two run together. The map is first grown by 1 px across and
 * 2 px up and down, so the bars of one digit join while neighbouring digits mostly stay apart.
 */
export function digitBlobs(strong: Uint8Array, light: AddedLight, photoHeight: number): Blob[] {
  // Digits of 2 % of the photo's height are 8 px at least at the working size; 5 % plus tilt and glow make
  // the largest.
  const maxHeight = Math.max(24, Math.round(0.08 * photoHeight));
  // A camera prints its date clear of the frame's edge; blobs the edge cuts are the photo's.
  return blobsOf(strong, light.width, light.height, light, 0, 0).filter((b) => {
    const w = b.x1 - b.x0;
    const h = b.y1 - b.y0;
    const onEdge = b.x0 === 0 || b.x1 === light.width || b.y1 === light.height;
    return h >= 8 && h <= maxHeight && w <= 2.4 * h && !onEdge;
  });
}

/**
 * The blobs of a cut (`width` x `height`) of the band's strong map whose top left is (x0, y0) in the band,
 * with their boxes in the band; neither specks nor solid.
 */
function blobsOf(
  strong: Uint8Array,
  width: number,
  height: number,
  light: AddedLight,
  x0: number,
  y0: number,
): Blob[] {
  const closed = growRect(strong, width, height, 1, 2);
  const { labels, count, boxes } = connectedComponents(closed, width, height);
  const pixels = new Float64Array(count + 1);
  // Red and green summed over the pixels whose red is not clipped (a hot core's green has caught up), and
  // apart over those whose red is, for blobs all clipped.
  const rise = [0, 1, 2, 3].map(() => new Float64Array(count + 1));
  for (let i = 0; i < labels.length; i++) {
    const id = labels[i];
    if (!id || !strong[i]) continue;
    pixels[id]++;
    const j = (Math.floor(i / width) + y0) * light.width + (i % width) + x0;
    const set = light.red[j] < 248 ? 0 : 2;
    for (let k = 0; k < 2; k++) rise[set + k][id] += light.rise[k][j];
  }
  const blobs: Blob[] = [];
  for (let id = 1; id <= count; id++) {
    const b = boxes[id - 1];
    const area = (b.x1 - b.x0) * (b.y1 - b.y0);
    if (pixels[id] < 12 || pixels[id] > 0.9 * area) continue;
    blobs.push({
      x0: b.x0 + x0,
      y0: b.y0 + y0,
      x1: b.x1 + x0,
      y1: b.y1 + y0,
      green: greenShare(rise, id),
    });
  }
  return blobs;
}

/**
 * Blobs side by side of about one height, sharing their top and bottom (digits do, and a slight tilt keeps
 * neighbours within a fifth of a height), of one hue, at most a blank cell and a field's gap apart.
 */
export function groupRows(blobs: Blob[]): Row[] {
  const parent = blobs.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const order = blobs.map((_, i) => i).sort((a, b) => blobs[a].x0 - blobs[b].x0);
  for (let a = 0; a < order.length; a++) {
    const p = blobs[order[a]];
    const hp = p.y1 - p.y0;
    for (let b = a + 1; b < order.length; b++) {
      const q = blobs[order[b]];
      const hq = q.y1 - q.y0;
      const h = Math.max(hp, hq);
      if (q.x0 - p.x1 > 2.6 * h) {
        if (q.x0 - p.x1 > 8 * h) break;
        continue;
      }
      if (h / Math.min(hp, hq) > 1.5) continue;
      if (Math.abs(p.y0 - q.y0) > 0.25 * h || Math.abs(p.y1 - q.y1) > 0.25 * h) continue;
      if (Math.abs(p.green - q.green) > 0.2) continue;
      parent[find(order[a])] = find(order[b]);
    }
  }
  const groups = new Map<number, Blob[]>();
  blobs.forEach((blob, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), blob]));
  return [...groups.values()].map((members) => {
    const heights = members.map((m) => m.y1 - m.y0).sort((a, b) => a - b);
    return {
      blobs: members,
      x0: Math.min(...members.map((m) => m.x0)),
      y0: Math.min(...members.map((m) => m.y0)),
      x1: Math.max(...members.map((m) => m.x1)),
      y1: Math.max(...members.map((m) => m.y1)),
      height: heights[heights.length >> 1],
    };
  });
}

/**
 * A digit that ran into a streak of the photo (a petal's rim, a lit blade) made a blob too large to be a
 * digit; cut at the row's band (its top and bottom, a little slack), the digit's part is one. The strong map
 * is cut so on either side of a row of two or more blobs, and the parts of a digit's size and the row's hue
 * that continue it (at most a field's gap away) join it.
 */
export function fillBand(row: Row, strong: Uint8Array, light: AddedLight): Row {
  const { width } = light;
  const h = row.height;
  const bx0 = Math.max(0, Math.floor(row.x0 - 3 * h));
  const bx1 = Math.min(width, Math.ceil(row.x1 + 3 * h));
  const by0 = Math.max(0, Math.floor(row.y0 - 0.15 * h));
  const by1 = Math.min(light.height, Math.ceil(row.y1 + 0.15 * h));
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  const cut = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) cut[y * bw + x] = strong[(y + by0) * width + x + bx0];
  }
  const hue = median(row.blobs.map((b) => b.green));
  const pieces = blobsOf(cut, bw, bh, light, bx0, by0)
    .filter((b) => b.y1 - b.y0 >= 0.6 * h && b.x1 - b.x0 <= 2.4 * h && Math.abs(b.green - hue) <= 0.2)
    .filter((b) => b.x0 > 0 && b.x1 < width && b.y1 < light.height)
    .filter((b) => !row.blobs.some((o) => overlap(o, b) > 0.3 * (b.x1 - b.x0) * (b.y1 - b.y0)));
  const blobs = [...row.blobs];
  let [x0, x1] = [row.x0, row.x1];
  for (let grew = true; grew;) {
    grew = false;
    for (const piece of pieces) {
      if (blobs.includes(piece) || piece.x1 < x0 - 2.6 * h || piece.x0 > x1 + 2.6 * h) continue;
      blobs.push(piece);
      [x0, x1] = [Math.min(x0, piece.x0), Math.max(x1, piece.x1)];
      grew = true;
    }
  }
  if (blobs.length === row.blobs.length) return row;
  return {
    ...row,
    blobs,
    x0,
    x1,
    y0: Math.min(...blobs.map((b) => b.y0)),
    y1: Math.max(...blobs.map((b) => b.y1)),
  };
}

function greenShare(rise: Float64Array[], id: number): number {
  const set = rise[0][id] > 0 ? 0 : 2;
  return rise[set + 1][id] / rise[set][id];
}

function overlap(a: Blob, b: Blob): number {
  return (
    Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) *
    Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0))
  );
}

/** Why a row is not a date imprint (for the trace), or null when it is. */
export function whyNotImprint(
  row: Row,
  light: AddedLight,
  strong: Uint8Array,
  width: number,
  photoHeight: number,
): string | null {
  const h = row.height;
  // A date has at least four digits: '98 7 4. Two run together make a blob about twice as wide.
  const digits = row.blobs.reduce((s, b) => s + Math.max(1, Math.round((b.x1 - b.x0) / (0.75 * h))), 0);
  if (row.blobs.length < 3 || digits < 4) return 'few digits';
  if (row.x1 - row.x0 < 2.5 * h) return 'short';
  // Lower corners: the row's bottom in the lowest quarter, one end in the outer fifth, reaching past the
  // middle only as far as a portrait photo's large imprint does.
  if (row.y1 + light.top < 0.75 * photoHeight) return 'not low';
  const right = row.x1 >= 0.8 * width && row.x0 >= 0.3 * width;
  const left = row.x0 <= 0.2 * width && row.x1 <= 0.7 * width;
  if (!right && !left) return 'not in a corner';
  // One LED colour: the blobs' hues agree.
  const hue = median(row.blobs.map((b) => b.green));
  if (row.blobs.some((b) => Math.abs(b.green - hue) > 0.2)) return 'hues differ';
  // Digits share their top and bottom, on a line that may lean a little (a photo of a print).
  if (misfit(row.blobs.map((b) => [(b.x0 + b.x1) / 2, b.y1])) > 0.1 * h) return 'bottoms not aligned';
  if (misfit(row.blobs.map((b) => [(b.x0 + b.x1) / 2, b.y0])) > 0.1 * h) return 'tops not aligned';
  const c = clutter(row, strong, light);
  return c > MAX_CLUTTER ? `cluttered ${c.toFixed(2)}` : null;
}

/** Tuning part and clean photos: an imprint over a dark or plain corner has hardly any clutter. */
const MAX_CLUTTER = 0.5;

/**
 * The strong pixels around the row (a digit's height above, below and beyond its ends) per strong pixel in
 * its band: an imprint sits on the photo, while lit texture (florets, grass, a lamp's reflections) sits among
 * more of itself.
 */
function clutter(row: Row, strong: Uint8Array, light: AddedLight): number {
  const { width, height } = light;
  const h = row.height;
  const band = [row.y0 - 0.15 * h, row.y1 + 0.15 * h];
  const inner = [row.x0 - 0.6 * h, row.x1 + 0.3 * h];
  let inside = 0;
  let around = 0;
  for (let y = Math.max(0, Math.floor(row.y0 - h)); y < Math.min(height, row.y1 + h); y++) {
    for (let x = Math.max(0, Math.floor(row.x0 - h)); x < Math.min(width, row.x1 + h); x++) {
      if (!strong[y * width + x]) continue;
      if (y >= band[0] && y < band[1] && x >= inner[0] && x < inner[1]) inside++;
      else around++;
    }
  }
  return around / Math.max(1, inside);
}

/** The median distance of points from their least-squares line, up or down. */
function misfit(points: number[][]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  return median(points.map(([x, y]) => Math.abs(y - my - slope * (x - mx))));
}
