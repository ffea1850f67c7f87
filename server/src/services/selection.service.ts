import type { Mode } from '@common/modes';
import type { SelectRequest } from '@common/schemas/select';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { imageSize } from '../lib/image/raw-image';
import type { Logger } from '../lib/logger';
import { encodeMaskPng } from '../lib/image/mask';
import { embeddingKey, type PhotoSource, type TapSelector } from '../models/sam';
import type { ImagesService } from './images.service';

export type SelectionService = ReturnType<typeof createSelectionService>;

/** Uploads whose editor offers tap to select: their photo is encoded in the background after the upload. */
const WARM_MODES: readonly Mode[] = ['object-removal', 'watermark-removal'];

/**
 * Tap to select: the object under a person's taps on one of their own photos, as the black and white PNG a
 * painted mask is stored as (white = selected, the photo's size). Free: nothing is written and no credit is
 * taken. The first tap on a photo encodes it (about 2 s on two idle cores); the next taps reuse that.
 */
export function createSelectionService(deps: {
  images: ImagesService;
  selector: TapSelector | undefined;
  log: Logger;
}) {
  const { images, selector, log } = deps;

  const photoOf = async (user: UserRow, id: string): Promise<PhotoSource> => {
    const row = await images.getOwned(user, id);
    const read = async () => (await images.read(user, id, 'original')).data;
    // Rows from before sizes were recorded: the file says.
    const size =
      row.width && row.height ? { width: row.width, height: row.height } : await imageSize(await read());
    return { key: embeddingKey(row.id, size.width, size.height), ...size, read };
  };

  return {
    async select(user: UserRow, id: string, request: SelectRequest): Promise<Buffer> {
      if (!selector)
        throw new AppError('MODE_NOT_AVAILABLE', 'Tap to select is not available on this server.');
      const photo = await photoOf(user, id);
      checkInside(request, photo.width, photo.height);
      const selection = await selector.select(photo, request);
      if (selection.area === 0)
        throw new AppError(
          'NOTHING_TO_DO',
          'Nothing could be selected there. Tap inside the object, or draw a box around it.',
        );
      return encodeMaskPng(selection.mask);
    },

    /** After an upload: encodes the photo while the person looks at it, if the selector is idle; never throws. */
    warmUp(user: UserRow, upload: { id: string; editingMode: Mode }): void {
      if (!selector || !WARM_MODES.includes(upload.editingMode)) return;
      void photoOf(user, upload.id)
        .then((photo) => selector.warm(photo))
        .catch((error: unknown) => log.warn({ err: error, imageId: upload.id }, 'selection warm-up failed'));
    },
  };
}

/** 400 naming the first tap (or the box) that is not on the photo, in words a person reads. */
export function checkInside(request: SelectRequest, width: number, height: number): void {
  const size = `${width} x ${height} pixels`;
  request.points.forEach((p, i) => {
    if (p.x >= width || p.y >= height)
      throw new AppError(
        'BAD_REQUEST',
        `Tap ${i + 1} (${p.x}, ${p.y}) is outside the photo, which is ${size}. Tap on the photo itself.`,
      );
  });
  const box = request.box;
  if (box && (box.x + box.width > width || box.y + box.height > height))
    throw new AppError(
      'BAD_REQUEST',
      `The box reaches outside the photo, which is ${size}. Keep it on the photo.`,
    );
}
