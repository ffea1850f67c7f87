import { IsnetModel } from './isnet.model';
import type { IsnetVariant } from './model-files';
import type { TaskContext } from '../../inference/task-types';
import { runCutout, type CutoutRequest, type CutoutResult } from './cutout';

/** One session per variant per worker thread, loaded on first use and kept for the worker's life (the headshot's person matte shares it). */
const models = new Map<IsnetVariant, IsnetModel>();

export function modelFor(variant: IsnetVariant): IsnetModel {
  let model = models.get(variant);
  if (!model) {
    model = new IsnetModel({ variant, threads: 2 });
    models.set(variant, model);
  }
  return model;
}

export interface CutoutTaskPayload extends CutoutRequest {
  model: IsnetVariant;
}

/** Worker task `background-removal`: the whole local pipeline, off the HTTP event loop. */
export default function cutoutTask(payload: CutoutTaskPayload, ctx: TaskContext): Promise<CutoutResult> {
  return runCutout(payload, () => modelFor(payload.model), ctx.progress);
}
