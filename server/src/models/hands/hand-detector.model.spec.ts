import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { findHands } from './hand-detector.model';

const fixture = async (file: string) =>
  decodeRaw(await readFile(fileURLToPath(new URL(`../../../test/fixtures/${file}`, import.meta.url))), 3);

describe('findHands on real photos', () => {
  it('finds the hand with the ring on the guitar in the band photo, its landmarks within a hand of each other', async () => {
    const hands = await findHands(await fixture('detect/face-mariachi-band-smiling.jpg'));
    // The hand with the ring, on a guitar at the bottom right (looked at on the photo).
    const ringed = hands.find((h) => h.box.x > 560 && h.box.x < 680 && h.box.y > 480 && h.box.y < 580);
    expect(ringed).toBeDefined();
    expect(ringed!.score).toBeGreaterThan(0.3);
    expect(ringed!.points).toHaveLength(42);
    // Every landmark lies in or near the box; the wrist is a hand's length from the fingertips at most.
    const [wx, wy] = [ringed!.points[0], ringed!.points[1]];
    const [tx, ty] = [ringed!.points[24], ringed!.points[25]];
    expect(Math.hypot(tx - wx, ty - wy)).toBeLessThan(1.5 * Math.max(ringed!.box.width, ringed!.box.height));
  });

  it('finds no hand on a portrait that shows none', async () => {
    expect(await findHands(await fixture('face/face-grace-hopper-navy-portrait.jpg'))).toEqual([]);
  });
});
