import type { WorkerPool } from '../../inference/pool';
import type { Engine } from '../types';
import { createLocalEsrganProvider } from './local-esrgan.provider';
import { createReplicateProvider, type ReplicateConfig } from './providers/replicate.provider';
import type { UpscaleInput } from './upscale-options';

export {
  upscaleOptionsSchema,
  type UpscaleInput,
  type UpscaleOptions,
  type UpscaleQuality,
} from './upscale-options';

export interface ImageUpscaleConfig {
  /** Cache of the converted ONNX models; default data/models. */
  modelDir?: string;
  /** The inference threads of the local model. */
  pool: WorkerPool;
  /** onnxruntime intra-op threads per inference; default all cores. */
  threads?: number;
  /** Real-ESRGAN on Replicate, tried first when a token is set. */
  replicate?: ReplicateConfig;
}

/** 2x/4x upscaling: the cloud provider first when configured, the local ESRGAN last. */
export function createImageUpscaleEngine(config: ImageUpscaleConfig): Engine<UpscaleInput> {
  return {
    mode: 'image-upscale',
    providers: [
      createReplicateProvider(config.replicate),
      createLocalEsrganProvider({
        modelDir: config.modelDir ?? 'data/models',
        pool: () => config.pool,
        threads: config.threads,
      }),
    ],
  };
}
