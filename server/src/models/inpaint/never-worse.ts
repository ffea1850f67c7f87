import type { FloatImage } from './float-image';
import { dilate, distanceOutside } from '../../lib/image/bitmap';

/**
 * The check every watermark removal passes before it is returned: inside the mask, region by region
 * (48 px squares), the recovered pixels (blend inverted, the rest completed) must look like the photo
 * around them at least as well as the fill of the whole mask (check-fill.ts) does; where they do not,
 * the fill is taken. First, the inversion must have moved the pixels it changed towards the fill, not away
 * from it: the fill never saw those pixels, so its errors are independent of the mark, and removing a
 * real mark brings a pixel closer to any independent estimate of the photo, while "inverting" what is not
 * a mark (the errors of the background guess in a box painted around a date stamp) blows them up. Then
 * "looking like the photo around" is measured three ways: colours that appear nowhere in the ring of photo
 * just outside the mask near the region (blotches of a wrong colour; counted on the pixels the removal
 * changed only, since a pixel returned as it was shows the photo's own colour), edges along the mark's outline
 * stronger than the region's other edges (a mark still readable), and roughness far beyond the ring's
 * (noise blown up by the inversion). Before that, `rejectForeignColours` hands single blotches to
 * completion pixel by pixel, so a region is rarely given up whole.
 */
export interface RegionChoice {
  /** Per pixel, the share of the fill in the result (0 = recovered, 1 = fill); feathered between regions. */
  fillWeight: Float32Array;
  regions: number;
  regionsFilled: number;
}

const REGION = 48;
/** The ring around a region's mask pixels that it is compared with. */
const CONTEXT = 40;
const RING_INNER = 2;
const RING_OUTER = 14;
/** Change in opacity between neighbours that marks the mark's outline. */
const OUTLINE_STEP = 0.15;
/** Levels added to the plain edges, so a smooth region's faint outline does not count as a mark. */
const OUTLINE_FLOOR = 4;
/** How much worse (in badness) the recovered pixels may look than the fill before the fill is taken. */
const PREFER_RECOVERED = 0.3;
const FEATHER = 4;
/**
 * Squared distance to the fill after inversion over the same before it, above which the region's inversion
 * made things worse. On the benchmark's tuning part it separated the regions where the fill was much better from
 * those where inversion was (docs/decisions.md, "Watermark removal").
 */
const MOVED_AWAY = 2.5;
/** Inverted pixels a region needs for that comparison. */
const MIN_INVERTED = 16;

export function chooseRecoveredOrFill(
  recovered: FloatImage,
  filled: FloatImage,
  marked: Float32Array,
  mask: Uint8Array,
  alpha: Float32Array,
): RegionChoice {
  const { width: w, height: h } = recovered;
  const ring = distanceOutside(mask, w, h, RING_OUTER + 1);
  const outline = new Uint8Array(w * h);
  for (let y = 0; y < h - 1; y++) {
    for (let x = 0; x < w - 1; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      const step = Math.max(Math.abs(alpha[i] - alpha[i + 1]), Math.abs(alpha[i] - alpha[i + w]));
      if (step >= OUTLINE_STEP) outline[i] = 1;
    }
  }
  const tw = Math.ceil(w / REGION);
  const th = Math.ceil(h / REGION);
  const decision = new Float32Array(w * h);
  let regions = 0;
  let regionsFilled = 0;
  for (let ty = 0; ty < th; ty++) {
    for (let tx = 0; tx < tw; tx++) {
      const box = {
        x0: tx * REGION,
        y0: ty * REGION,
        x1: Math.min(w, (tx + 1) * REGION),
        y1: Math.min(h, (ty + 1) * REGION),
      };
      let inside = 0;
      for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) inside += mask[y * w + x];
      if (inside < 16) continue;
      const around = {
        x0: Math.max(1, box.x0 - CONTEXT),
        y0: Math.max(1, box.y0 - CONTEXT),
        x1: Math.min(w - 1, box.x1 + CONTEXT),
        y1: Math.min(h - 1, box.y1 + CONTEXT),
      };
      const surroundings = ringStats(recovered, mask, ring, around);
      const away = movedAway(recovered, filled, marked, mask, alpha, box);
      if (!surroundings && away <= MOVED_AWAY) continue;
      regions++;
      if (surroundings && away <= MOVED_AWAY) {
        const r = badness(recovered, mask, outline, box, surroundings, alpha);
        const f = badness(filled, mask, outline, box, surroundings, alpha);
        if (r <= f + PREFER_RECOVERED) continue;
      }
      regionsFilled++;
      for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) decision[y * w + x] = 1;
    }
  }
  const fillWeight = regionsFilled ? feather(decision, mask, w, h) : decision;
  return { fillWeight, regions, regionsFilled };
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface RingStats {
  /** The ring's colours (see palette). */
  colours: Uint8Array;
  edge: number;
  roughness: number;
}

