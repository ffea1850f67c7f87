import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { letterBars, loadFixture } from '../../../test/fixtures/inpaint/fixtures';
import { matchInvertedGrain } from './inverted-grain';
import { toFloat, type FloatImage } from './float-image';

const PHOTOS = new URL('../../../../assets/photos/', import.meta.url);
const W = 192;
const H = 128;

/** A 192x128 corner of one of the project's photos (scaled to `width` first), as floats. */
async function corner(name: string, width: number, bottom: boolean): Promise<FloatImage> {
  const scaled = await sharp(new URL(name, PHOTOS).pathname).resize({ width }).toBuffer();
  const { height = 0 } = await sharp(scaled).metadata();
  const { data } = await sharp(scaled)
    .extract({ left: 0, top: bottom ? height - H : 0, width: W, height: H })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: Float32Array.from(data), width: W, height: H, channels: 3 };
}

/**
 * Light bars (letters) at 0.76 over `photo`, saved as JPEG 88 as a stock preview is, then inverted with the
 * exact opacity and colour: what a perfect fit recovers, the compression noise multiplied by 1 / 0.24.
 */
async function invertedThroughJpeg(photo: FloatImage) {
  const { mask, alpha } = letterBars(W, H);
  for (let i = 0; i < alpha.length; i++) if (alpha[i]) alpha[i] = 0.76;
  const marked = Uint8Array.from(photo.data, (v, o) => {
    const a = alpha[Math.floor(o / 3)];
    return Math.round((1 - a) * v + a * 235);
  });
  const jpeg = await sharp(marked, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
  const seen = await sharp(jpeg).raw().toBuffer();
  const data = Float32Array.from(seen);
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i]) for (let k = 0; k < 3; k++) data[i * 3 + k] = (data[i * 3 + k] - 0.76 * 235) / 0.24;
  return { recovered: { ...photo, data }, mask, alpha };
}

/** RMS difference from the clean photo over the inverted pixels. */
function rmsOnInverted(a: FloatImage, b: FloatImage, alpha: Float32Array): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < alpha.length; i++) {
    if (!alpha[i]) continue;
    for (let k = 0; k < 3; k++) s += (a.data[i * 3 + k] - b.data[i * 3 + k]) ** 2;
    n += 3;
  }
  return Math.sqrt(s / n);
}

describe('matchInvertedGrain', () => {
  it('quiets the compression noise an inversion blew up on a smooth night sky', async () => {
    const sky = await corner('Storm.jpg', 640, true);
    const { recovered, mask, alpha } = await invertedThroughJpeg(sky);
    const before = rmsOnInverted(recovered, sky, alpha);
    expect(matchInvertedGrain(recovered, mask, new Uint8Array(W * H), alpha)).toBeGreaterThan(0);
    const after = rmsOnInverted(recovered, sky, alpha);
    expect(after).toBeLessThan(0.8 * before);
  });

  it('keeps the texture of a detailed photo that the inversion recovered', async () => {
    for (const name of ['garden-192x128.png', 'wood-192x128.png']) {
      const photo = toFloat(await loadFixture(name));
      const { mask, alpha } = letterBars(W, H);
      // A perfect inversion: the photo itself, its detail as rough as the photo's around it.
      const recovered = { ...photo, data: photo.data.slice() };
      matchInvertedGrain(recovered, mask, new Uint8Array(W * H), alpha);
      expect(rmsOnInverted(recovered, photo, alpha)).toBeLessThan(1);
    }
  });
});
