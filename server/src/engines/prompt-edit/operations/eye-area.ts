/** The pixels of one eye that an eye operation may change, in Lab, with a weight feathered inwards. */
import type { RawImage } from '../../../lib/image/raw-image';
import type { FaceBox } from '../../../models/face';
import { feather } from '../../../models/face/regions';
import { toLab } from './lab';
import { boundsOf, polygonMask, type Point } from './masks';

export interface EyeArea {
  /** The box round the eye's outline, in the image's pixels. */
  box: FaceBox;
  /** Corner to corner, in pixels. */
  eyeWidth: number;
  /** 1 inside the outline, falling to 0 at it over `feathering` of the eye's width: never past it. */
  region: Float32Array;
  /** L*, a*, b* of each pixel of the box. */
  lab: Float32Array;
}

/** The eye inside `shape` (its outline), or null when it is under `minWidth` pixels wide. */
export function eyeArea(
  image: RawImage,
  shape: readonly Point[],
  feathering: number,
  minWidth: number,
): EyeArea | null {
  const xs = shape.map((p) => p.x);
  const eyeWidth = Math.max(...xs) - Math.min(...xs);
  if (eyeWidth < minWidth) return null;
  const box = boundsOf(shape, image.width, image.height, 1);
  // Feathered inwards, never past the outline: the lids' skin beyond it stays as it was.
  const inside = polygonMask(box, [...shape]);
  const region = feather(inside, box.width, box.height, Math.max(1, feathering * eyeWidth));
  const n = box.width * box.height;
  const lab = new Float32Array(n * 3);
  const { data, width, channels } = image;
  for (let y = 0, p = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++, p++) {
      region[p] *= inside[p];
      const i = ((box.y + y) * width + box.x + x) * channels;
      toLab(data[i], data[i + 1], data[i + 2], lab, p * 3);
    }
  return { box, eyeWidth, region, lab };
}