/**
 * Over the inverted pixels of `box` (opacity strictly between 0 and 1), the squared distance of the
 * recovered pixels to the fill over that of the marked input to the fill; 0 when too few were inverted.
 */
function movedAway(
  recovered: FloatImage,
  filled: FloatImage,
  marked: Float32Array,
  mask: Uint8Array,
  alpha: Float32Array,
  box: Box,
): number {
  const { width: w, channels: c } = recovered;
  let after = 0;
  let before = 0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      if (!mask[i] || alpha[i] <= 0 || alpha[i] >= 1) continue;
      n++;
      for (let k = 0; k < 3; k++) {
        const o = i * c + k;
        after += (recovered.data[o] - filled.data[o]) ** 2;
        before += (marked[o] - filled.data[o]) ** 2;
      }
    }
  }
  return n >= MIN_INVERTED ? after / (before + 1) : 0;
}

/** The photo just outside the mask in `box`: its colours and its mean edge and roughness. */
function ringStats(image: FloatImage, mask: Uint8Array, ring: Float32Array, box: Box): RingStats | null {
  const { width: w, channels: c, data } = image;
  const inRing = (i: number) => !mask[i] && ring[i] > RING_INNER && ring[i] <= RING_OUTER;
  const colours = palette(image, box, inRing);
  if (!colours) return null;
  let edge = 0;
  let rough = 0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      if (!inRing(i)) continue;
      edge += edgeAt(data, w, c, i);
      rough += laplacianAt(data, w, c, i);
      n++;
    }
  }
  return { colours, edge: edge / n + 1, roughness: rough / n + 1 };
}

/** How much the mask pixels of `box` in `image` stand out from the ring: 0 = not at all. */
function badness(
  image: FloatImage,
  mask: Uint8Array,
  outline: Uint8Array,
  box: Box,
  ring: RingStats,
  alpha: Float32Array,
): number {
  const { width: w, height: h, channels: c, data } = image;
  let foreign = 0;
  let n = 0;
  let edge = 0;
  let edges = 0;
  let plain = 0;
  let plains = 0;
  let rough = 0;
  for (let y = Math.max(1, box.y0); y < Math.min(h - 1, box.y1); y++) {
    for (let x = Math.max(1, box.x0); x < Math.min(w - 1, box.x1); x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      n++;
      // A pixel returned as it was (opacity 0) shows the photo's own colour, on either side: not counted.
      if (alpha[i] > 0 && !ring.colours[colourBin(data, i * c)]) foreign++;
      rough += laplacianAt(data, w, c, i);
      if (outline[i]) {
        edge += edgeAt(data, w, c, i);
        edges++;
      } else {
        plain += edgeAt(data, w, c, i);
        plains++;
      }
    }
  }
  if (!n) return 0;
  // Edges along the mark's outline against the edges elsewhere in the same region: the photo's own
  // structure runs anywhere, a mark left behind shows exactly where its outline was.
  const outlineRatio = edges >= 12 && plains >= 12 ? edge / edges / (plain / plains + OUTLINE_FLOOR) : 1;
  const roughRatio = rough / n / ring.roughness;
  return 5 * (foreign / n) + Math.max(0, outlineRatio - 3) + 0.5 * Math.max(0, roughRatio - 4);
}

function edgeAt(data: Float32Array, w: number, c: number, i: number): number {
  let e = 0;
  for (let k = 0; k < 3; k++) {
    const v = data[i * c + k];
    e = Math.max(e, Math.abs(v - data[(i + 1) * c + k]) + Math.abs(v - data[(i + w) * c + k]));
  }
  return e;
}

function laplacianAt(data: Float32Array, w: number, c: number, i: number): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const o = i * c + k;
    s += Math.abs(4 * data[o] - data[o - c] - data[o + c] - data[o - w * c] - data[o + w * c]);
  }
  return s / 3;
}

/** The per-region decision, blurred across FEATHER pixels so a region change leaves no step; 0 outside the mask. */
function feather(decision: Float32Array, mask: Uint8Array, w: number, h: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const r = FEATHER;
  for (let y = 0; y < h; y++) {
    let s = 0;
    for (let x = -r; x <= r; x++) s += decision[y * w + Math.min(w - 1, Math.max(0, x))];
    for (let x = 0; x < w; x++) {
      tmp[y * w + x] = s / (2 * r + 1);
      s += decision[y * w + Math.min(w - 1, x + r + 1)] - decision[y * w + Math.max(0, x - r)];
    }
  }
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let y = -r; y <= r; y++) s += tmp[Math.min(h - 1, Math.max(0, y)) * w + x];
    for (let y = 0; y < h; y++) {
      if (mask[y * w + x]) out[y * w + x] = s / (2 * r + 1);
      s += tmp[Math.min(h - 1, y + r + 1) * w + x] - tmp[Math.max(0, y - r) * w + x];
    }
  }
  return out;
}

