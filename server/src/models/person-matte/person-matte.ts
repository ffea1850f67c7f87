/**
 * Two mattes of a person. The headshot's subject matte is the person-matting model's (RVM), refined to the
 * photo's own edges by the guided filter background removal uses: RVM knows what is a person, so spiky hair
 * against a busy wall stays solid where ISNet, a salient-object model, made it half transparent (a grey
 * ghost once composited). Background removal's portrait path keeps ISNet with a hair-aware setting: the edge
 * is steepened less than for objects, so fine strands keep their in-between values.
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { IsnetModel } from '../isnet/isnet.model';
import { MODEL_REFINE, predictMatte, refineMatte, type RefineSettings } from '../isnet/matte';
import { rvmAlpha } from './rvm.model';

export const HAIR_REFINE: RefineSettings = { ...MODEL_REFINE, contrast: 1.5, eps: 1e-4 };

/**
 * RVM's alpha is smooth at its 512 px side; the filter snaps it to the photo's edges with a small
 * regularisation and steepens it where it spans a whole edge (chosen on the hand-made hair mattes of
 * docs/lab/headshot.md, where it had the lowest error of four settings on four of five photos).
 */
export const SUBJECT_REFINE: RefineSettings = {
  radius: 4,
  eps: 1e-5,
  contrast: 2,
  edgeRadius: 6,
  cornerAligned: false,
};

/** Full-resolution 8-bit alpha of the person in `image` (RGB, a crop around the head and shoulders), by ISNet. */
export function personMatte(image: RawImage, model: IsnetModel): Promise<Uint8Array> {
  return predictMatte(image, model, HAIR_REFINE);
}

/** Full-resolution 8-bit alpha of every person in `image` (RGB), by RVM refined at the photo's edges. */
export async function peopleMatte(image: RawImage): Promise<Uint8Array> {
  const alpha = await rvmAlpha(image);
  return refineMatte(image, { data: alpha, width: image.width, height: image.height }, SUBJECT_REFINE);
}
