import type { Sharp } from 'sharp';
import { rawToSharp, type RawImage } from '../../../lib/image/raw-image';

/** Runs one libvips operation (multi-threaded) on raw pixels and returns raw pixels with the same channels. */
export async function viaSharp(image: RawImage, op: (pipeline: Sharp) => Sharp): Promise<RawImage> {
  const { data, info } = await op(rawToSharp(image)).raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: info.channels as RawImage['channels'],
  };
}