/** Colours are compared on a 16-level grid, and a recovered colour counts as the ring's within one step. */
const BIN = 16;
const BINS = 256 / BIN;

/**
 * Recovered pixels whose colour appears nowhere around them (a green or violet blotch where a wrong overlay
 * colour was inverted) are put back to the input and marked lost, so completion fills them from the
 * recovered pixels around. "Around" is, per region, the photo in the ring outside the mask and the mask's
 * own pixels that inversion left as they were. Returns how many pixels were given up.
 */
export function rejectForeignColours(
  image: FloatImage,
  original: Float32Array,
  mask: Uint8Array,
  lost: Uint8Array,
  alpha: Float32Array,
): number {
  const { width: w, height: h, channels: c, data } = image;
  const ring = distanceOutside(mask, w, h, RING_OUTER + 1);
  const foreign = new Uint8Array(w * h);
  // Each pixel's colour bin once: the regions' surroundings overlap, and a 2 MP tiled mark has hundreds.
  const bins = new Uint16Array(w * h);
  for (let i = 0; i < bins.length; i++)
    if (mask[i] || (ring[i] > 0 && ring[i] <= RING_OUTER)) bins[i] = colourBin(data, i * c);
  let any = false;
  for (let y0 = 0; y0 < h; y0 += REGION) {
    for (let x0 = 0; x0 < w; x0 += REGION) {
      const x1 = Math.min(w, x0 + REGION);
      const y1 = Math.min(h, y0 + REGION);
      let recovered = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++)
          if (mask[y * w + x] && !lost[y * w + x] && alpha[y * w + x] > 0) recovered++;
      if (!recovered) continue;
      const around = {
        x0: Math.max(0, x0 - CONTEXT),
        y0: Math.max(0, y0 - CONTEXT),
        x1: Math.min(w, x1 + CONTEXT),
        y1: Math.min(h, y1 + CONTEXT),
      };
      // The photo around: the ring outside the mask, and the mask's pixels that inversion left as they were.
      const colours = palette(
        image,
        around,
        (i) => (mask[i] ? !lost[i] && alpha[i] === 0 : ring[i] > 0 && ring[i] <= RING_OUTER),
        bins,
      );
      if (!colours) continue;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const i = y * w + x;
          if (!mask[i] || lost[i] || alpha[i] === 0 || colours[bins[i]]) continue;
          foreign[i] = 1;
          any = true;
        }
    }
  }
  if (!any) return 0;
  // A blotch's fringe is off too, only less: it goes with the blotch.
  const grown = dilate(foreign, w, h, 2);
  let given = 0;
  for (let i = 0; i < grown.length; i++) {
    if (!grown[i] || !mask[i] || lost[i]) continue;
    lost[i] = 1;
    given++;
    for (let k = 0; k < c; k++) data[i * c + k] = original[i * c + k];
  }
  return given;
}

function colourBin(data: Float32Array, o: number): number {
  return (binOf(data[o]) * BINS + binOf(data[o + 1])) * BINS + binOf(data[o + 2]);
}

function binOf(v: number): number {
  return Math.min(BINS - 1, Math.max(0, Math.floor(v / BIN)));
}

/** The colours (on the BIN grid, each grown by one step) of the pixels of `box` that `take` accepts; null when fewer than 40. */
function palette(
  image: FloatImage,
  box: Box,
  take: (i: number) => boolean,
  bins?: Uint16Array,
): Uint8Array | null {
  const { width: w, channels: c, data } = image;
  const seen = new Uint8Array(BINS * BINS * BINS);
  let known = 0;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      if (!take(i)) continue;
      seen[bins ? bins[i] : colourBin(data, i * c)] = 1;
      known++;
    }
  if (known < 40) return null;
  const near = new Uint8Array(BINS * BINS * BINS);
  for (let r = 0; r < BINS; r++)
    for (let g = 0; g < BINS; g++)
      for (let b = 0; b < BINS; b++) {
        if (!seen[(r * BINS + g) * BINS + b]) continue;
        for (let dr = Math.max(0, r - 1); dr <= Math.min(BINS - 1, r + 1); dr++)
          for (let dg = Math.max(0, g - 1); dg <= Math.min(BINS - 1, g + 1); dg++)
            for (let db = Math.max(0, b - 1); db <= Math.min(BINS - 1, b + 1); db++)
              near[(dr * BINS + dg) * BINS + db] = 1;
      }
  return near;
}
