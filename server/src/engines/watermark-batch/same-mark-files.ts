import { AppError } from '../../lib/errors';
import { FORMAT_MIME, sniffFormat, type ImageFormat } from '../../lib/image-intake';
import { decodeMaskPng } from '../../lib/image/mask';
import { decodeRaw, type RawImage } from '../../lib/image/raw-image';
import { encodeResult } from '../../lib/image/result-encoding';
import type { WorkerPool } from '../../inference/pool';
import sameMarkTask, {
  type SameMarkTaskPayload,
  type SameMarkTaskPhoto,
} from '../../models/watermark-batch/same-mark.task';

export interface PhotoFile {
  name: string;
  bytes: Buffer;
}

export interface SameMarkFile {
  name: string;
  /** The cleaned photo in its own format; a photo without the mark is its original bytes. */
  bytes: Buffer;
  mime: string;
  /** In pixels, as shown (EXIF orientation applied). */
  width: number;
  height: number;
  marked: boolean;
  /** What happened to this photo, for a person. */
  note: string;
}

/** Runs the estimation: in this thread (the command line) or in the inference threads (the server). */
export type SameMarkRemover = (
  payload: SameMarkTaskPayload,
  onProgress?: (fraction: number) => void,
) => Promise<SameMarkTaskPhoto[]>;

export const removeHere: SameMarkRemover = async (payload, onProgress) =>
  sameMarkTask(payload, { progress: (fraction) => onProgress?.(fraction) });

export const removeInPool =
  (pool: WorkerPool): SameMarkRemover =>
  (payload, onProgress) =>
    pool.run('same-mark', payload, {
      transferList: payload.photos.map((p) => p.data.buffer as ArrayBuffer),
      onProgress,
    });

/**
 * Watermark removal of a batch that carries one mark, from files to files: every photo decoded, the mark
 * estimated from all of them (models/watermark-batch), each written back in its own format. `mask`, a painted
 * mask of one photo (the first photo of its shape takes it), keeps the estimate to where it is painted.
 */
export async function removeSameMarkFromFiles(
  files: PhotoFile[],
  mask: Buffer | null,
  remove: SameMarkRemover = removeHere,
  onProgress?: (fraction: number) => void,
): Promise<SameMarkFile[]> {
  const photos: RawImage[] = [];
  for (const file of files) {
    if (!sniffFormat(file.bytes))
      throw new AppError('UNSUPPORTED_IMAGE', `${file.name} is not a JPEG, PNG or WebP image.`);
    photos.push(await decodeRaw(file.bytes, 3));
  }
  const hint = mask ? await hintFor(mask, photos) : null;
  const sizes = photos.map(({ width, height }) => ({ width, height }));
  const results = await remove(
    { photos: photos.map(({ data, width, height }) => ({ data, width, height })), hint },
    onProgress,
  );
  return Promise.all(
    results.map(async (photo, i): Promise<SameMarkFile> => {
      const format = sniffFormat(files[i].bytes) as ImageFormat;
      if (!photo.marked || !photo.data)
        return {
          name: files[i].name,
          bytes: files[i].bytes,
          mime: FORMAT_MIME[format],
          ...sizes[i],
          marked: false,
          note: 'the mark was not found on this photo: left untouched',
        };
      const filled = photo.filled ? `, ${photo.filled} opaque or clipped pixels filled` : '';
      const cleaned = await encodeResult({ data: photo.data, ...sizes[i], channels: 3 }, 'same-mark', format);
      return {
        name: files[i].name,
        ...cleaned,
        ...sizes[i],
        marked: true,
        note: `mark inverted on ${photo.inverted} pixels${filled} (match ${photo.score.toFixed(2)})`,
      };
    }),
  );
}

async function hintFor(mask: Buffer, photos: RawImage[]): Promise<SameMarkTaskPayload['hint']> {
  for (const [index, photo] of photos.entries()) {
    try {
      const decoded = await decodeMaskPng(mask, photo.width, photo.height);
      return { index, mask: decoded.bits };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  throw new AppError(
    'INVALID_MASK',
    'The mask has the shape of none of the photos: paint it on one of them.',
  );
}
