import type { TaskContext } from '../../inference/task-types';
import { EsrganModel } from './esrgan.model';
import type { EsrganScale } from './model-paths';
import type { UpscaleQuality } from './settings';
import { upscaleImage } from './upscale';
import type { Pixels } from './upscale-tiled';

export interface EsrganUpscalePayload extends Pixels {
  scale: EsrganScale;
  quality: UpscaleQuality;
  modelDir: string;
  threads?: number;
}

const models = new Map<string, EsrganModel>();

/** Worker task: upscales raw pixels with the models kept loaded in this worker, progress per tile. */
export default async function esrganUpscale(
  payload: EsrganUpscalePayload,
  ctx: TaskContext,
): Promise<Pixels> {
  const { scale, quality, modelDir, threads } = payload;
  const image: Pixels = {
    data: payload.data,
    width: payload.width,
    height: payload.height,
    channels: payload.channels,
  };
  return upscaleImage(
    image,
    quality,
    scale,
    (v, precision) => {
      const key = `${v}-${scale}-${precision}-${modelDir}`;
      let model = models.get(key);
      if (!model) {
        model = new EsrganModel(v, scale, { modelDir, threads, precision });
        models.set(key, model);
      }
      const m = model;
      return (nchw, w, h) => m.predict(nchw, w, h);
    },
    (done, total) => ctx.progress(done / total, `tile ${done} of ${total}`),
  );
}
