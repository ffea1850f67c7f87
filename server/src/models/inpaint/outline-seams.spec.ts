import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../../test/fixtures/inpaint/fixtures';
import { toFloat, type FloatImage } from './float-image';
import { smoothOverOutline } from './outline-seams';

/** A loose mask around two overlapping "shapes" of opacity 0.4, their overlap at 0.64. */
function shapes(w: number, h: number) {
  const region = new Uint8Array(w * h);
  const alpha = new Float32Array(w * h);
  for (let y = 30; y < 100; y++)
    for (let x = 50; x < 150; x++) {
      region[y * w + x] = 1;
      const a = x >= 60 && x < 110 && y >= 40 && y < 90;
      const b = x >= 90 && x < 140 && y >= 45 && y < 85;
      alpha[y * w + x] = a && b ? 0.64 : a || b ? 0.4 : 0;
    }
  return { region, alpha };
}

/** The photo with a constant colour shift where `alpha` takes the given value: an inexact inversion. */
function shifted(photo: FloatImage, alpha: Float32Array, where: number, by: number[]): FloatImage {
  const data = photo.data.slice();
  for (let i = 0; i < alpha.length; i++)
    if (Math.abs(alpha[i] - where) < 1e-3) for (let k = 0; k < 3; k++) data[i * 3 + k] += by[k];
  return { ...photo, data };
}

function rms(a: FloatImage, b: FloatImage, region: Uint8Array): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < region.length; i++) {
    if (!region[i]) continue;
    for (let k = 0; k < 3; k++) s += (a.data[i * 3 + k] - b.data[i * 3 + k]) ** 2;
    n += 3;
  }
  return Math.sqrt(s / n);
}

describe('smoothOverOutline', () => {
  it('removes the coloured patch a wrong fit leaves inside the outline, and keeps the photo outside', async () => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { region, alpha } = shapes(photo.width, photo.height);
    const sut = shifted(shifted(photo, alpha, 0.64, [-30, 25, 18]), alpha, 0.4, [12, -10, 8]);
    const before = rms(sut, photo, region);
    smoothOverOutline(sut, region, alpha);
    expect(rms(sut, photo, region)).toBeLessThan(before / 3);
    for (let i = 0; i < region.length; i++)
      if (!region[i]) for (let k = 0; k < 3; k++) expect(sut.data[i * 3 + k]).toBe(photo.data[i * 3 + k]);
  });

  it('barely changes a result that was right', async () => {
    const photo = toFloat(await loadFixture('garden-192x128.png'));
    const { region, alpha } = shapes(photo.width, photo.height);
    const sut = { ...photo, data: photo.data.slice() };
    smoothOverOutline(sut, region, alpha);
    // Only the photo's own differences across the outline are lost: a few levels on this busy garden.
    expect(rms(sut, photo, region)).toBeLessThan(2);
  });
});
