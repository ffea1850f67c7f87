import { describe, expect, it } from 'vitest';
import type { RawImage } from '../../lib/image/raw-image';
import { drawnMark, psnrWhere } from '../../../test/fixtures/inpaint/fixtures';
import { inpaintImage } from './inpaint.model';
import { dilate } from '../../lib/image/bitmap';

/**
 * A real photo with a many-coloured translucent mark drawn by an SVG renderer, and the mask a person paints
 * over it: the mark grown by 6 px.
 */
async function markedPhoto(photo: string, markSvg: (w: number, h: number) => string) {
  const { reference, marked, mark, w, h } = await drawnMark(photo, 360, markSvg);
  return { reference, marked, mask: dilate(mark, w, h, 6), w, h };
}

/**
 * Share of the mask's pixels whose colour is a blotch: more than 40 levels (in some channel) from every
 * colour of the clean photo within 7 px. A fill that puts the wrong texture of the right colours there is
 * not a blotch; a green or violet patch is.
 */
function blotches(result: RawImage, reference: RawImage, mask: Uint8Array): number {
  const { width: w, height: h } = result;
  const r = 7;
  let off = 0;
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      n++;
      let nearest = Infinity;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r) && nearest > 40; yy++)
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          const j = (yy * w + xx) * 3;
          let d = 0;
          for (let k = 0; k < 3; k++)
            d = Math.max(d, Math.abs(result.data[i * 3 + k] - reference.data[j + k]));
          if (d < nearest) nearest = d;
        }
      if (nearest > 40) off++;
    }
  }
  return off / n;
}

const gradientLogo = (w: number, h: number) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="rgb(30,90,220)"/><stop offset="1" stop-color="rgb(240,60,160)"/></linearGradient></defs>
   <g opacity="0.6" fill="url(#g)"><circle cx="${w * 0.3}" cy="${h * 0.5}" r="${h * 0.16}"/>
   <text x="${w * 0.45}" y="${h * 0.52}" font-family="DejaVu Sans" font-weight="700" font-size="${h * 0.13}" dominant-baseline="middle">lumina</text></g>`;

const overlappingShapes = (w: number, h: number) =>
  [
    [0.5, 0.25, 'rgb(230,40,40)'],
    [0.63, 0.25, 'rgb(20,170,90)'],
    [0.56, 0.4, 'rgb(160,40,200)'],
  ]
    .map(
      ([x, y, fill]) =>
        `<circle cx="${w * +x}" cy="${h * +y}" r="${h * 0.17}" fill="${fill}" opacity="0.45"/>`,
    )
    .join('');

describe('watermarks of several colours', () => {
  it.each([
    ['a gradient logo', 'Dune.jpg', gradientLogo],
    ['overlapping translucent shapes of different colours', 'Dune.jpg', overlappingShapes],
  ])('removes %s without blotches, and no worse than filling', async (_, photo, mark) => {
    const { reference, marked, mask, w, h } = await markedPhoto(photo, mark);
    const around = dilate(mask, w, h, 4);
    const removed = inpaintImage(marked, mask, { kind: 'watermark', seed: 1 }).image;
    const filled = inpaintImage(marked, mask, { kind: 'object', feather: 0, seed: 1 }).image;
    // One colour and one opacity inverted over these marks leave patches of a wrong colour where they differ.
    expect(blotches(removed, reference, mask)).toBeLessThan(0.02);
    expect(psnrWhere(removed, reference, around)).toBeGreaterThan(psnrWhere(marked, reference, around) + 1);
    expect(psnrWhere(removed, reference, around)).toBeGreaterThan(psnrWhere(filled, reference, around) - 0.5);
  });
});
