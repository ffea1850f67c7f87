import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { findBodies, keypoint } from './body-detector.model';

const fixture = async (file: string) =>
  decodeRaw(await readFile(fileURLToPath(new URL(`../../../test/fixtures/${file}`, import.meta.url))), 3);

describe('findBodies on real photos', () => {
  it("finds the portrait's one person: the nose on her face, a shoulder either side below it", async () => {
    const bodies = await findBodies(await fixture('face/face-grace-hopper-navy-portrait.jpg'));
    expect(bodies).toHaveLength(1);
    const nose = keypoint(bodies[0], 'nose');
    // Her face fills the middle of the 512 x 600 portrait (looked at on the photo).
    expect(nose.x).toBeGreaterThan(200);
    expect(nose.x).toBeLessThan(320);
    expect(nose.y).toBeGreaterThan(160);
    expect(nose.y).toBeLessThan(320);
    const left = keypoint(bodies[0], 'leftShoulder');
    const right = keypoint(bodies[0], 'rightShoulder');
    expect(Math.min(left.score, right.score)).toBeGreaterThan(0.3);
    expect(Math.min(left.y, right.y)).toBeGreaterThan(nose.y);
    // Her left shoulder is on the photo's right.
    expect(left.x).toBeGreaterThan(nose.x);
    expect(right.x).toBeLessThan(nose.x);
  });

  it('finds several of the actors on the stage, each with shoulders below the nose', async () => {
    const bodies = await findBodies(await fixture('detect/face-stage-actors-group.jpg'));
    expect(bodies.length).toBeGreaterThanOrEqual(3);
    for (const body of bodies) {
      const nose = keypoint(body, 'nose');
      const shoulders = [keypoint(body, 'leftShoulder'), keypoint(body, 'rightShoulder')];
      for (const shoulder of shoulders.filter((s) => s.score > 0.3))
        expect(shoulder.y).toBeGreaterThan(nose.y);
    }
  });
});
