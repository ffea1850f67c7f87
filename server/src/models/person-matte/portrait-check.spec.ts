import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeRaw, sharedPixels } from '../../lib/image/raw-image';
import { checkPortrait } from './portrait-check';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const photo = async (name: string) => decodeRaw(await readFile(path.join(ROOT, 'assets/photos', name)), 3);

describe('checkPortrait (helper thread)', () => {
  it("finds a portrait's face and its body at the photo's size", async () => {
    const image = await photo('face-grace-hopper-navy-portrait.jpg');
    const sut = await checkPortrait(image);
    expect(sut.face?.box.width).toBeGreaterThan(0.12 * image.width);
    expect(sut.body).toHaveLength(image.width * image.height);
    // The body is under the face, not in the top corners.
    const { x, y, width, height } = sut.face!.box;
    const below =
      Math.round(Math.min(image.height - 1, y + height * 1.5)) * image.width + Math.round(x + width / 2);
    expect(sut.body![below]).toBeGreaterThan(200);
    expect(sut.body![0]).toBeLessThan(50);
  });

  it('answers no portrait for a photo without a face, and leaves the pixels as they were', async () => {
    const image = await photo('coffee.png');
    const before = image.data.slice();
    const sut = await checkPortrait(image);
    expect(sut).toEqual({});
    expect(image.data).toEqual(before);
  });

  it('rejects a check that fails in the helper, and answers the next one', async () => {
    // Pixels that do not fill the size they claim: the helper's resize refuses them.
    const broken = { data: new Uint8Array(30), width: 4000, height: 3000, channels: 3 as const };
    await expect(checkPortrait(broken)).rejects.toBeDefined();
    expect(await checkPortrait(await photo('coffee.png'))).toEqual({});
  });

  it('shares pixels already in shared memory as they are, and copies others once', () => {
    const image = { data: new Uint8Array([1, 2, 3]), width: 1, height: 1, channels: 3 as const };
    const shared = sharedPixels(image);
    expect(shared.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(shared.data)).toEqual([1, 2, 3]);
    expect(sharedPixels(shared).data).toBe(shared.data);
  });
});
