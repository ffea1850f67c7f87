/**
 * Resampling a region of the photo onto the headshot's frame: one similarity transform (levelling, scale,
 * shift) and bilinear interpolation, so rotation and enlargement cost a single pass at the output's size.
 */
import type { RawImage } from '../../lib/image/raw-image';
import { toPhoto, type FrameTransform } from './framing';

/** A region of the photo, possibly enlarged: pixel (i, j) shows photo point (x + i / scale, y + j / scale). */
export interface PhotoRegion<T> {
  pixels: T;
  x: number;
  y: number;
  scale: number;
}

/**
 * Calls `visit(k, sx, sy)` for each output pixel k with its position in the region's pixels. Rows step along
 * a straight line, so the transform is evaluated once per row.
 */
function eachSample(
  t: FrameTransform,
  region: { x: number; y: number; scale: number },
  visit: (k: number, sx: number, sy: number) => void,
): void {
  const c = Math.cos(t.roll) / t.scale;
  const s = Math.sin(t.roll) / t.scale;
  for (let v = 0; v < t.height; v++) {
    const start = toPhoto(t, 0.5, v + 0.5);
    let px = (start.x - region.x) * region.scale - 0.5;
    let py = (start.y - region.y) * region.scale - 0.5;
    const dx = c * region.scale;
    const dy = s * region.scale;
    for (let u = 0; u < t.width; u++) {
      visit(v * t.width + u, px, py);
      px += dx;
      py += dy;
    }
  }
}

/** The region's colours on the frame; outside the region the nearest edge pixel is repeated. */
export function warpColour(region: PhotoRegion<RawImage>, t: FrameTransform): Uint8Array {
  const { data, width, height, channels } = region.pixels;
  const out = new Uint8Array(t.width * t.height * 3);
  eachSample(t, region, (k, sx, sy) => {
    const x = sx < 0 ? 0 : sx > width - 1 ? width - 1 : sx;
    const y = sy < 0 ? 0 : sy > height - 1 ? height - 1 : sy;
    const x0 = Math.min(x | 0, width - 2 < 0 ? 0 : width - 2);
    const y0 = Math.min(y | 0, height - 2 < 0 ? 0 : height - 2);
    const fx = x - x0;
    const fy = y - y0;
    const x1 = Math.min(x0 + 1, width - 1);
    const y1 = Math.min(y0 + 1, height - 1);
    const a = (y0 * width + x0) * channels;
    const b = (y0 * width + x1) * channels;
    const cc = (y1 * width + x0) * channels;
    const d = (y1 * width + x1) * channels;
    for (let ch = 0; ch < 3; ch++) {
      const o = channels === 1 ? 0 : ch;
      const top = data[a + o] + (data[b + o] - data[a + o]) * fx;
      const bottom = data[cc + o] + (data[d + o] - data[cc + o]) * fx;
      out[k * 3 + ch] = top + (bottom - top) * fy + 0.5;
    }
  });
  return out;
}

/** Which of a region's sides are the photo's own edges, and how far (region pixels) the matte fades out before one. */
export interface PhotoEdges {
  left: boolean;
  right: boolean;
  top: boolean;
  bottom: boolean;
  fade: number;
}

const NO_EDGES: PhotoEdges = { left: false, right: false, top: false, bottom: false, fade: 0 };

/**
 * The region's 8-bit matte on the frame, zero beyond the region. Where a photo edge that cuts the person
 * lies inside the frame (composition.ts moves and tightens the frame to avoid it, within limits), the matte
 * fades out over `edges.fade` before it, so the person dissolves into the backdrop there. Nothing is carried
 * past an edge: repeated edge pixels were streaks across the backdrop.
 */
export function warpMatte(
  region: PhotoRegion<{ data: Uint8Array; width: number; height: number }>,
  t: FrameTransform,
  edges: PhotoEdges = NO_EDGES,
): Uint8Array {
  const { data, width, height } = region.pixels;
  const out = new Uint8Array(t.width * t.height);
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : data[y * width + x];
  // Alpha kept at `d` region pixels inside a photo edge: 0 at the edge, 1 from `fade` on (smoothstep).
  const ramp = (d: number) => {
    if (d >= edges.fade) return 1;
    if (d <= 0) return 0;
    const r = d / edges.fade;
    return r * r * (3 - 2 * r);
  };
  eachSample(t, region, (k, sx, sy) => {
    if (sy < -1 || sx < -1 || sx > width || sy > height) return;
    const x0 = Math.floor(sx);
    const y0 = Math.floor(sy);
    const fx = sx - x0;
    const fy = sy - y0;
    const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
    const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
    let a = top + (bottom - top) * fy;
    if (edges.fade > 0) {
      if (edges.top) a *= ramp(sy + 0.5);
      if (edges.bottom) a *= ramp(height - 0.5 - sy);
      if (edges.left) a *= ramp(sx + 0.5);
      if (edges.right) a *= ramp(width - 0.5 - sx);
    }
    out[k] = a + 0.5;
  });
  return out;
}
