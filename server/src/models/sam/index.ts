/** Tap to select: the object under a person's taps, as a mask, from the promptable segmenter in the worker. */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '@common/plans';
import type { Mask } from '../../lib/image/mask';
import type { WorkerPool } from '../../inference/pool';
import type { MaskChoice } from './postprocess';
import { inputGeometry, type InputGeometry, type Prompt } from './preprocess';
import type { SelectTaskPayload, SelectTaskResult } from './select';

export { embeddingKey } from './embedding-cache';
export type { Prompt, Tap, Box } from './preprocess';

/** A photo to select in: its cache key and size, and its file, read only when its embedding is not cached. */
export interface PhotoSource {
  /** embeddingKey(id, width, height). */
  key: string;
  width: number;
  height: number;
  read(): Promise<Buffer>;
}

export interface Selection {
  /** At the photo's size. */
  mask: Mask;
  /** Selected cells of the model's 256 grid; 0 when nothing was found under the taps. */
  area: number;
  choice: MaskChoice;
  /** null when the photo's embedding was cached. */
  encodeMs: number | null;
  decodeMs: number;
  postMs: number;
}

export interface TapSelector {
  select(photo: PhotoSource, prompt: Prompt): Promise<Selection>;
  /**
   * Caches the photo's embedding when nothing else is queued (an upload's warm-up must never delay a tap);
   * answers whether it did.
   */
  warm(photo: PhotoSource): Promise<boolean>;
}

/**
 * The selector over `pool`, which should be a pool of one thread of its own: the embedding cache lives in that
 * thread, and taps then never wait behind an edit.
 */
export function createTapSelector(pool: WorkerPool): TapSelector {
  let queued = 0;
  const run = async (payload: SelectTaskPayload): Promise<SelectTaskResult> => {
    queued++;
    try {
      const transferList = payload.pixels ? [payload.pixels.buffer as ArrayBuffer] : [];
      return await pool.run('select-object', payload, { transferList });
    } finally {
      queued--;
    }
  };
  const withPixels = async (photo: PhotoSource, payload: SelectTaskPayload) => {
    const first = await run(payload);
    if (first.status !== 'needs-image') return first;
    // A copy of its own, so that handing it to the worker cannot take memory another buffer shares.
    const pixels = (await inputPixels(await photo.read(), inputGeometry(photo.width, photo.height))).slice();
    return run({ ...payload, pixels });
  };
  const base = (photo: PhotoSource) => ({ key: photo.key, width: photo.width, height: photo.height });

  return {
    async select(photo, prompt) {
      const result = await withPixels(photo, { ...base(photo), prompt });
      if (result.status !== 'selected') throw new Error(`select-object answered ${result.status}`);
      const { mask, ...rest } = result;
      return { mask: { bits: mask, width: photo.width, height: photo.height }, ...rest };
    },
    async warm(photo) {
      if (queued > 0) return false;
      const result = await withPixels(photo, { ...base(photo), prompt: null });
      return result.status === 'encoded';
    },
  };
}

/**
 * The photo's RGB at the encoder's input size: orientation applied as everywhere else, see-through pixels
 * on white (as the editor shows them on a light checkerboard), antialiased downscale.
 */
export async function inputPixels(bytes: Buffer, geometry: InputGeometry): Promise<Uint8Array> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(geometry.inputWidth, geometry.inputHeight, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected RGB, got ${info.channels} channels`);
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}
