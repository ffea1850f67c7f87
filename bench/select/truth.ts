/**
 * How the hand-made masks of the tap-to-select benchmark are drawn: a polygon traced on a zoomed grid of the
 * photo, optionally narrowed to the pixels a colour rule keeps (the object on a plain background), then the
 * part under the tap, its holes filled. Pure functions on RGB; make-truth.ts writes the masks.
 */
import { connectedComponents } from '../../server/src/lib/image/bitmap';

export type Point = [number, number];

export interface TruthRule {
  /** The object's outline, or a generous region around it when `keep` decides the edge. */
  polygon: Point[];
  /** Further pieces of the object, traced the same way (an object seen in two pieces). */
  more?: Point[][];
  /** Pixels (0..255 RGB) that belong to the object inside the polygon; absent: the whole polygon. */
  keep?: (r: number, g: number, b: number) => boolean;
  /** Shave specks off the colour rule's edge (a 3x3 opening, this many times). */
  open?: number;
  /** 'all': every part the rule keeps but specks (an object seen in two pieces); default: the tapped part. */
  parts?: 'tapped' | 'all';
}

/** 1 inside the polygon (even-odd rule at pixel centres). */
export function fillPolygon(polygon: Point[], width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5;
    const xs: number[] = [];
    for (let i = 0; i < polygon.length; i++) {
      const [x0, y0] = polygon[i];
      const [x1, y1] = polygon[(i + 1) % polygon.length];
      if ((y0 <= cy && y1 > cy) || (y1 <= cy && y0 > cy)) xs.push(x0 + ((cy - y0) / (y1 - y0)) * (x1 - x0));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k] - 0.5));
      const to = Math.min(width - 1, Math.floor(xs[k + 1] - 0.5));
      for (let x = from; x <= to; x++) out[y * width + x] = 1;
    }
  }
  return out;
}

function erodeOrDilate(mask: Uint8Array, width: number, height: number, erode: boolean): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let any = false;
      let all = true;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = Math.min(width - 1, Math.max(0, x + dx));
          const ny = Math.min(height - 1, Math.max(0, y + dy));
          const v = mask[ny * width + nx];
          any ||= v === 1;
          all &&= v === 1;
        }
      out[y * width + x] = (erode ? all : any) ? 1 : 0;
    }
  return out;
}

/** Background reachable from the border stays; every enclosed gap becomes object. */
function fillHoles(mask: Uint8Array, width: number, height: number): void {
  const background = mask.map((v) => (v ? 0 : 1));
  const { labels, boxes } = connectedComponents(background, width, height);
  for (let i = 0; i < mask.length; i++) {
    const b = labels[i] ? boxes[labels[i] - 1] : null;
    if (b && b.x0 > 0 && b.y0 > 0 && b.x1 < width && b.y1 < height) mask[i] = 1;
  }
}

/** The object's mask (1 = object) by `rule`, kept to the part under `tap`. */
export function drawTruth(
  rgb: Uint8Array,
  width: number,
  height: number,
  rule: TruthRule,
  tap: Point,
): Uint8Array {
  let mask = fillPolygon(rule.polygon, width, height);
  for (const piece of rule.more ?? []) {
    const extra = fillPolygon(piece, width, height);
    for (let i = 0; i < mask.length; i++) mask[i] |= extra[i];
  }
  if (rule.keep) {
    for (let i = 0; i < mask.length; i++)
      if (mask[i] && !rule.keep(rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2])) mask[i] = 0;
    for (let k = 0; k < (rule.open ?? 0); k++) mask = erodeOrDilate(mask, width, height, true);
    for (let k = 0; k < (rule.open ?? 0); k++) mask = erodeOrDilate(mask, width, height, false);
    const { labels, sizes } = connectedComponents(mask, width, height);
    const under = labels[Math.round(tap[1]) * width + Math.round(tap[0])];
    const largest = Math.max(...sizes);
    const keep = (label: number) =>
      rule.parts === 'all'
        ? sizes[label - 1] >= largest / 100
        : label === (under || sizes.indexOf(largest) + 1);
    for (let i = 0; i < mask.length; i++) mask[i] = labels[i] && keep(labels[i]) ? 1 : 0;
  }
  fillHoles(mask, width, height);
  return mask;
}
