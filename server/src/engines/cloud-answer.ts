import { AppError } from '../lib/errors';
import { decodePhoto, imageSize, type RawImage } from '../lib/image/raw-image';

/**
 * A cloud service's answer as pixels, as a stored photo is decoded (RGB, RGBA only where some pixel is
 * see-through), once its header shows the size it was asked for: a wrong answer is refused before any pixel
 * is read, and the chain moves on.
 */
export async function decodeAnswer(
  bytes: Buffer,
  expected: { width: number; height: number },
  provider: string,
): Promise<RawImage> {
  const { width, height } = await imageSize(bytes).catch(() => ({ width: 0, height: 0 }));
  if (width !== expected.width || height !== expected.height)
    throw new AppError(
      'PROVIDER_FAILED',
      `${provider} answered ${width}x${height}, expected ${expected.width}x${expected.height}`,
    );
  return (await decodePhoto(bytes, width * height)).image;
}
