import type { SelectPoint } from '@common/schemas/select';
import { growMask, removalGrowth } from './grow-mask';
import type { CanvasFactory } from './rasterize';
import type { MaskImage, Stroke } from './strokes';

/**
 * Longest side a tap selection is kept at. The segmenter's masks are coarser than that, so nothing is lost, and
 * each tap (a history entry of its own) holds a few megabytes rather than a full-size canvas of a large photo.
 */
export const SELECTION_MAX_SIDE = 2048;

/**
 * A mask the server made (a PNG, white = mark) as one brush stroke over the whole image: its marked pixels
 * become opaque, the rest transparent. Kept at most `maxSide` pixels on its long side (full size by default,
 * which a proposal of fine lettering needs). A tap selection records its `taps` and is grown a little
 * (`grow`), since it follows the object's edge exactly where a brush would go past it.
 */
export async function proposalStroke(
  png: Blob,
  width: number,
  height: number,
  createCanvas: CanvasFactory,
  options: { maxSide?: number; taps?: readonly SelectPoint[]; grow?: boolean } = {},
): Promise<Stroke> {
  const scale = Math.min(1, (options.maxSide ?? Infinity) / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const bitmap = await createImageBitmap(png);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot draw the mask (no 2D canvas).');
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  const pixels = ctx.getImageData(0, 0, w, h);
  const { data } = pixels;
  let on: Uint8Array = new Uint8Array(w * h);
  for (let i = 0, p = 0; i < on.length; i++, p += 4)
    on[i] = data[p] * 299 + data[p + 1] * 587 + data[p + 2] * 114 >= 128_000 ? 1 : 0;
  if (options.grow) on = growMask(on, w, h, Math.max(1, removalGrowth(on, w, h, 3 * scale)));
  for (let i = 0, p = 0; i < on.length; i++, p += 4) {
    data[p] = data[p + 1] = data[p + 2] = 255;
    data[p + 3] = on[i] ? 255 : 0;
  }
  ctx.putImageData(pixels, 0, 0);
  const mask = tintedMask(canvas, ctx, width, height, '#ffffff');
  return { tool: 'brush', width: 0, points: [], mask, ...(options.taps ? { taps: options.taps } : {}) };
}

/**
 * One canvas, recoloured in place when another colour is asked for (its alpha, the mask, never changes): the
 * screen asks for the overlay's colour, the export for white, and a mask costs one canvas instead of three.
 */
function tintedMask(
  canvas: HTMLCanvasElement,
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  initial: string,
): MaskImage {
  let tint = initial;
  return {
    width,
    height,
    image(color) {
      if (color !== tint) {
        ctx.save();
        ctx.globalCompositeOperation = 'source-in';
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.restore();
        tint = color;
      }
      return canvas;
    },
    covers({ x, y }) {
      const px = Math.floor((x / width) * canvas.width);
      const py = Math.floor((y / height) * canvas.height);
      if (px < 0 || py < 0 || px >= canvas.width || py >= canvas.height) return false;
      return ctx.getImageData(px, py, 1, 1).data[3] >= 128;
    },
  };
}
