import type { TaskContext } from '../../workers/tasks';
import { EsrganModel } from './esrgan.model';
import type { EsrganScale, EsrganVariant } from './model-paths';
import { upscaleSettings } from './settings';
import { upscaleTiled, type Pixels } from './upscale-tiled';

export interface EsrganUpscalePayload extends Pixels {
  scale: EsrganScale;
  variant: EsrganVariant;
  modelDir: string;
  threads?: number;
}

const models = new Map<string, EsrganModel>();

/** Worker task: upscales raw pixels with a model kept loaded in this worker, progress per tile. */
export default async function esrganUpscale(
  payload: EsrganUpscalePayload,
  ctx: TaskContext,
): Promise<Pixels> {
  const { scale, variant, modelDir, threads } = payload;
  const key = `${variant}-${scale}-${modelDir}`;
  let model = models.get(key);
  if (!model) {
    model = new EsrganModel(variant, scale, { modelDir, threads });
    models.set(key, model);
  }
  const settings = upscaleSettings(variant, scale);
  const image: Pixels = {
    data: payload.data,
    width: payload.width,
    height: payload.height,
    channels: payload.channels,
  };
  return upscaleTiled(image, {
    scale,
    predict: (nchw, w, h) => model.predict(nchw, w, h),
    ...settings,
    onTile: (done, total) => ctx.progress(done / total, `tile ${done} of ${total}`),
  });
}
