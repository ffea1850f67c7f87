/**
 * The matte of a person for a portrait: ISNet (the background-removal model) run on the head and shoulders
 * alone, so the face and hair fill the model's square instead of a corner of it, then refined to full
 * resolution with a hair-aware setting: the edge is steepened less than for objects, so fine strands keep
 * their in-between values instead of being cut at one half.
 */
import type { RawImage } from '../../lib/image/raw-image';
import type { IsnetModel } from '../isnet/isnet.model';
import { MODEL_REFINE, predictMatte, type RefineSettings } from '../isnet/matte';

export const HAIR_REFINE: RefineSettings = { ...MODEL_REFINE, contrast: 1.5, eps: 1e-4 };

/** Full-resolution 8-bit alpha of the person in `image` (RGB, a crop around the head and shoulders). */
export function personMatte(image: RawImage, model: IsnetModel): Promise<Uint8Array> {
  return predictMatte(image, model, HAIR_REFINE);
}
