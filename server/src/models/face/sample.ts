import type { RawImage } from '../../lib/image/raw-image';
import type { FaceBox } from './types';

/**
 * The part of the photo under `box` resampled to size x size RGB floats in 0..255 (HWC), as TF.js's
 * cropAndResize does but with a box filter when shrinking (a 4000 px photo into 256 px would alias
 * otherwise). Outside the photo is black, as in Human's crops. Greyscale is repeated into the three channels.
 */
export function sampleBox(image: RawImage, box: FaceBox, size: number): Float32Array {
  const { data, width, height, channels } = image;
  const out = new Float32Array(size * size * 3);
  const step = box.width / size;
  const stepY = box.height / size;
  const taps = Math.max(1, Math.min(8, Math.ceil(Math.max(step, stepY))));
  const weight = 1 / (taps * taps);
  for (let oy = 0; oy < size; oy++) {
    for (let ox = 0; ox < size; ox++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let ty = 0; ty < taps; ty++) {
        const sy = box.y + (oy + (ty + 0.5) / taps) * stepY - 0.5;
        for (let tx = 0; tx < taps; tx++) {
          const sx = box.x + (ox + (tx + 0.5) / taps) * step - 0.5;
          const x0 = Math.floor(sx);
          const y0 = Math.floor(sy);
          const fx = sx - x0;
          const fy = sy - y0;
          for (let k = 0; k < 4; k++) {
            const x = x0 + (k & 1);
            const y = y0 + (k >> 1);
            if (x < 0 || y < 0 || x >= width || y >= height) continue;
            const w = (k & 1 ? fx : 1 - fx) * (k >> 1 ? fy : 1 - fy);
            const i = (y * width + x) * channels;
            r += w * data[i];
            g += w * data[channels >= 3 ? i + 1 : i];
            b += w * data[channels >= 3 ? i + 2 : i];
          }
        }
      }
      const o = (oy * size + ox) * 3;
      out[o] = r * weight;
      out[o + 1] = g * weight;
      out[o + 2] = b * weight;
    }
  }
  return out;
}

/** The square that holds the whole photo centred (letterboxed), in photo pixels. */
export function letterboxSquare(width: number, height: number): FaceBox {
  const side = Math.max(width, height);
  return { x: (width - side) / 2, y: (height - side) / 2, width: side, height: side };
}

/**
 * Overlapping square tiles for finding small faces (a 40 px face in a 2000 px photo is 5 px in the detector's
 * 256 px view): tiles about `tile` px with a quarter overlap, or none when the photo is small enough.
 */
export function detectionTiles(width: number, height: number, tile: number): FaceBox[] {
  const long = Math.max(width, height);
  if (long <= tile * 1.25) return [];
  const side = Math.min(tile, Math.min(width, height));
  const starts = (extent: number) => {
    if (extent <= side) return [0];
    const n = Math.ceil((extent - side) / (side * 0.75)) + 1;
    return Array.from({ length: n }, (_, i) => Math.round(((extent - side) * i) / (n - 1)));
  };
  const tiles: FaceBox[] = [];
  for (const y of starts(height))
    for (const x of starts(width)) tiles.push({ x, y, width: side, height: side });
  return tiles;
}
