import type { CanvasFactory } from './rasterize';
import type { Stroke } from './strokes';

/**
 * A mask the server proposed (a PNG, white = mark) as a brush stroke over the whole image: its marked pixels
 * become opaque, the rest transparent, and each colour it is drawn in is made once and kept.
 */
export async function proposalStroke(
  png: Blob,
  width: number,
  height: number,
  createCanvas: CanvasFactory,
): Promise<Stroke> {
  const bitmap = await createImageBitmap(png);
  const alpha = createCanvas(width, height);
  const ctx = alpha.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot draw the mask (no 2D canvas).');
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const pixels = ctx.getImageData(0, 0, width, height);
  const { data } = pixels;
  for (let p = 0; p < data.length; p += 4) {
    const on = data[p] * 299 + data[p + 1] * 587 + data[p + 2] * 114 >= 128_000;
    data[p] = data[p + 1] = data[p + 2] = 255;
    data[p + 3] = on ? 255 : 0;
  }
  ctx.putImageData(pixels, 0, 0);
  const tinted = new Map<string, HTMLCanvasElement>();
  return {
    tool: 'brush',
    width: 0,
    points: [],
    bitmap(color) {
      let canvas = tinted.get(color);
      if (!canvas) {
        canvas = createCanvas(width, height);
        const c = canvas.getContext('2d');
        if (c) {
          c.drawImage(alpha, 0, 0);
          c.globalCompositeOperation = 'source-in';
          c.fillStyle = color;
          c.fillRect(0, 0, width, height);
        }
        tinted.set(color, canvas);
      }
      return canvas;
    },
  };
}
