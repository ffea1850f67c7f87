/** Measures for the face-enhancement bench, on BT.601 luma (bench/upscale/metrics.ts). */
import { luma, ssim } from '../upscale/metrics';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function lumaOf(image: { data: ArrayLike<number>; width: number; height: number }): Float64Array {
  return luma(image.data, image.width, image.height);
}

export function cropPlane(y: Float64Array, width: number, box: Box): Float64Array {
  const out = new Float64Array(box.width * box.height);
  for (let r = 0; r < box.height; r++)
    out.set(y.subarray((box.y + r) * width + box.x, (box.y + r) * width + box.x + box.width), r * box.width);
  return out;
}

export function squaredError(a: Float64Array, b: Float64Array): number {
  let se = 0;
  for (let i = 0; i < a.length; i++) se += (a[i] - b[i]) ** 2;
  return se;
}

export const psnrOf = (se: number, n: number) => 10 * Math.log10((255 * 255 * n) / se);

export function ssimOf(a: Float64Array, b: Float64Array, width: number, height: number): number {
  return ssim(a, b, width, height);
}

/** Mean squared gradient (central differences): the energy of the fine detail. */
export function gradientEnergy(y: Float64Array, width: number, height: number): number {
  let total = 0;
  let n = 0;
  for (let r = 1; r < height - 1; r++)
    for (let c = 1; c < width - 1; c++) {
      const i = r * width + c;
      total += ((y[i + 1] - y[i - 1]) ** 2 + (y[i + width] - y[i - width]) ** 2) / 4;
      n++;
    }
  return total / n;
}

/**
 * JPEG blockiness at the 2x result's block grid (the input's 8-pixel blocks are 16 pixels here): the mean
 * absolute step across grid lines over the mean step elsewhere; about 1 where there is no grid.
 */
export function blockiness(y: Float64Array, width: number, height: number, period = 16): number {
  let across = 0;
  let nAcross = 0;
  let inside = 0;
  let nInside = 0;
  for (let r = 0; r < height - 1; r++)
    for (let c = 0; c < width - 1; c++) {
      const i = r * width + c;
      const dx = Math.abs(y[i + 1] - y[i]);
      const dy = Math.abs(y[i + width] - y[i]);
      if (c % period === period - 1) {
        across += dx;
        nAcross++;
      } else {
        inside += dx;
        nInside++;
      }
      if (r % period === period - 1) {
        across += dy;
        nAcross++;
      } else {
        inside += dy;
        nInside++;
      }
    }
  return across / nAcross / (inside / nInside);
}
