import type { WorkerPool } from '../../inference/pool';
import type { Engine } from '../types';
import type { FaceEnhancementInput } from './face-enhancement.options';
import { createLocalFaceProvider } from './local-face.provider';
import { createReplicateFaceProvider, type ReplicateFaceConfig } from './replicate-face.provider';

export {
  faceEnhancementOptionsSchema,
  NO_FACE_NOTE,
  type FaceEnhancementInput,
  type FaceEnhancementOptions,
} from './face-enhancement.options';

export interface FaceEnhancementConfig {
  pool: WorkerPool;
  /** GFPGAN on Replicate, tried first when a token and a model version are set. */
  replicate?: ReplicateFaceConfig;
}

/** Face enhancement: GFPGAN on Replicate first when configured, the local pipeline last. */
export function createFaceEnhancementEngine(config: FaceEnhancementConfig): Engine<FaceEnhancementInput> {
  const pool = () => config.pool;
  return {
    mode: 'face-enhancement',
    providers: [createReplicateFaceProvider(config.replicate, { pool }), createLocalFaceProvider({ pool })],
  };
}
