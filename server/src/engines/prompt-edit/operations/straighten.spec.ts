import { describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../../../lib/image/raw-image';
import { photo } from '../../../../test/support/uploads';
import { estimateTilt, largestInside, rotateCropped, straighten } from './straighten';

const TILTS = [-7, -4.5, -2, 2, 4.5, 7];

/** Pixels of a square at one corner as dark as the empty canvas a turn leaves (which is black). */
function emptyInCorner(image: RawImage, corner: 'tl' | 'tr' | 'bl' | 'br', size = 4): number {
  const x0 = corner.endsWith('l') ? 0 : image.width - size;
  const y0 = corner.startsWith('t') ? 0 : image.height - size;
  let empty = 0;
  for (let y = y0; y < y0 + size; y++)
    for (let x = x0; x < x0 + size; x++) {
      const i = (y * image.width + x) * image.channels;
      if (Math.max(image.data[i], image.data[i + 1], image.data[i + 2]) <= 4) empty++;
    }
  return empty;
}

describe('straighten', () => {
  // The cameraman's horizon and buildings, the astronaut's flag and shuttle: photos with lines to level by.
  it.each(['face-cameraman-profile-grey.png', 'astronaut.png'])(
    'finds %s level, and the tilt of copies turned by ±2, ±4.5 and ±7 degrees within half a degree',
    async (name) => {
      const image = await decodeRaw(photo(name), 3);
      const own = estimateTilt(image)!;
      expect(Math.abs(own)).toBeLessThan(0.5);
      for (const tilt of TILTS) {
        const found = estimateTilt(await rotateCropped(image, tilt));
        expect(found, `${tilt} degrees`).not.toBeNull();
        // Measured against the photo's own reading, which the turn adds to.
        expect(Math.abs(found! - own - tilt), `${tilt} degrees`).toBeLessThan(0.5);
      }
    },
  );

  it('reads no tilt from photos without long straight lines', async () => {
    for (const name of ['coffee.png', 'LadyBird.jpg', 'hubble_deep_field.jpg']) {
      expect(estimateTilt(await decodeRaw(photo(name), 3)), name).toBeNull();
    }
  });

  it('levels a turned photo and crops to the largest rectangle with no empty corner', async () => {
    const image = await decodeRaw(photo('face-cameraman-profile-grey.png'), 3);
    const tilted = await rotateCropped(image, 4.5);
    const sut = await straighten(tilted);
    expect(sut.degrees).toBeGreaterThan(-4.5 - 0.5);
    expect(sut.degrees).toBeLessThan(-4.5 + 0.5);
    const inner = largestInside(tilted.width, tilted.height, (sut.degrees * Math.PI) / 180);
    expect(Math.abs(sut.image.width - inner.width)).toBeLessThanOrEqual(3);
    expect(Math.abs(sut.image.height - inner.height)).toBeLessThanOrEqual(3);
    expect(Math.abs(estimateTilt(sut.image)! - estimateTilt(image)!)).toBeLessThan(0.5);
    for (const corner of ['tl', 'tr', 'bl', 'br'] as const)
      expect(emptyInCorner(sut.image, corner), corner).toBe(0);
  });

  it('leaves a photo it cannot level as it is', async () => {
    const image = await decodeRaw(photo('coffee.png'), 3);
    const sut = await straighten(image);
    expect(sut).toEqual({ image, degrees: 0 });
  });

  it('fits the largest upright rectangle inside a turned frame', () => {
    expect(largestInside(400, 300, 0)).toEqual({ width: 400, height: 300 });
    const { width, height } = largestInside(400, 300, (5 * Math.PI) / 180);
    // Its corners touch the turned frame's sides: (w cos + h sin, w sin + h cos) of the inner box fits the outer.
    const c = Math.cos((5 * Math.PI) / 180);
    const s = Math.sin((5 * Math.PI) / 180);
    expect(width * c + height * s).toBeCloseTo(400, 3);
    expect(width * s + height * c).toBeCloseTo(300, 3);
  });
});
