import sharp from 'sharp';

import type { Rgb } from '../../server/test/support/degrade';

/** Central crop of a photo (at most `size` square, a multiple of 4 so both scales divide it). */
export async function centralCrop(file: string, size: number): Promise<Rgb> {
  const meta = await sharp(file).metadata();
  const width = Math.min(size, (meta.width ?? 0) - ((meta.width ?? 0) % 4));
  const height = Math.min(size, (meta.height ?? 0) - ((meta.height ?? 0) % 4));
  const { data } = await sharp(file)
    .rotate()
    .removeAlpha()
    .extract({
      left: ((meta.width ?? 0) - width) >> 1,
      top: ((meta.height ?? 0) - height) >> 1,
      width,
      height,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width, height, channels: 3 };
}
