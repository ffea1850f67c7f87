import { blurGradients, type Gradients } from './gradients';
import type { MarkTemplate } from './template';

/** Where a mark's box centre lies on a photo, at what size, and how well its edges match there (0..1). */
export interface Placement {
  cx: number;
  cy: number;
  scale: number;
  score: number;
}

interface EdgePoints {
  qx: Float32Array;
  qy: Float32Array;
  /** The template's gradient at each point, `channels` values a point. */
  tx: Float32Array;
  ty: Float32Array;
  channels: number;
  energy: number;
}

/** The centre pixel of a box `n` pixels wide: whole, so a mark that did not move is read without resampling. */
export const middle = (n: number) => Math.floor((n - 1) / 2);

/** The search reaches this share of the photo's shorter side from where the mark was expected. */
const REACH = 0.12;
const SCALES = [0.9, 0.95, 1, 1.05, 1.1];
const COARSE_POINTS = 700;
const FINE_POINTS = 4000;

/**
 * Finds the mark's edges on a photo (correlation of gradients, after Dekel et al.'s chamfer step): a coarse
 * search every 2 px over a reach around the expected centre at five sizes, on gradients blurred so a 1 px
 * miss still counts, then a fine search around the best at 1 px and finer sizes on the sharp gradients.
 */
export function locateMark(
  template: MarkTemplate,
  photo: Gradients,
  expected: { cx: number; cy: number },
  reach = Math.round(REACH * Math.min(photo.width, photo.height)),
): Placement {
  const blurredPhoto = blurGradients(photo, 2);
  const blurredTemplate = blurGradients(template, 2);
  const coarse = edgePoints(template, blurredTemplate, COARSE_POINTS);
  let best: Placement = { ...expected, scale: 1, score: -1 };
  for (const scale of SCALES)
    for (let dy = -reach; dy <= reach; dy += 2)
      for (let dx = -reach; dx <= reach; dx += 2) {
        const score = correlate(coarse, blurredPhoto, expected.cx + dx, expected.cy + dy, scale);
        if (score > best.score) best = { cx: expected.cx + dx, cy: expected.cy + dy, scale, score };
      }
  const fine = edgePoints(template, template, FINE_POINTS);
  const start = best;
  best = { ...start, score: -1 };
  for (let step = -2; step <= 2; step++)
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) {
        const scale = start.scale + step * 0.0125;
        const score = correlate(fine, photo, start.cx + dx, start.cy + dy, scale);
        if (score > best.score) best = { cx: start.cx + dx, cy: start.cy + dy, scale, score };
      }
  return best;
}

function edgePoints(template: MarkTemplate, from: Gradients, most: number): EdgePoints {
  const { width: w, height: h, edges, channels } = template;
  const plane = w * h;
  let count = 0;
  for (let i = 0; i < edges.length; i++) count += edges[i];
  const stride = Math.max(1, Math.ceil(count / most));
  const n = Math.ceil(count / stride);
  const points: EdgePoints = {
    qx: new Float32Array(n),
    qy: new Float32Array(n),
    tx: new Float32Array(n * channels),
    ty: new Float32Array(n * channels),
    channels,
    energy: 0,
  };
  let seen = 0;
  let k = 0;
  for (let i = 0; i < edges.length && k < n; i++) {
    if (!edges[i] || seen++ % stride) continue;
    const x = i % w;
    const y = (i - x) / w;
    points.qx[k] = x - middle(w);
    points.qy[k] = y - middle(h);
    for (let ch = 0; ch < channels; ch++) {
      const tx = from.gx[ch * plane + i];
      const ty = from.gy[ch * plane + i];
      points.tx[k * channels + ch] = tx;
      points.ty[k * channels + ch] = ty;
      points.energy += tx * tx + ty * ty;
    }
    k++;
  }
  return points;
}

function correlate(points: EdgePoints, photo: Gradients, cx: number, cy: number, scale: number): number {
  const { width: w, height: h, gx, gy } = photo;
  const { tx, ty, channels } = points;
  const plane = w * h;
  let dot = 0;
  let energy = 0;
  for (let k = 0; k < points.qx.length; k++) {
    const x = Math.round(cx + scale * points.qx[k]);
    const y = Math.round(cy + scale * points.qy[k]);
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    for (let ch = 0, i = y * w + x; ch < channels; ch++, i += plane) {
      dot += tx[k * channels + ch] * gx[i] + ty[k * channels + ch] * gy[i];
      energy += gx[i] * gx[i] + gy[i] * gy[i];
    }
  }
  return energy > 0 && points.energy > 0 ? dot / Math.sqrt(energy * points.energy) : 0;
}
