import type { RawImage } from '../../lib/image/raw-image';

/**
 * Edge pixels of a colour photo, linked into chains with one side per chain, and the colours on either side
 * of each: what the translucent-shape finder (`overlay-shapes.ts`) fits its blend maps on.
 */
export interface ColourEdges {
  /** Di Zenzo gradient at every pixel; a step of d levels reads as about d / 2. */
  strength: Float32Array;
  /** Pixel index of each edge pixel, and its unit normal; normals agree along a chain. */
  index: Int32Array;
  nx: Float32Array;
  ny: Float32Array;
  /** At every pixel, its edge pixel's number, or -1. */
  edgeAt: Int32Array;
  /** Chain of each edge pixel, and each chain's length. */
  chain: Int32Array;
  chainLength: Int32Array;
  /** Per edge pixel and offset (EDGE_OFFSETS), RGB on the normal's minus side and on its plus side. */
  minus: Float32Array;
  plus: Float32Array;
}

/** Distances, in pixels, of the samples on each side of an edge: past the anti-aliased pixel and a JPEG's blur. */
export const EDGE_OFFSETS = [2, 3];
/** Linked edge pixels' normals differ by less than 45°. */
const CHAIN_ALIGNMENT = Math.cos(Math.PI / 4);

/** Bilinear RGB at (x, y), clamped to the image, into out[at..at+2]. */
export function sampleRgb(image: RawImage, x: number, y: number, out: Float32Array, at: number): void {
  const { width, height, data, channels } = image;
  const cx = Math.min(width - 1.001, Math.max(0, x));
  const cy = Math.min(height - 1.001, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const fx = cx - x0;
  const fy = cy - y0;
  const i00 = (y0 * width + x0) * channels;
  const i01 = i00 + width * channels;
  for (let c = 0; c < 3; c++) {
    const cc = Math.min(c, channels - 1);
    const top = data[i00 + cc] * (1 - fx) + data[i00 + channels + cc] * fx;
    const bottom = data[i01 + cc] * (1 - fx) + data[i01 + channels + cc] * fx;
    out[at + c] = top * (1 - fy) + bottom * fy;
  }
}

/**
 * Pixels on colour edges with a step of at least `minStep` levels: the largest eigenvector of the colour
 * structure tensor (Di Zenzo) of the Sobel gradients, thinned by non-maximum suppression along it; then linked
 * and sampled on both sides.
 */
export function colourEdges(image: RawImage, minStep: number): ColourEdges {
  const { width, height, data, channels } = image;
  const strength = new Float32Array(width * height);
  const angle = new Float32Array(width * height);
  const row = width * channels;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let gxx = 0;
      let gyy = 0;
      let gxy = 0;
      // (the 3x3 neighbourhood's offsets written out: this loop runs over every pixel of the photo)
      const above = ((y - 1) * width + x) * channels;
      const here = above + row;
      const below = here + row;
      for (let c = 0; c < 3; c++) {
        const cc = Math.min(c, channels - 1);
        const [nw, n, ne] = [data[above - channels + cc], data[above + cc], data[above + channels + cc]];
        const [w, e] = [data[here - channels + cc], data[here + channels + cc]];
        const [sw, s, se] = [data[below - channels + cc], data[below + cc], data[below + channels + cc]];
        const gx = (ne + 2 * e + se - nw - 2 * w - sw) / 8;
        const gy = (sw + 2 * s + se - nw - 2 * n - ne) / 8;
        gxx += gx * gx;
        gyy += gy * gy;
        gxy += gx * gy;
      }
      const i = y * width + x;
      strength[i] = Math.sqrt((gxx + gyy) / 2 + Math.sqrt(((gxx - gyy) / 2) ** 2 + gxy * gxy));
      angle[i] = 0.5 * Math.atan2(2 * gxy, gxx - gyy);
    }
  }
  const index: number[] = [];
  const nx: number[] = [];
  const ny: number[] = [];
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const i = y * width + x;
      const s = strength[i];
      if (s < minStep / 2) continue;
      const cx = Math.cos(angle[i]);
      const cy = Math.sin(angle[i]);
      const step = Math.round(cy) * width + Math.round(cx);
      if (s < strength[i + step] || s <= strength[i - step]) continue;
      index.push(i);
      nx.push(cx);
      ny.push(cy);
    }
  }
  const edgeAt = new Int32Array(width * height).fill(-1);
  for (let e = 0; e < index.length; e++) edgeAt[index[e]] = e;
  const edges = {
    strength,
    index: Int32Array.from(index),
    nx: Float32Array.from(nx),
    ny: Float32Array.from(ny),
    edgeAt,
  };
  const { chain, chainLength } = linkChains(edges, width);
  return { ...edges, chain, chainLength, ...sideSamples(image, edges) };
}

