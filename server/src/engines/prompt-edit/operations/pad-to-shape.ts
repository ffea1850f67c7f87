/**
 * Padding a photo out to a shape it cannot be cropped to, from its own edges: the outermost pixels carried
 * outward and blurred, the blur fading in from the photo's edge so no seam shows. (A mirror of the photo
 * looked wrong: it put upside-down, blurred ghosts of the people beside them.) A side that a subject touches
 * gets a plain colour, the edge's mean, instead: carried out, a face's edge would smear skin across the pad.
 * A see-through photo gets a see-through pad.
 */
import type { RawImage } from '../../../lib/image/raw-image';
import type { Box } from '../../../models/detect/types';
import { viaSharp } from './pixels';

export interface Canvas {
  width: number;
  height: number;
  /** Where the photo's top-left corner goes on the canvas. */
  at: { x: number; y: number };
}

type Side = 'top' | 'bottom' | 'left' | 'right';

/** The pad's blur, as a share of the canvas's short side: the carried-out edge's streaks melt into soft colour. */
const BLUR_SHARE = 0.08;
/** Over this share of each pad from the photo's edge the carried-out edge fades into its blur: no hard seam. */
const FADE_SHARE = 0.03;
/** A subject this close to a side (share of the photo's size) counts as touching it. */
const TOUCH_SHARE = 0.02;

export async function padToShape(
  image: RawImage,
  canvas: Canvas,
  subjects: readonly Box[],
): Promise<RawImage> {
  const pads: Record<Side, number> = {
    top: canvas.at.y,
    bottom: canvas.height - image.height - canvas.at.y,
    left: canvas.at.x,
    right: canvas.width - image.width - canvas.at.x,
  };
  if (image.channels === 4) return extended(image, pads, { r: 0, g: 0, b: 0, alpha: 0 });
  const sides = (Object.keys(pads) as Side[]).filter((s) => pads[s] > 0);
  const plain = sides.filter((s) => touches(image, s, subjects));
  if (plain.length) {
    // A flat colour on those sides; the others (if any) are carried out below, from this canvas's own edges.
    let out = image;
    for (const side of plain) {
      const only = { top: 0, bottom: 0, left: 0, right: 0, [side]: pads[side] };
      out = await extended(out, only, edgeMean(out, side));
      pads[side] = 0;
    }
    if (sides.length === plain.length) return out;
    return carriedOut(out, pads, canvas);
  }
  return carriedOut(image, pads, canvas);
}

function touches(image: RawImage, side: Side, subjects: readonly Box[]): boolean {
  const vertical = side === 'top' || side === 'bottom';
  const near = TOUCH_SHARE * (vertical ? image.height : image.width);
  return subjects.some((b) => {
    switch (side) {
      case 'top':
        return b.y <= near;
      case 'bottom':
        return b.y + b.height >= image.height - near;
      case 'left':
        return b.x <= near;
      case 'right':
        return b.x + b.width >= image.width - near;
    }
  });
}

/** The photo's edges carried out by `pads` and blurred there, the blur fading in over the first part of each. */
async function carriedOut(image: RawImage, pads: Record<Side, number>, canvas: Canvas): Promise<RawImage> {
  const edge = await viaSharp(image, (p) => p.extend({ ...pads, extendWith: 'copy' }));
  const soft = await blurred(edge, Math.max(2, BLUR_SHARE * Math.min(canvas.width, canvas.height)));
  const { width, height, channels } = edge;
  const x0 = pads.left;
  const y0 = pads.top;
  const x1 = width - pads.right;
  const y1 = height - pads.bottom;
  const fade = (distance: number, pad: number) => {
    const t = Math.min(1, distance / Math.max(1, FADE_SHARE * pad));
    return t * t * (3 - 2 * t);
  };
  for (let y = 0; y < height; y++) {
    const dy = y < y0 ? fade(y0 - y, pads.top) : y >= y1 ? fade(y - y1 + 1, pads.bottom) : 0;
    for (let x = 0; x < width; x++) {
      // Inside the photo's rows, only the side pads are touched: jump over the photo.
      if (dy === 0 && x === x0) x = x1;
      if (x >= width) break;
      const dx = x < x0 ? fade(x0 - x, pads.left) : x >= x1 ? fade(x - x1 + 1, pads.right) : 0;
      const t = Math.max(dx, dy);
      for (let c = 0, i = (y * width + x) * channels; c < channels; c++, i++) {
        edge.data[i] = Math.round(edge.data[i] + t * (soft.data[i] - edge.data[i]));
      }
    }
  }
  return edge;
}

/**
 * A wide Gaussian blur, done on a copy shrunk so the blur is 4 pixels there and enlarged back: a blur this
 * wide keeps nothing finer than the shrunk copy holds, and a 100-pixel blur at full size costs seconds.
 */
async function blurred(image: RawImage, sigma: number): Promise<RawImage> {
  const shrink = Math.max(1, sigma / 4);
  const { width, height } = image;
  const small = await viaSharp(image, (p) =>
    p
      .resize(Math.max(1, Math.round(width / shrink)), Math.max(1, Math.round(height / shrink)), {
        fit: 'fill',
      })
      .blur(Math.max(0.3, sigma / shrink)),
  );
  return viaSharp(small, (p) => p.resize(width, height, { fit: 'fill' }));
}

function extended(
  image: RawImage,
  pads: Record<Side, number>,
  background: { r: number; g: number; b: number; alpha?: number },
): Promise<RawImage> {
  return viaSharp(image, (p) => p.extend({ ...pads, background }));
}

/** The mean colour of the photo's outermost 3 % along a side. */
function edgeMean(image: RawImage, side: Side): { r: number; g: number; b: number } {
  const { width, height, channels, data } = image;
  const vertical = side === 'top' || side === 'bottom';
  const depth = Math.max(1, Math.round(0.03 * (vertical ? height : width)));
  const xs = side === 'right' ? [width - depth, width] : side === 'left' ? [0, depth] : [0, width];
  const ys = side === 'bottom' ? [height - depth, height] : side === 'top' ? [0, depth] : [0, height];
  const sum = [0, 0, 0];
  for (let y = ys[0]; y < ys[1]; y++)
    for (let x = xs[0]; x < xs[1]; x++)
      for (let c = 0; c < 3; c++) sum[c] += data[(y * width + x) * channels + Math.min(c, channels - 1)];
  const n = (xs[1] - xs[0]) * (ys[1] - ys[0]);
  return { r: Math.round(sum[0] / n), g: Math.round(sum[1] / n), b: Math.round(sum[2] / n) };
}
