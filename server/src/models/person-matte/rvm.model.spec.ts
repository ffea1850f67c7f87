import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRaw } from '../../lib/image/raw-image';
import { rvmAlpha } from './rvm.model';

const PORTRAIT = fileURLToPath(
  new URL('../../../test/fixtures/face/face-grace-hopper-navy-portrait.jpg', import.meta.url),
);

describe('rvmAlpha', () => {
  it('gives one alpha value per pixel of a photo larger than the model sees: the person in, the corners out', async () => {
    // 512 x 600 enlarged to 1024 x 1200, past the model's 512 px side, so the alpha is shrunk and enlarged back.
    const bytes = await sharp(await readFile(PORTRAIT))
      .resize(1024, 1200)
      .jpeg()
      .toBuffer();
    const image = await decodeRaw(bytes, 3);
    const alpha = await rvmAlpha(image);
    expect(alpha).toHaveLength(1024 * 1200);
    const at = (x: number, y: number) => alpha[y * 1024 + x];
    expect(at(512, 1150)).toBeGreaterThan(200); // her uniform at the bottom centre
    expect(at(512, 500)).toBeGreaterThan(200); // her face
    expect(at(20, 20)).toBeLessThan(50); // the flag behind her
  }, 60_000);
});
