import type { WorkerPool } from '../../workers/pool';
import type { Engine } from '../types';
import type { FaceEnhancementInput } from './face-enhancement.options';
import { createLocalFaceProvider } from './local-face.provider';

export {
  faceEnhancementOptionsSchema,
  NO_FACE_NOTE,
  type FaceEnhancementInput,
  type FaceEnhancementOptions,
} from './face-enhancement.options';

export interface FaceEnhancementConfig {
  pool: WorkerPool;
}

/** Face enhancement: no cloud provider yet, the local pipeline only. */
export function createFaceEnhancementEngine(config: FaceEnhancementConfig): Engine<FaceEnhancementInput> {
  return {
    mode: 'face-enhancement',
    providers: [createLocalFaceProvider({ pool: () => config.pool })],
  };
}
