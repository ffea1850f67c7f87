import type { RawImage } from '../../server/src/lib/image/raw-image';
import { dilate } from '../../server/src/lib/image/bitmap';

/**
 * Quality inside the mask's neighbourhood (the mask grown by NEIGHBOURHOOD pixels): PSNR over RGB, SSIM on
 * luma (7x7 windows centred in the neighbourhood), and a texture score: mean squared luma gradient inside
 * the mask over the same in a ring around it (1.0 = as detailed as the surroundings), so that a blurred
 * fill cannot win on PSNR alone.
 */
export interface Metrics {
  psnr: number;
  ssim: number;
  texture: number;
}

const NEIGHBOURHOOD = 8;

export function measure(result: RawImage, reference: RawImage, mask: Uint8Array): Metrics {
  const { width: w, height: h } = reference;
  const region = dilate(mask, w, h, NEIGHBOURHOOD);
  let se = 0;
  let n = 0;
  for (let i = 0; i < w * h; i++) {
    if (!region[i]) continue;
    for (let k = 0; k < 3; k++) {
      const d = result.data[i * 3 + k] - reference.data[i * 3 + k];
      se += d * d;
    }
    n += 3;
  }
  const mse = se / Math.max(1, n);
  const psnr = mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
  return {
    psnr,
    ssim: ssim(luma(result), luma(reference), region, w, h),
    texture: textureScore(result, mask),
  };
}

export function luma(image: RawImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let i = 0; i < out.length; i++) {
    const o = i * image.channels;
    out[i] = 0.299 * image.data[o] + 0.587 * image.data[o + 1] + 0.114 * image.data[o + 2];
  }
  return out;
}

function ssim(a: Float32Array, b: Float32Array, region: Uint8Array, w: number, h: number): number {
  const r = 3;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let count = 0;
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) {
      if (!region[y * w + x]) continue;
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const i = (y + dy) * w + x + dx;
          const va = a[i];
          const vb = b[i];
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const m = (2 * r + 1) ** 2;
      const ma = sa / m;
      const mb = sb / m;
      const va = saa / m - ma * ma;
      const vb = sbb / m - mb * mb;
      const cov = sab / m - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      count++;
    }
  }
  return count ? total / count : 1;
}

export function textureScore(image: RawImage, mask: Uint8Array): number {
  const { width: w, height: h } = image;
  const y = luma(image);
  const inner = dilate(mask, w, h, 0);
  const near = dilate(mask, w, h, 3);
  const far = dilate(mask, w, h, 15);
  let ein = 0;
  let nin = 0;
  let ering = 0;
  let nring = 0;
  for (let yy = 0; yy < h - 1; yy++) {
    for (let x = 0; x < w - 1; x++) {
      const i = yy * w + x;
      const gx = y[i + 1] - y[i];
      const gy = y[i + w] - y[i];
      const e = gx * gx + gy * gy;
      if (inner[i]) {
        ein += e;
        nin++;
      } else if (far[i] && !near[i]) {
        ering += e;
        nring++;
      }
    }
  }
  const ring = ering / Math.max(1, nring);
  return ring > 0 ? ein / Math.max(1, nin) / ring : 1;
}
