import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { findLattice, MIN_STRENGTH, periodicMask } from './tiling';

const fixture = (name: string) => new URL(`../../../test/fixtures/watermark-detect/${name}`, import.meta.url);

describe('periodicMask', () => {
  // Both photos repeat on a lattice (a fabric's print behind a plant; sweets scattered on white), the sweets
  // strongly enough to be tried; their strokes come back in only some of the repeats, where a tiled mark's come
  // back in nearly all.
  it.each([
    ['aloe-on-fabric.jpg', false],
    ['sweets-on-white.png', true],
  ])('takes no tiles from the own pattern of %s', async (name, tried) => {
    const image = await decodeRaw(await readFile(fixture(name)), 3);
    const lattice = findLattice(image);
    expect(lattice).not.toBeNull();
    expect(lattice!.strength >= MIN_STRENGTH).toBe(tried);
    expect(periodicMask(image, lattice!)).toBeNull();
  });
});
