import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { findLattice, MIN_STRENGTH, periodicMask } from './tiling';

const fixture = (name: string) => new URL(`../../../test/fixtures/watermark-detect/${name}`, import.meta.url);

describe('periodicMask', () => {
  // Both photos repeat strongly enough for the lattice (a fabric's print behind a plant; sweets scattered on
  // white); their strokes come back in only some of the repeats, where a tiled mark's come back in nearly all.
  it.each(['aloe-on-fabric.jpg', 'sweets-on-white.png'])(
    'takes no tiles from the own pattern of %s',
    async (name) => {
      const image = await decodeRaw(await readFile(fixture(name)), 3);
      const lattice = findLattice(image);
      expect(lattice?.strength).toBeGreaterThanOrEqual(MIN_STRENGTH);
      expect(periodicMask(image, lattice!)).toBeNull();
    },
  );
});