/** The 8 neighbours of a pixel, as index offsets in a row-major image of this width. */
export const neighbourOffsets = (width: number) => [
  -width - 1,
  -width,
  -width + 1,
  -1,
  1,
  width - 1,
  width,
  width + 1,
];

/**
 * Chains of edge pixels: 8-neighbours whose normals differ by less than 45°, each normal turned to agree with
 * the one it was reached from, so a chain has one "plus" side along its whole length; chains part at junctions
 * and sharp corners.
 */
function linkChains(
  edges: { index: Int32Array; nx: Float32Array; ny: Float32Array; edgeAt: Int32Array },
  width: number,
) {
  const count = edges.index.length;
  const chain = new Int32Array(count).fill(-1);
  const lengths: number[] = [];
  const stack: number[] = [];
  const around = neighbourOffsets(width);
  for (let seed = 0; seed < count; seed++) {
    if (chain[seed] >= 0) continue;
    const id = lengths.length;
    let length = 1;
    chain[seed] = id;
    stack.push(seed);
    while (stack.length) {
      const e = stack.pop()!;
      for (const d of around) {
        const f = edges.edgeAt[edges.index[e] + d];
        if (f < 0 || chain[f] >= 0) continue;
        const dot = edges.nx[f] * edges.nx[e] + edges.ny[f] * edges.ny[e];
        if (Math.abs(dot) < CHAIN_ALIGNMENT) continue;
        if (dot < 0) {
          edges.nx[f] = -edges.nx[f];
          edges.ny[f] = -edges.ny[f];
        }
        chain[f] = id;
        length++;
        stack.push(f);
      }
    }
    lengths.push(length);
  }
  return { chain, chainLength: Int32Array.from(lengths) };
}

function sideSamples(image: RawImage, edges: { index: Int32Array; nx: Float32Array; ny: Float32Array }) {
  const { width } = image;
  const minus = new Float32Array(edges.index.length * EDGE_OFFSETS.length * 3);
  const plus = new Float32Array(minus.length);
  for (let e = 0; e < edges.index.length; e++) {
    const x = edges.index[e] % width;
    const y = (edges.index[e] - x) / width;
    EDGE_OFFSETS.forEach((d, o) => {
      const at = (e * EDGE_OFFSETS.length + o) * 3;
      sampleRgb(image, x - d * edges.nx[e], y - d * edges.ny[e], minus, at);
      sampleRgb(image, x + d * edges.nx[e], y + d * edges.ny[e], plus, at);
    });
  }
  return { minus, plus };
}

const probeA = new Float32Array(3);
const probeB = new Float32Array(3);

function stepAcross(image: RawImage, x: number, y: number, nx: number, ny: number, d: number): number {
  sampleRgb(image, x + d * nx, y + d * ny, probeA, 0);
  sampleRgb(image, x - d * nx, y - d * ny, probeB, 0);
  return Math.hypot(probeA[0] - probeB[0], probeA[1] - probeB[1], probeA[2] - probeB[2]);
}

/** The colour step within 1 px of an edge pixel over the step within 3 px: near 1 for a drawn edge, less for a ramp. */
export function edgeSharpness(image: RawImage, edges: ColourEdges, e: number): number {
  const x = edges.index[e] % image.width;
  const y = (edges.index[e] - x) / image.width;
  const near = stepAcross(image, x, y, edges.nx[e], edges.ny[e], 1);
  return near / Math.max(1, stepAcross(image, x, y, edges.nx[e], edges.ny[e], 3));
}
