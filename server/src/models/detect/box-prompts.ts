/**
 * The promptable segmenter (models/sam) on a detector's boxes: one encoding of the photo, then the decoder on
 * each box as a box prompt. Runs in the thread that detected, with a model of its own, loaded on first use.
 */
import { rawToSharp, type RawImage } from '../../lib/image/raw-image';
import { chooseMask, cleanSelection, lowResPlane, photoMask } from '../sam/postprocess';
import { encoderTensor, inputGeometry, promptTensors, type Prompt } from '../sam/preprocess';
import { SamModel } from '../sam/sam.model';
import type { Box } from './types';

const model = new SamModel(2);

/** Per box, a 0/1 mask at the photo's size of what the segmenter takes the boxed object to be. */
export async function boxPromptMasks(image: RawImage, boxes: readonly Box[]): Promise<Uint8Array[]> {
  const geometry = inputGeometry(image.width, image.height);
  const pixels = await rawToSharp(image)
    .resize(geometry.inputWidth, geometry.inputHeight, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const embedding = await model.embed(
    encoderTensor(new Uint8Array(pixels), geometry.inputWidth, geometry.inputHeight),
  );
  const masks: Uint8Array[] = [];
  for (const box of boxes) {
    const prompt: Prompt = { points: [], box };
    const { masks: planes, iou } = await model.decode(embedding, promptTensors(prompt, geometry));
    const plane = lowResPlane(planes, chooseMask(planes, iou, geometry, false).index, geometry);
    cleanSelection(plane, geometry, prompt);
    masks.push(photoMask(plane, geometry));
  }
  return masks;
}
