/**
 * Masks of a face's parts from its landmarks, for retouching: pure functions, no pixels read. Each mask is
 * 0..1 floats over the face's region of interest (the landmarks' box grown by a margin and clipped to the
 * image), feathered in proportion to the face's size so that what is blended through them leaves no seam.
 */
import { boxMean } from '../guided-filter/guided-filter';
import { LANDMARKS } from './landmarks';
import type { Face, FaceBox } from './types';

export interface FaceRegions {
  /** Integer pixel rectangle of the image the masks cover. */
  roi: FaceBox;
  /** The oval less eyes, brows, lips and nostrils, feathered, fading out toward the hair line. */
  skin: Float32Array;
  eyes: Float32Array;
  lips: Float32Array;
  brows: Float32Array;
  /** A band along the top of the oval, where skin meets hair. */
  hairline: Float32Array;
  /** The whole oval, feathered: where the face's own tone is measured and corrected. */
  face: Float32Array;
}

type Point = { x: number; y: number };

export function outline(face: Face, indices: readonly number[]): Point[] {
  return indices.map((i) => ({ x: face.mesh[i * 3], y: face.mesh[i * 3 + 1] }));
}

/** The polygon grown (factor > 1) or shrunk about its centroid. */
export function scalePolygon(points: readonly Point[], factor: number): Point[] {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  return points.map((p) => ({ x: cx + (p.x - cx) * factor, y: cy + (p.y - cy) * factor }));
}

/** The region the masks cover: the landmarks' box grown by a fifth each side, clipped to the image. */
export function regionOfInterest(face: Face, width: number, height: number): FaceBox {
  const margin = 0.2 * Math.max(face.box.width, face.box.height);
  const x0 = Math.max(0, Math.floor(face.box.x - margin));
  const y0 = Math.max(0, Math.floor(face.box.y - margin));
  const x1 = Math.min(width, Math.ceil(face.box.x + face.box.width + margin));
  const y1 = Math.min(height, Math.ceil(face.box.y + face.box.height + margin));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Fills the polygon (even-odd, pixel centres) into `mask` over `roi` with value 1. */
export function fillPolygon(mask: Float32Array, roi: FaceBox, points: readonly Point[]): void {
  const xs: number[] = [];
  for (let y = 0; y < roi.height; y++) {
    const py = roi.y + y + 0.5;
    xs.length = 0;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const a = points[i];
      const b = points[j];
      if (a.y > py !== b.y > py) xs.push(a.x + ((py - a.y) * (b.x - a.x)) / (b.y - a.y));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k] - roi.x - 0.5));
      const to = Math.min(roi.width - 1, Math.floor(xs[k + 1] - roi.x - 0.5));
      for (let x = from; x <= to; x++) mask[y * roi.width + x] = 1;
    }
  }
}

/** Two box passes: close to a Gaussian of sigma about 0.8 r. */
export function feather(mask: Float32Array, width: number, height: number, r: number): Float32Array {
  if (r < 1) return mask;
  return boxMean(boxMean(mask, width, height, Math.round(r)), width, height, Math.round(r));
}

function ellipse(mask: Float32Array, roi: FaceBox, c: Point, rx: number, ry: number): void {
  const n = 24;
  fillPolygon(
    mask,
    roi,
    Array.from({ length: n }, (_, i) => ({
      x: c.x + rx * Math.cos((2 * Math.PI * i) / n),
      y: c.y + ry * Math.sin((2 * Math.PI * i) / n),
    })),
  );
}

/** The face's masks at the image's resolution (`width` x `height` are the image's, for clipping). */
export function faceRegions(face: Face, width: number, height: number): FaceRegions {
  const roi = regionOfInterest(face, width, height);
  const n = roi.width * roi.height;
  const size = Math.max(face.box.width, face.box.height);
  const w = roi.width;
  const h = roi.height;
  const filled = (polygons: Point[][]) => {
    const mask = new Float32Array(n);
    for (const p of polygons) fillPolygon(mask, roi, p);
    return mask;
  };
  const eyesSharp = filled(
    [LANDMARKS.rightEye, LANDMARKS.leftEye].map((l) => scalePolygon(outline(face, l), 1.15)),
  );
  const browsSharp = filled(
    [LANDMARKS.rightBrow, LANDMARKS.leftBrow].map((l) => scalePolygon(outline(face, l), 1.1)),
  );
  const lipsSharp = filled([scalePolygon(outline(face, LANDMARKS.lipsOuter), 1.08)]);
  const [wingR, tip, wingL] = outline(face, LANDMARKS.noseWings);
  const nostrils = new Float32Array(n);
  const span = Math.hypot(wingL.x - wingR.x, wingL.y - wingR.y);
  ellipse(
    nostrils,
    roi,
    { x: (wingR.x + wingL.x + tip.x * 2) / 4, y: (wingR.y + wingL.y + tip.y * 2) / 4 },
    span * 0.55,
    span * 0.28,
  );
  const oval = filled([scalePolygon(outline(face, LANDMARKS.oval), 0.97)]);
  const hairlineBand = new Float32Array(n);
  const arc = outline(face, LANDMARKS.hairline);
  const band = Math.max(2, size * 0.05);
  for (let i = 0; i + 1 < arc.length; i++) strokeSegment(hairlineBand, roi, arc[i], arc[i + 1], band);

  const edge = Math.max(1, size * 0.025);
  const fine = Math.max(1, size * 0.012);
  const holes = new Float32Array(n);
  for (let i = 0; i < n; i++) holes[i] = Math.max(eyesSharp[i], browsSharp[i], lipsSharp[i], nostrils[i]);
  // Doubling a blurred mask and clipping grows it by about the blur's radius, with a soft edge.
  const holesSoft = feather(holes, w, h, fine * 1.5).map((v) => Math.min(1, 2 * v));
  const ovalSoft = feather(oval, w, h, edge);
  const hairSoft = feather(hairlineBand, w, h, edge);
  const skin = new Float32Array(n);
  for (let i = 0; i < n; i++) skin[i] = ovalSoft[i] * (1 - holesSoft[i]) * (1 - hairSoft[i]);
  return {
    roi,
    skin,
    eyes: feather(eyesSharp, w, h, fine),
    lips: feather(lipsSharp, w, h, fine),
    brows: feather(browsSharp, w, h, fine),
    hairline: hairSoft,
    face: ovalSoft,
  };
}

/** A thick line from a to b (half-width `half`), set to 1. */
function strokeSegment(mask: Float32Array, roi: FaceBox, a: Point, b: Point, half: number): void {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const nx = (-dy / len) * half;
  const ny = (dx / len) * half;
  fillPolygon(mask, roi, [
    { x: a.x + nx, y: a.y + ny },
    { x: b.x + nx, y: b.y + ny },
    { x: b.x - nx, y: b.y - ny },
    { x: a.x - nx, y: a.y - ny },
  ]);
}
