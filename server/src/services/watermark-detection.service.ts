import type { UserRow } from '../db/schema';
import { NO_WATERMARK_FOUND, type WatermarkFinder } from '../engines/inpaint/watermark-finding';
import { AppError } from '../lib/errors';
import { decodePhoto } from '../lib/image/raw-image';
import { encodeMaskPng } from '../lib/image/mask';
import type { ImagesService } from './images.service';

export type WatermarkDetectionService = ReturnType<typeof createWatermarkDetectionService>;

/**
 * "Find watermark": the mask watermark removal would propose for one of the person's own photos, as the
 * black and white PNG a painted mask is stored as. Free: nothing is written and no credit is taken.
 */
export function createWatermarkDetectionService(deps: {
  images: ImagesService;
  findMask: WatermarkFinder | undefined;
}) {
  const { images, findMask } = deps;
  return {
    async detect(user: UserRow, id: string): Promise<Buffer> {
      if (!findMask)
        throw new AppError('MODE_NOT_AVAILABLE', 'Finding watermarks is not available on this server.');
      const original = await images.read(user, id, 'original');
      const { image } = await decodePhoto(original.data);
      const mask = await findMask(image);
      if (!mask) throw new AppError('NOTHING_TO_DO', NO_WATERMARK_FOUND);
      return encodeMaskPng(mask);
    },
  };
}
