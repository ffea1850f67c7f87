/**
 * Face enhancement on decoded pixels, every heavy step in the worker pool: find the faces, restore the whole
 * photo (JPEG clean-up and noise reduction at its measured quality), enlarge it 2x with the upscale engine
 * (balanced), then retouch each face on its own crop of the 2x photo and paste it back. The retouch's masks
 * fade to nothing before the crop's edge, so the paste leaves no seam.
 */
import type { RawImage } from '../../lib/image';
import { detectFaces, scaleFace, type Face } from '../../models/face';
import { regionOfInterest } from '../../models/face/regions';
import { cropRaw, isColourful, pasteRaw, shiftFace, type RestoreReport } from '../../models/face-retouch';
import type { WorkerPool } from '../../workers/pool';
import { upscaleRaw } from '../image-upscale/upscale-raw';
import type { FaceEnhancementOptions } from './face-enhancement.options';

/** Faces narrower than this (input pixels) are left to the whole-photo pass: too few pixels to retouch. */
export const MIN_FACE_PX = 40;

export interface EnhanceDeps {
  pool: WorkerPool;
  modelDir?: string;
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
  const faces = await detectFaces(image, pool, signal);
  progress(0.1, 'Cleaning up the photo');
  const data = new Uint8Array(image.data);
  const restored = await pool.run(
    'restore-photo',
    { image: { ...image, data } },
    { transferList: [data.buffer], signal },
  );
  progress(0.2, 'Upscaling');
  const large = await upscaleRaw(restored.image, 2, 'balanced', pool, {
    modelDir: deps.modelDir,
    signal,
    onProgress: (fraction) => progress(0.2 + 0.65 * fraction, 'Upscaling'),
  });
  const targets = faces.filter((f) => Math.max(f.box.width, f.box.height) >= MIN_FACE_PX);
  const colourful = isColourful(restored.image);
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
      { crop, face: local, options: { ...options, colourful } },
      { transferList: [cropData.buffer], signal },
    );
    pasteRaw(large, retouched, roi.x, roi.y);
  }
  progress(1);
  return { image: large, faces, retouched: targets.length, restore: restored.report };
}
