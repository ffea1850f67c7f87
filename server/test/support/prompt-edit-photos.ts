import sharp from 'sharp';
import { seededRandom } from '../../src/lib/random';

/** A real photo at a test-friendly width, as a lossless PNG. */
export function sized(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).resize(width).png().toBuffer();
}

/** The photo with film grain added: seeded, so every run sees the same noise. */
export async function noisy(image: Buffer, width: number): Promise<Buffer> {
  const { data, info } = await sharp(image)
    .resize(width)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = seededRandom(12345);
  for (let i = 0; i < data.length; i++)
    data[i] = Math.max(0, Math.min(255, data[i] + Math.floor(random() * 49) - 24));
  return sharp(data, { raw: info }).png().toBuffer();
}

/**
 * The photo at `width` with one line of SVG text over it, at a font size of `share` of the width, saved as a
 * JPEG of that `quality`: `text` gets the photo's height and that size and answers the `<text>` element.
 */
async function withText(
  image: Buffer,
  width: number,
  share: number,
  quality: number,
  text: (height: number, size: number) => string,
): Promise<Buffer> {
  const resized = await sharp(image).resize(width).toBuffer();
  const { height = 0 } = await sharp(resized).metadata();
  const size = Math.round(width * share);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${text(height, size)}</svg>`;
  return sharp(resized)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality })
    .toBuffer();
}

/** The photo with a camera's orange date imprint in the lower right corner, saved as a JPEG as cameras do. */
export function dateStamped(image: Buffer, width: number): Promise<Buffer> {
  const text = (height: number, size: number) =>
    `<text x="${width - size * 0.8}" y="${height - size}" text-anchor="end" font-family="DejaVu Sans Mono, monospace"
      font-weight="bold" font-size="${size}" fill="#ff9a1f" fill-opacity="0.95">'98 7 14</text>`;
  return withText(image, width, 0.04, 88, text);
}

/** The photo with a white, half-transparent web address across its lower middle, as stock previews carry. */
export function watermarked(image: Buffer, width: number): Promise<Buffer> {
  const text = (height: number, size: number) =>
    `<text x="${width / 2}" y="${height * 0.75}" text-anchor="middle" font-family="DejaVu Sans, sans-serif"
      font-weight="bold" font-size="${size}" fill="#ffffff" fill-opacity="0.6">www.stockphotos.example</text>`;
  return withText(image, width, 0.05, 90, text);
}
