/**
 * Face enhancement on decoded pixels, every heavy step in the worker pool: find the faces and measure the
 * photo's JPEG quality and noise, restore the whole photo at that quality and enlarge it 2x by the learned
 * 2x, with its face network over the faces (in strips, which the pool's threads share), then give each face's
 * fine structure its weight and retouch it, on its own crop of the 2x photo, and paste it back. Both fade to
 * nothing before the crop's edge, so the paste leaves no seam.
 */
import type { RawImage } from '../../lib/image/raw-image';
import { detectFaces, scaleFace, type Face } from '../../models/face';
import { regionOfInterest } from '../../models/face/regions';
import {
  addDetail,
  cropRaw,
  isColourful,
  pasteRaw,
  photoStrips,
  shiftFace,
  type RestoreReport,
} from '../../models/face-retouch';
import type { WorkerPool } from '../../inference/pool';
import type { FaceEnhancementOptions } from './face-enhancement.options';

/** Faces narrower than this (input pixels) are left to the whole-photo pass: too few pixels to retouch. */
export const MIN_FACE_PX = 40;

/** Strips of the whole-photo pass handed to the pool at once: one per core of the machine it was built for. */
const PARALLEL_STRIPS = 2;

export interface EnhanceDeps {
  pool: WorkerPool;
  signal?: AbortSignal;
  progress?(fraction: number, message?: string): void;
}

export interface EnhanceResult {
  image: RawImage;
  /** Every face found, in input pixels. */
  faces: Face[];
  /** The faces retouched (the others were too small). */
  retouched: number;
  restore: RestoreReport;
}

export async function enhancePhoto(
  image: RawImage,
  options: FaceEnhancementOptions,
  deps: EnhanceDeps,
): Promise<EnhanceResult> {
  const { pool, signal } = deps;
  const progress = deps.progress ?? (() => {});
  progress(0.02, 'Finding faces');
  const copy = new Uint8Array(image.data);
  const [faces, measured] = await Promise.all([
    detectFaces(image, pool, signal),
    pool.run('measure-photo', { image: { ...image, data: copy } }, { transferList: [copy.buffer], signal }),
  ]);
  progress(0.15, 'Cleaning up and enlarging the photo');
  const targets = faces.filter((f) => Math.max(f.box.width, f.box.height) >= MIN_FACE_PX);
  const large = await restoreAndEnlarge(image, measured, faces, pool, signal, (f) =>
    progress(0.15 + 0.7 * f, 'Cleaning up and enlarging the photo'),
  );
  progress(0.85, "Restoring the faces' detail");
  await restoreFaceDetail(large, targets, pool, signal);
  const colourful = isColourful(image);
  for (let i = 0; i < targets.length; i++) {
    progress(0.86 + (0.13 * i) / targets.length, 'Retouching faces');
    const face = scaleFace(targets[i], 2);
    const roi = regionOfInterest(face, large.width, large.height);
    if (roi.width < 8 || roi.height < 8) continue;
    const crop = cropRaw(large, roi);
    const cropData = crop.data as Uint8Array<ArrayBuffer>;
    const local = shiftFace(face, -roi.x, -roi.y);
    const retouched = await pool.run(
      'retouch-face',
      { crop, face: local, options: { ...options, colourful, detailRestored: true } },
      { transferList: [cropData.buffer], signal },
    );
    pasteRaw(large, retouched, roi.x, roi.y);
  }
  progress(1);
  return { image: large, faces, retouched: targets.length, restore: measured };
}

/**
 * The whole photo cleaned and enlarged 2x, strip by strip in the pool, put together in place; every face found,
 * small ones too, gets the learned 2x's face network.
 */
export async function restoreAndEnlarge(
  image: RawImage,
  measured: RestoreReport,
  faces: Face[],
  pool: WorkerPool,
  signal: AbortSignal | undefined,
  progress: (fraction: number) => void,
): Promise<RawImage> {
  const { width, height, channels } = image;
  const large: RawImage = {
    data: new Uint8Array(4 * width * height * channels),
    width: 2 * width,
    height: 2 * height,
    channels,
  };
  const strips = photoStrips(width, height, PARALLEL_STRIPS);
  let done = 0;
  await Promise.all(
    strips.map(async (s) => {
      const strip = cropRaw(image, { x: 0, y: s.top, width, height: s.bottom - s.top });
      // In the strip's pixels; faces beyond its rows are passed over there.
      const boxes = faces.map((f) => ({ ...f.box, y: f.box.y - s.top }));
      const data = strip.data as Uint8Array<ArrayBuffer>;
      const enlarged = await pool.run(
        'restore-photo',
        { strip, above: s.start - s.top, below: s.bottom - s.end, measured, faces: boxes },
        { transferList: [data.buffer], signal },
      );
      pasteRaw(large, enlarged, 0, 2 * s.start);
      progress(++done / strips.length);
    }),
  );
  return large;
}

/**
 * Each face's fine structure given its weight on the 2x photo, in place (models/face-retouch/detail.ts): every
 * face measured on the 2x before any is retouched, so faces side by side are neither raised twice nor measured
 * on a neighbour's retouch.
 */
async function restoreFaceDetail(
  large: RawImage,
  faces: Face[],
  pool: WorkerPool,
  signal: AbortSignal | undefined,
): Promise<void> {
  const windows = faces
    .map((found) => scaleFace(found, 2))
    .map((face) => ({
      roi: regionOfInterest(face, large.width, large.height),
      size: Math.max(face.box.width, face.box.height),
    }))
    .filter(({ roi }) => roi.width >= 8 && roi.height >= 8);
  const regions = await Promise.all(
    windows.map(async ({ roi, size }) => {
      const crop = cropRaw(large, roi);
      const cropData = crop.data as Uint8Array<ArrayBuffer>;
      const change = await pool.run(
        'face-detail',
        { crop, size },
        { transferList: [cropData.buffer], signal },
      );
      return { roi, size, change };
    }),
  );
  addDetail(large, regions);
}
