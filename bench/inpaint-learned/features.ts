/**
 * What a case's hole is like, for the table of which fill wins where: its size (share of the photo), its
 * shape (thin strokes, compact blobs, or silhouettes with limbs) and what the clean photo has there
 * (smooth, texture, or edges that cross the hole).
 */
import { luma } from '../inpaint/metrics';
import { componentDepths, connectedComponents, dilate } from '../../server/src/lib/image/bitmap';
import type { LearnedCase } from './cases';

export interface HoleFeatures {
  size: 'under 0.3 %' | '0.3-2 %' | 'over 2 %';
  shape: 'thin' | 'blob' | 'elongated';
  surroundings: 'smooth' | 'texture' | 'across edges';
}

/** Half-thickness at or under which a part is a stroke (the pipeline diffuses such parts). */
const THIN = 4;
/** Luma step between neighbours that counts as an edge. */
const EDGE_STEP = 24;

export function holeFeatures(c: LearnedCase): HoleFeatures {
  const { width: w, height: h } = c.reference;
  const area = c.mask.reduce((a, b) => a + b, 0);
  const share = area / (w * h);
  const size = share < 0.003 ? 'under 0.3 %' : share < 0.02 ? '0.3-2 %' : 'over 2 %';
  const parts = connectedComponents(c.mask, w, h);
  const depths = componentDepths(parts, w);
  let thinPixels = 0;
  let fill = 0;
  for (let id = 1; id <= parts.count; id++) {
    if (depths[id] <= THIN) thinPixels += parts.sizes[id - 1];
    // A blob fills much of the disc its depth allows; an elongated part (a silhouette, a pole) does not.
    const b = parts.boxes[id - 1];
    fill += parts.sizes[id - 1] / ((b.x1 - b.x0) * (b.y1 - b.y0));
  }
  const shape = thinPixels > area / 2 ? 'thin' : fill / parts.count > 0.6 ? 'blob' : 'elongated';
  const y = luma(c.reference);
  const ring = dilate(c.mask, w, h, 12);
  let edges = 0;
  let ringEnergy = 0;
  let ringCount = 0;
  for (let yy = 0; yy < h - 1; yy++)
    for (let x = 0; x < w - 1; x++) {
      const i = yy * w + x;
      const gx = y[i + 1] - y[i];
      const gy = y[i + w] - y[i];
      if (c.mask[i]) edges += Math.hypot(gx, gy) > EDGE_STEP ? 1 : 0;
      else if (ring[i]) {
        ringEnergy += gx * gx + gy * gy;
        ringCount++;
      }
    }
  const surroundings =
    edges / area > 0.03 ? 'across edges' : ringEnergy / Math.max(1, ringCount) > 30 ? 'texture' : 'smooth';
  return { size, shape, surroundings };
}
