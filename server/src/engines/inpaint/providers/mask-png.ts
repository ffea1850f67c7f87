import sharp from 'sharp';
import type { Mask } from '../../../models/inpaint/mask';

/** Encodes a 0/1 mask as the opaque greyscale PNG cloud APIs expect (255 = remove). */
export async function binaryMaskPng(mask: Mask, width: number, height: number): Promise<Buffer> {
  const grey = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) grey[i] = mask[i] ? 255 : 0;
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}
