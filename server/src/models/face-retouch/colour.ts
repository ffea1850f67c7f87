import type { RawImage } from '../../lib/image/raw-image';

/**
 * Whether a photo has colours to correct: its chroma varies from place to place. A black-and-white photo has
 * none, and a sepia or toned print has one tint everywhere; both keep their look.
 */
export function isColourful(image: RawImage): boolean {
  if (image.channels < 3) return false;
  const { data, channels } = image;
  const n = image.width * image.height;
  const stride = Math.max(1, Math.floor(n / 50_000));
  let count = 0;
  let sumCb = 0;
  let sumCr = 0;
  let sqCb = 0;
  let sqCr = 0;
  for (let i = 0; i < n; i += stride) {
    const j = i * channels;
    const r = data[j];
    const g = data[j + 1];
    const b = data[j + 2];
    const cb = -0.168736 * r - 0.331264 * g + 0.5 * b;
    const cr = 0.5 * r - 0.418688 * g - 0.081312 * b;
    sumCb += cb;
    sumCr += cr;
    sqCb += cb * cb;
    sqCr += cr * cr;
    count++;
  }
  const varCb = sqCb / count - (sumCb / count) ** 2;
  const varCr = sqCr / count - (sumCr / count) ** 2;
  return Math.sqrt(varCb + varCr) > 6;
}
