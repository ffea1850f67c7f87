import type { RawImage } from '../../lib/image/raw-image';
import { CenternetModel } from './centernet.model';
import { chooseTargets, foundLabels, NAMED_SCORE, type LocateResult } from './locate';
import { boxPromptMasks } from './box-prompts';
import { objectMask, type ObjectMaskStats } from './object-mask';
import type { Detection, ObjectSelector } from './types';

/** One model per worker thread, loaded on first use and kept for the worker's life. */
let model: CenternetModel | undefined;

async function detect(image: RawImage): Promise<Detection[]> {
  model ??= new CenternetModel();
  return (await model.predict(image)).filter((d) => d.score >= NAMED_SCORE);
}

export interface DetectObjectsPayload {
  image: RawImage;
}

/** Worker task `detect-objects`. */
export async function detectObjectsTask({
  image,
}: DetectObjectsPayload): Promise<{ detections: Detection[] }> {
  return { detections: await detect(image) };
}

export interface LocateObjectPayload {
  image: RawImage;
  label: string;
  selector: ObjectSelector;
}

/** Worker task `locate-object`: detect, select, mask, without shipping the photo twice. */
export async function locateObjectTask({
  image,
  label,
  selector,
}: LocateObjectPayload): Promise<LocateResult> {
  const detections = await detect(image);
  const targets = chooseTargets(detections, label, selector, image);
  if (targets.length === 0) return { notFound: true, found: foundLabels(detections) };
  const stats: ObjectMaskStats = { methods: [] };
  const boxes = targets.map((d) => d.box);
  const mask = await objectMask(image, boxes, stats, await boxPromptMasks(image, boxes));
  return { mask, detections: targets, methods: stats.methods };
}
