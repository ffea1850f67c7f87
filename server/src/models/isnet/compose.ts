import sharp from 'sharp';
import type { Backdrop } from '@common/schemas/mode-options';
import { sharedCopy, sharedFloats, sharedPixels, type RawImage } from '../../lib/image/raw-image';
import { BAND_ROWS, bandRunner, inBands } from '../bands/bands';
import { colourMeans, decontaminateRows } from '../guided-filter/foreground-colour';
import { boxMean } from '../guided-filter/guided-filter';
import { workingSize } from './matte';

/** Shadow geometry relative to the photo's longer side: a soft contact shadow just below the subject. */
const SHADOW_SIGMA = 0.02;
const SHADOW_OFFSET = 0.012;
const SHADOW_OPACITY = 0.45;
/**
 * The colour means of decontamination are wide window averages (a 24th and a 256th of the photo's side):
 * a quarter of the model's pixel count holds them nearly as well as the full count (the colour a soft edge
 * shows moves by well under a level on average; docs/lab/background-removal.md) at a quarter of the cost.
 */
const MEANS_PIXELS = 512 * 512;

function raw(data: Uint8Array, width: number, height: number, channels: 1 | 3) {
  const input = sharp(Buffer.from(data.buffer, data.byteOffset, data.length), {
    raw: { width, height, channels },
  });
  return channels === 1 ? input.toColourspace('b-w') : input;
}

