/**
 * Resampling a region of the photo onto the headshot's frame: one similarity transform (levelling, scale,
 * shift) and bilinear interpolation, so rotation and enlargement cost a single pass at the output's size.
 */
import type { RawImage } from '../../lib/image/raw-image';
import { toOutput, toPhoto, type FrameTransform } from './framing';

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
  visit: (k: number, sx: number, sy: number, v: number) => void,
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
      visit(v * t.width + u, px, py, v);
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
  fade: number;
}

/**
 * The region's 8-bit matte on the frame: zero beyond its top, and beyond its sides above output row
 * `bodyFrom`; below, its edges carry on outward, so a body cut by the photo's edges continues to the frame's
 * instead of ending in mid-air. Where the photo's own edge cuts the head (solid matte on that side above
 * `bodyFrom`), that side does not carry on: the body under a sliced head would be a block of smeared edge
 * pixels. Instead the matte fades out over `edges.fade` before every photo edge it is not carried past, so
 * a person cut by the photo dissolves into the backdrop rather than ending in a straight line.
 */
export function warpMatte(
  region: PhotoRegion<{ data: Uint8Array; width: number; height: number }>,
  t: FrameTransform,
  bodyFrom: number,
  edges: PhotoEdges = { left: false, right: false, top: false, fade: 0 },
): Uint8Array {
  const { data, width, height } = region.pixels;
  const out = new Uint8Array(t.width * t.height);
  const carryLeft = !(edges.left && cutsHead(region, t, bodyFrom, 0));
  const carryRight = !(edges.right && cutsHead(region, t, bodyFrom, width - 1));
  let below = false;
  const at = (x: number, y: number) => {
    if (y < 0) return 0;
    if (x < 0 || x >= width) {
      if (!below || (x < 0 ? !carryLeft : !carryRight)) return 0;
      x = x < 0 ? 0 : width - 1;
    }
    return data[Math.min(y, height - 1) * width + x];
  };
  // Alpha kept at `d` region pixels inside a photo edge: 0 at the edge, 1 from `fade` on (smoothstep).
  const ramp = (d: number) => {
    if (d >= edges.fade) return 1;
    if (d <= 0) return 0;
    const r = d / edges.fade;
    return r * r * (3 - 2 * r);
  };
  eachSample(t, region, (k, sx, sy, v) => {
    below = v >= bodyFrom;
    const sideOpen = (left: boolean) => below && (left ? carryLeft : carryRight);
    if (sy < -1 || (sx < -1 && !sideOpen(true)) || (sx > width && !sideOpen(false))) return;
    const x0 = Math.floor(sx);
    const y0 = Math.floor(sy);
    const fx = sx - x0;
    const fy = sy - y0;
    const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
    const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
    let a = top + (bottom - top) * fy;
    if (edges.fade > 0) {
      if (edges.top) a *= ramp(sy + 0.5);
      if (edges.left && !sideOpen(true)) a *= ramp(sx + 0.5);
      if (edges.right && !sideOpen(false)) a *= ramp(width - 0.5 - sx);
    }
    out[k] = a + 0.5;
  });
  return out;
}

/** Whether the region's column `x` (a photo edge) holds solid matte on rows the frame shows above `bodyFrom`. */
function cutsHead(
  region: PhotoRegion<{ data: Uint8Array; width: number; height: number }>,
  t: FrameTransform,
  bodyFrom: number,
  x: number,
): boolean {
  const { data, width, height } = region.pixels;
  for (let y = 0; y < height; y++) {
    if (data[y * width + x] < 128) continue;
    const p = toOutput(t, { x: region.x + (x + 0.5) / region.scale, y: region.y + (y + 0.5) / region.scale });
    if (p.y < bodyFrom && p.x >= 0 && p.x < t.width && p.y >= 0) return true;
  }
  return false;
}
