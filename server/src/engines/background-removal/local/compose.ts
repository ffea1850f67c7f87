import sharp from 'sharp';
import type { RawImage } from '../../../lib/image';
import type { Backdrop } from '../background-removal.options';

/** Shadow geometry relative to the photo's longer side: a soft contact shadow just below the subject. */
const SHADOW_SIGMA = 0.02;
const SHADOW_OFFSET = 0.012;
const SHADOW_OPACITY = 0.45;

function oneBand(data: Uint8Array, width: number, height: number) {
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.length), {
    raw: { width, height, channels: 1 },
  });
}

async function blurBand(data: Uint8Array, width: number, height: number, sigma: number) {
  const out = await oneBand(data, width, height).blur(sigma).toColourspace('b-w').raw().toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** Default blur strength for the blurred backdrop: strong enough to read as depth of field at any size. */
export function defaultBlurSigma(width: number, height: number): number {
  return Math.max(4, Math.round(Math.max(width, height) * 0.015));
}

/**
 * A soft shadow cast by the matte: the matte blurred and moved down, as 8-bit opacity. Pure geometry on the
 * matte, so it works the same for every provider's matte.
 */
export async function shadowFromMatte(alpha: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const side = Math.max(width, height);
  const blurred = await blurBand(alpha, width, height, Math.max(1, side * SHADOW_SIGMA));
  const dy = Math.round(side * SHADOW_OFFSET);
  const out = new Uint8Array(width * height);
  for (let y = dy; y < height; y++) {
    const src = (y - dy) * width;
    const dst = y * width;
    for (let x = 0; x < width; x++) out[dst + x] = blurred[src + x] * SHADOW_OPACITY;
  }
  return out;
}

/**
 * The photo blurred without the subject: a normalised convolution (blur of background-weighted colour over
 * blur of the weight), so the subject's colours do not bleed into the backdrop as a halo around it.
 */
export async function blurredBackground(
  image: RawImage,
  alpha: Uint8Array,
  sigma: number,
): Promise<Uint8Array> {
  const { width, height } = image;
  const n = width * height;
  const weighted = new Uint8Array(n * 3);
  const weight = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const w = 255 - alpha[i];
    weight[i] = w;
    weighted[i * 3] = (image.data[i * 3] * w + 127) / 255;
    weighted[i * 3 + 1] = (image.data[i * 3 + 1] * w + 127) / 255;
    weighted[i * 3 + 2] = (image.data[i * 3 + 2] * w + 127) / 255;
  }
  const [colour, plain, w] = await Promise.all([
    sharp(Buffer.from(weighted.buffer), { raw: { width, height, channels: 3 } })
      .blur(sigma)
      .raw()
      .toBuffer(),
    sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
      raw: { width, height, channels: 3 },
    })
      .blur(sigma)
      .raw()
      .toBuffer(),
    blurBand(weight, width, height, sigma),
  ]);
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    // Deep inside a large subject no background is near: fall back to the plain blur there.
    const wi = w[i];
    for (let c = 0; c < 3; c++) {
      const j = i * 3 + c;
      out[j] = wi >= 8 ? Math.min(255, (colour[j] * 255) / wi) : plain[j];
    }
  }
  return out;
}

function parseHex(color: string): [number, number, number] {
  const v = Number.parseInt(color.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/**
 * The final picture from the photo, its full-resolution matte and the person's options:
 * RGBA when the backdrop is transparent (with the shadow as semi-transparent black), RGB otherwise.
 */
export async function composeCutout(
  image: RawImage,
  alpha: Uint8Array,
  options: { backdrop: Backdrop; shadow: boolean },
): Promise<RawImage> {
  const { width, height } = image;
  const n = width * height;
  const src = image.data;
  const shadow = options.shadow ? await shadowFromMatte(alpha, width, height) : undefined;
  const { backdrop } = options;

  if (backdrop.kind === 'transparent') {
    const out = new Uint8Array(n * 4);
    for (let i = 0; i < n; i++) {
      const a = alpha[i];
      const s = shadow ? (shadow[i] * (255 - a)) / 255 : 0;
      const total = a + s;
      // The shadow is black, so un-premultiplied colour is the subject's colour scaled by its share.
      const k = total > 0 ? a / total : 0;
      out[i * 4] = src[i * 3] * k;
      out[i * 4 + 1] = src[i * 3 + 1] * k;
      out[i * 4 + 2] = src[i * 3 + 2] * k;
      out[i * 4 + 3] = total + 0.5;
    }
    return { data: out, width, height, channels: 4 };
  }

  const back =
    backdrop.kind === 'color'
      ? undefined
      : await blurredBackground(image, alpha, backdrop.radius ?? defaultBlurSigma(width, height));
  const [cr, cg, cb] = backdrop.kind === 'color' ? parseHex(backdrop.color) : [0, 0, 0];
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const a = alpha[i] / 255;
    const dark = shadow ? 1 - shadow[i] / 255 : 1;
    const j = i * 3;
    const br = back ? back[j] : cr;
    const bg = back ? back[j + 1] : cg;
    const bb = back ? back[j + 2] : cb;
    out[j] = src[j] * a + br * dark * (1 - a) + 0.5;
    out[j + 1] = src[j + 1] * a + bg * dark * (1 - a) + 0.5;
    out[j + 2] = src[j + 2] * a + bb * dark * (1 - a) + 0.5;
  }
  return { data: out, width, height, channels: 3 };
}