async function resized(data: Uint8Array, from: Size, to: Size, channels: 1 | 3): Promise<Uint8Array> {
  if (from.width === to.width && from.height === to.height) return data;
  const out = await raw(data, from.width, from.height, channels)
    .resize(to.width, to.height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

interface Size {
  width: number;
  height: number;
}

/** Gaussian blur by three box passes (O(1) per pixel whatever the sigma). */
function gaussianish(plane: Float32Array, size: Size, sigma: number): Float32Array {
  const r = Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2);
  if (r < 1) return plane;
  let out = plane;
  for (let pass = 0; pass < 3; pass++) out = boxMean(out, size.width, size.height, r);
  return out;
}

/** Default blur strength for the blurred backdrop: strong enough to read as depth of field at any size. */
export function defaultBlurSigma(width: number, height: number): number {
  return Math.max(4, Math.round(Math.max(width, height) * 0.015));
}

/** A soft shadow cast by the matte: the matte blurred and moved down, as 8-bit opacity, at the matte's size. */
export function shadowFromMatte(alpha: Uint8Array, size: Size): Uint8Array {
  const { width, height } = size;
  const side = Math.max(width, height);
  const plane = Float32Array.from(alpha);
  const blurred = gaussianish(plane, size, side * SHADOW_SIGMA);
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
export function blurredBackground(rgb: Uint8Array, alpha: Uint8Array, size: Size, sigma: number): Uint8Array {
  const n = size.width * size.height;
  const weight = new Float32Array(n);
  for (let i = 0; i < n; i++) weight[i] = 1 - alpha[i] / 255;
  const w = gaussianish(weight, size, sigma);
  const out = new Uint8Array(n * 3);
  for (let c = 0; c < 3; c++) {
    const plane = new Float32Array(n);
    const plain = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      plain[i] = rgb[i * 3 + c];
      plane[i] = plain[i] * weight[i];
    }
    const colour = gaussianish(plane, size, sigma);
    // Deep inside a large subject no background is near: fall back to the plain blur there.
    const fallback = gaussianish(plain, size, sigma);
    for (let i = 0; i < n; i++) out[i * 3 + c] = w[i] > 0.03 ? Math.min(255, colour[i] / w[i]) : fallback[i];
  }
  return out;
}

function parseHex(color: string): [number, number, number] {
  const v = Number.parseInt(color.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** A composed cut-out: its colours, and for a transparent backdrop the alpha that goes with them. */
export interface ComposedCutout {
  /** RGB, in the photo's own buffer. */
  rgb: RawImage;
  /** Present for a transparent backdrop (the matte, with the shadow as semi-transparent black). */
  alpha?: Uint8Array;
}

/**
 * The final picture from the photo, its full-resolution matte and the person's options: RGB with its alpha
 * beside it when the backdrop is transparent (the matte itself, with the shadow added as semi-transparent
 * black), RGB otherwise.
 * Subject colours at soft edges are decontaminated of the old background first. Everything smooth (colour
 * means, backdrop blur, shadow) is computed at the working resolution and scaled up, which keeps large photos
 * fast and bounded. The result is written over the photo's pixels and the matte's (when they are in shared
 * memory, as a cut-out's are; over copies otherwise), kept apart until the PNG joins it: on a 12-megapixel
 * photo a copy of either would be the largest buffer left after the model.
 */
export async function composeCutout(
  photo: RawImage,
  matte: Uint8Array,
  options: { backdrop: Backdrop; shadow: boolean },
): Promise<ComposedCutout> {
  // Shared memory, as a cut-out's photo and matte already are, so the decontamination can run in bands.
  const image = sharedPixels(photo);
  const alpha = sharedCopy(matte);
  const full: Size = { width: image.width, height: image.height };
  const work = workingSize(full.width, full.height);
  const scale = work.width / full.width;
  const n = full.width * full.height;
  const { backdrop } = options;
  const small = workingSize(full.width, full.height, MEANS_PIXELS);
  const means = await colourMeans(
    await resized(image.data, full, small, 3),
    await resized(alpha, full, small, 1),
    small.width,
    small.height,
    bandRunner,
    sharedFloats,
  );
  // The shadow and the blurred backdrop keep the model's working size: their edges are seen at full size.
  const lowAlpha =
    options.shadow || backdrop.kind === 'blur' ? await resized(alpha, full, work, 1) : undefined;
  const shadow =
    options.shadow && lowAlpha ? await resized(shadowFromMatte(lowAlpha, work), work, full, 1) : undefined;
  // Everything read from the photo is read before its pixels are overwritten.
  const back =
    backdrop.kind !== 'blur' || !lowAlpha
      ? undefined
      : await resized(
          blurredBackground(
            await resized(image.data, full, work, 3),
            lowAlpha,
            work,
            (backdrop.radius ?? defaultBlurSigma(full.width, full.height)) * scale,
          ),
          work,
          full,
          3,
        );
  const rgb = image.data;
  const pixels = { rgb, alpha, width: full.width, height: full.height };
  await inBands(decontaminateRows, { ...pixels, means, out: rgb, outChannels: 3 }, full.height, BAND_ROWS);

  if (backdrop.kind === 'transparent') {
    // The matte becomes the file's alpha in place (with the shadow added): nothing reads it after this.
    for (let i = 0, j = 0; i < n; i++, j += 3) {
      const a = alpha[i];
      if (a === 255) continue;
      const s = shadow ? (shadow[i] * (255 - a)) / 255 : 0;
      const total = a + s;
      if (s > 0) {
        // The shadow is black: un-premultiplied colour is the subject's colour scaled by its share.
        const k = total > 0 ? a / total : 0;
        rgb[j] *= k;
        rgb[j + 1] *= k;
        rgb[j + 2] *= k;
      }
      alpha[i] = total + 0.5;
      // Nothing of the removed background stays in the file behind a zero alpha (which also halves the PNG).
      if (total < 0.5) rgb[j] = rgb[j + 1] = rgb[j + 2] = 0;
    }
    return { rgb: image, alpha };
  }

  const [cr, cg, cb] = backdrop.kind === 'color' ? parseHex(backdrop.color) : [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const a = alpha[i] / 255;
    if (a >= 1) continue;
    const dark = shadow ? 1 - shadow[i] / 255 : 1;
    const j = i * 3;
    const br = back ? back[j] : cr;
    const bg = back ? back[j + 1] : cg;
    const bb = back ? back[j + 2] : cb;
    rgb[j] = rgb[j] * a + br * dark * (1 - a) + 0.5;
    rgb[j + 1] = rgb[j + 1] * a + bg * dark * (1 - a) + 0.5;
    rgb[j + 2] = rgb[j + 2] * a + bb * dark * (1 - a) + 0.5;
  }
  return { rgb: image };
}
