import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../lib/image/raw-image';
import { psnrWhere } from '../../../test/fixtures/inpaint/fixtures';
import { inpaintImage } from './inpaint.model';
import { dilate } from '../../lib/image/bitmap';

const PHOTOS = new URL('../../../../assets/photos/', import.meta.url);

/**
 * A real photo with a mark drawn by an SVG renderer and stored as WebP at quality 90, as photos with
 * watermarks are found on the web; the mask is the mark's coverage grown by a blur, like a brush stroke.
 */
async function lossyCase(photo: string, markSvg: (w: number, h: number) => string) {
  const { data, info } = await sharp(new URL(photo, PHOTOS).pathname)
    .resize({ width: 480 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const raw = { raw: { width: w, height: h, channels: 3 as const } };
  const cleanWebp = await sharp(data, raw).webp({ quality: 90 }).toBuffer();
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${markSvg(w, h)}</svg>`,
  );
  const markedWebp = await sharp(cleanWebp)
    .composite([{ input: svg }])
    .webp({ quality: 90 })
    .toBuffer();
  const decode = async (bytes: Buffer): Promise<RawImage> => ({
    data: new Uint8Array(await sharp(bytes).removeAlpha().raw().toBuffer()),
    width: w,
    height: h,
    channels: 3,
  });
  const alpha = await sharp(svg).extractChannel('alpha').blur(2).threshold(1).raw().toBuffer();
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = alpha[i] >= 128 ? 1 : 0;
  return { reference: await decode(cleanWebp), marked: await decode(markedWebp), mask, w, h };
}

const dateStamp = (w: number, h: number) =>
  `<text x="${w - 16}" y="${h - 18}" font-family="DejaVu Sans Mono, monospace" font-weight="700" font-size="20" text-anchor="end" fill="#ff8a1f" fill-opacity="0.9">'93 11 23</text>`;

describe('watermarks on lossy photos', () => {
  it('fills a near-opaque date stamp instead of inverting it, with no tinted ghost', async () => {
    const { reference, marked, mask, w, h } = await lossyCase('Wood.jpg', dateStamp);
    const { image, stats } = inpaintImage(marked, mask, { kind: 'watermark', seed: 1 });
    const around = dilate(mask, w, h, 8);
    // Inverting a 90 % blend multiplies the WebP noise by ten: the stamp must be filled, not inverted.
    expect(stats.recoveredPixels).toBe(0);
    expect(stats.completedPixels + stats.diffusedPixels).toBeGreaterThan(stats.maskPixels);
    // Inverted, the digits stayed as speckled outlines: 25.5 dB here (19.5 dB marked); filled, 40.1 dB.
    expect(psnrWhere(image, reference, around)).toBeGreaterThan(35);
  });

  it('grows the mask over the colour halo of a saturated mark, and only then', async () => {
    const { reference, marked, mask, w, h } = await lossyCase('Storm.jpg', dateStamp);
    const { image, stats } = inpaintImage(marked, mask, { kind: 'watermark', seed: 1 });
    expect(stats.completedPixels + stats.diffusedPixels).toBeGreaterThan(stats.maskPixels);
    // Filled from the tinted edge, the digits came back as a dark ghost: 23.3 dB (15.8 dB marked); now 43.2 dB.
    expect(psnrWhere(image, reference, dilate(mask, w, h, 8))).toBeGreaterThan(38);
  });

  it('is never further from the photo than the fill, on a date stamp painted over with a box', async () => {
    // A camera's glowing date imprint on a road at dusk, saved as JPEG, and the rectangle a person paints
    // around it: most of the box is photo (dark road, light lane lines), not mark. Inverting a dark
    // "overlay" fitted to the road's own stripes drew a pale blob there (16 dB, against 38 dB filled).
    const { data, info } = await sharp(new URL('Storm.jpg', PHOTOS).pathname)
      .resize(512, 512, { fit: 'inside' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width: w, height: h } = info;
    const stamp = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><filter id="glow"><feGaussianBlur stdDeviation="0.61"/></filter></defs><g filter="url(#glow)" opacity="0.81"><text x="418" y="310" font-size="15" font-family="DejaVu Sans Mono" font-weight="bold" fill="rgb(255,151,30)" text-anchor="middle" dominant-baseline="middle">'99 6 6</text></g></svg>`;
    const jpeg = await sharp(data, { raw: { width: w, height: h, channels: 3 } })
      .composite([{ input: Buffer.from(stamp) }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const marked: RawImage = {
      data: new Uint8Array(await sharp(jpeg).removeAlpha().raw().toBuffer()),
      width: w,
      height: h,
      channels: 3,
    };
    const reference: RawImage = { data: new Uint8Array(data), width: w, height: h, channels: 3 };
    const box = new Uint8Array(w * h);
    for (let y = 287; y <= 331; y++) box.fill(1, y * w + 373, y * w + 466);
    const around = dilate(box, w, h, 8);
    const ours = inpaintImage(marked, box, { kind: 'watermark', seed: 1 }).image;
    const fill = inpaintImage(marked, box, { kind: 'object', feather: 0, seed: 1 }).image;
    const fillPsnr = psnrWhere(fill, reference, around);
    expect(fillPsnr).toBeGreaterThan(30);
    expect(psnrWhere(ours, reference, around)).toBeGreaterThan(fillPsnr - 0.5);
  });
});
